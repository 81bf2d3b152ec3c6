// chart/wire-time.ts: an RFC 3339 time of the wire (nanoseconds allowed) as epoch milliseconds,
// without relying on how a JS engine parses more than three fractional digits.

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/

/** Epoch ms of `text` (fractions beyond ms dropped), or undefined when it is not RFC 3339. */
export function wireTimeMs(text: string): number | undefined {
  const m = RFC3339.exec(text)
  if (!m) return undefined
  const ms = Number(((m[7] ?? '') + '000').slice(0, 3))
  const base = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6], ms)
  if (m[8] === 'Z') return base
  const sign = m[8][0] === '-' ? -1 : 1
  return base - sign * (Number(m[8].slice(1, 3)) * 60 + Number(m[8].slice(4, 6))) * 60_000
}
