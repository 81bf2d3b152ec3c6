// cli/human.ts: numbers for people: counts with thousands separators, byte sizes, durations, rates.
// Fixed locale (en-US) so output does not depend on the machine's settings.

const UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB']

/** `1234567` → `1,234,567`. */
export function formatCount(n: number): string {
  return Math.round(n).toLocaleString('en-US')
}

/** A byte size: `512 B`, `1.5 KiB`, `12.3 MiB`. */
export function formatBytes(n: number): string {
  let v = n
  let u = 0
  while (v >= 1024 && u < UNITS.length - 1) {
    v /= 1024
    u++
  }
  return u === 0 ? `${v} B` : `${v.toFixed(1)} ${UNITS[u]}`
}

/** A duration in ms: `850 ms`, `12.3 s`, `4 min 05 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  const s = Math.round(ms / 1000)
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`
}

/** `count` per second over `ms`, as a count (0 when no time passed). */
export function perSecond(count: number, ms: number): number {
  return ms > 0 ? (count * 1000) / ms : 0
}

/** `1 event`, `2,000 events`. */
export function countOf(n: number, noun: string): string {
  return `${formatCount(n)} ${noun}${n === 1 ? '' : 's'}`
}
