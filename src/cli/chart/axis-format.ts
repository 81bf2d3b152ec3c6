// cli/chart/axis-format.ts: numbers and times as short axis labels (1.5k, 2.3M; 14:05, 03-02 14:05,
// 2026-03-02), and "nice" tick values for an axis range.

/** A compact number: at most about 6 characters (`-1.5k`, `12.3M`, `0.004`). */
export function shortNumber(v: number): string {
  const a = Math.abs(v)
  if (a === 0) return '0'
  const units: [number, string][] = [
    [1e12, 'T'],
    [1e9, 'G'],
    [1e6, 'M'],
    [1e3, 'k'],
  ]
  for (const [scale, unit] of units) if (a >= scale) return `${trim((v / scale).toFixed(1))}${unit}`
  if (a >= 100) return String(Math.round(v))
  if (a >= 1) return trim(v.toFixed(1))
  return trim(v.toPrecision(2))
}

const trim = (s: string) => (s.includes('.') ? s.replace(/\.?0+$/, '') : s)

/** An axis label for epoch ms `t`, precise enough for an axis spanning `spanMs` (UTC). */
export function timeLabel(t: number, spanMs: number): string {
  const iso = new Date(t).toISOString()
  if (spanMs <= 2 * 86_400_000) return iso.slice(11, 16)
  if (spanMs <= 90 * 86_400_000) return `${iso.slice(5, 10)} ${iso.slice(11, 16)}`
  return iso.slice(0, 10)
}

/** Up to `count` evenly spaced values from min to max, both ends included. */
export function ticks(min: number, max: number, count: number): number[] {
  if (count <= 1 || max === min) return [min]
  return Array.from({ length: count }, (_, i) => min + ((max - min) * i) / (count - 1))
}

/** min/max widened to include 0 (bars and areas start at zero) and made non-empty. */
export function yRange(
  values: readonly number[],
  includeZero: boolean,
  fixedMin?: number,
  fixedMax?: number,
) {
  let min = fixedMin ?? Math.min(...values, includeZero ? 0 : Number.POSITIVE_INFINITY)
  let max = fixedMax ?? Math.max(...values, includeZero ? 0 : Number.NEGATIVE_INFINITY)
  if (!Number.isFinite(min) || !Number.isFinite(max)) [min, max] = [0, 1]
  if (min === max) max = min + 1
  return { min, max }
}
