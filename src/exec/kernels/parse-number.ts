// exec/kernels/parse-number.ts: a string read as a number the way decision §10.5 and `todouble`
// need it (Go ParseFloat style: decimal, exponent, inf/nan; no spaces, no hex). Null when it is not one.
const DECIMAL = /^[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/
const SPECIAL = /^([+-]?)(inf|infinity|nan)$/i

/** The number `s` spells, or null (overflow to infinity is a failure). */
export function parseNumber(s: string): number | null {
  const special = SPECIAL.exec(s)
  if (special !== null) {
    if (special[2].toLowerCase() === 'nan') return Number.NaN
    return special[1] === '-' ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY
  }
  if (!DECIMAL.test(s)) return null
  const n = Number(s)
  return Number.isFinite(n) ? n : null
}

/** Strings compare by Unicode code point (UTF-8 byte order, as Go does), not by UTF-16 unit. */
export function compareStrings(a: string, b: string): number {
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    const ca = a.codePointAt(i) as number
    const cb = b.codePointAt(j) as number
    if (ca !== cb) return ca < cb ? -1 : 1
    i += ca > 0xffff ? 2 : 1
    j += cb > 0xffff ? 2 : 1
  }
  return (i < a.length ? 1 : 0) - (j < b.length ? 1 : 0)
}
