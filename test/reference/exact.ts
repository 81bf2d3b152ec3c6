// test/reference/exact.ts: exact arithmetic for the oracle: every finite double as an exact binary
// fraction, order-independent sums, and big-integer ratios rounded once to the nearest double.
// Never approximates: a result here is the correctly rounded value of the exact mathematical one.

/** Every finite double is an integer multiple of 2^-1074 (the smallest subnormal). */
export const SCALE_BITS = 1074n
/** 2^1074: the denominator of a scaled value. */
export const SCALE = 1n << SCALE_BITS

/** Bit length of a positive bigint. */
function bitLength(n: bigint): number {
  return n.toString(2).length
}

/** The exact value of finite `x` as an integer count of 2^-1074 units. */
export function doubleToScaled(x: number): bigint {
  if (!Number.isFinite(x)) throw new RangeError(`not a finite number: ${x}`)
  if (x === 0) return 0n
  const view = new DataView(new ArrayBuffer(8))
  view.setFloat64(0, x)
  const bits = view.getBigUint64(0)
  const exponent = Number((bits >> 52n) & 0x7ffn)
  const fraction = bits & ((1n << 52n) - 1n)
  // Normal: (2^52 + fraction) * 2^(exponent - 1075), i.e. a shift of exponent - 1 in 2^-1074 units.
  const mantissa = exponent === 0 ? fraction : fraction | (1n << 52n)
  const scaled = mantissa << BigInt(exponent === 0 ? 0 : exponent - 1)
  return bits >> 63n === 1n ? -scaled : scaled
}

/**
 * p / q rounded once to the nearest double (ties to even), subnormals and overflow included.
 * `q` must be positive.
 */
export function ratioToDouble(p: bigint, q: bigint): number {
  if (q <= 0n) throw new RangeError('ratioToDouble: the denominator must be positive')
  if (p === 0n) return 0
  const negative = p < 0n
  const a = negative ? -p : p
  // Scale so the integer quotient carries at least 55 bits (53 + guard + round); never finer than
  // 2^-1076, so a subnormal result still rounds exactly once at its own precision.
  const k = Math.min(55 - (bitLength(a) - bitLength(q)), 1076)
  const num = k >= 0 ? a << BigInt(k) : a
  const den = k >= 0 ? q : q << BigInt(-k)
  let quotient = num / den
  const sticky = num % den !== 0n
  const drop = Math.max(bitLength(quotient) - 53, k - 1074)
  const low = quotient & ((1n << BigInt(drop)) - 1n)
  const half = 1n << BigInt(drop - 1)
  quotient >>= BigInt(drop)
  if (low > half || (low === half && (sticky || (quotient & 1n) === 1n))) quotient += 1n
  const out = Number(quotient) * 2 ** (drop - k)
  return negative ? -out : out
}

/** A sum of doubles and longs, kept exactly (non-finite inputs tracked apart). */
export interface ExactSum {
  /** Sum of the finite inputs in 2^-1074 units. */
  scaled: bigint
  /** Count of +Infinity, -Infinity and NaN inputs. */
  posInf: number
  negInf: number
  nan: number
}

/** An empty exact sum. */
export function exactSum(): ExactSum {
  return { scaled: 0n, posInf: 0, negInf: 0, nan: 0 }
}

/** Adds a double or a long to `s` exactly. */
export function addExact(s: ExactSum, x: number | bigint): void {
  if (typeof x === 'bigint') s.scaled += x << SCALE_BITS
  else if (Number.isNaN(x)) s.nan++
  else if (x === Number.POSITIVE_INFINITY) s.posInf++
  else if (x === Number.NEGATIVE_INFINITY) s.negInf++
  else s.scaled += doubleToScaled(x)
}

/** The exact sum divided by `divisor` (1 for the sum itself), rounded once; IEEE rules for infinities. */
export function exactQuotient(s: ExactSum, divisor: bigint): number {
  if (s.nan > 0 || (s.posInf > 0 && s.negInf > 0)) return Number.NaN
  if (s.posInf > 0) return Number.POSITIVE_INFINITY
  if (s.negInf > 0) return Number.NEGATIVE_INFINITY
  return ratioToDouble(s.scaled, divisor << SCALE_BITS)
}

/** A double's shortest decimal form as an exact fraction `num / den` (den a power of ten). */
export function decimalFraction(x: number): { num: bigint; den: bigint } {
  if (!Number.isFinite(x)) throw new RangeError(`not a finite number: ${x}`)
  const [mantissa, exp] = x.toExponential().split('e')
  const digits = mantissa.replace('.', '').replace('-', '')
  const fracDigits = (mantissa.split('.')[1] ?? '').length
  const shift = Number(exp) - fracDigits
  const magnitude = BigInt(digits)
  const num = shift >= 0 ? magnitude * 10n ** BigInt(shift) : magnitude
  const den = shift >= 0 ? 1n : 10n ** BigInt(-shift)
  return { num: x < 0 ? -num : num, den }
}
