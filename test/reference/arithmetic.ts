// test/reference/arithmetic.ts: `+ - * / %` and unary minus over runtime values (apl-reference §3
// typing, decision §10.5): long∘long stays long (wrapping at 64 bits, `/` toward zero, `%` with the
// divisor's sign), any real makes a real, and the datetime/timespan rows. No typing row → null.

import { ratioToDouble } from './exact.ts'
import { DateTime, fitsLong, isNumber, Timespan, type Value, wrapLong } from './values.ts'

/** An arithmetic operator. */
export type ArithOp = '+' | '-' | '*' | '/' | '%'

/** Floored modulo: the result has the sign of the divisor (`-14 % 12 == 10`, `14 % -12 == -10`). */
function floorMod<T extends number | bigint>(a: T, b: T, zero: T): T {
  const r = (a as bigint) % (b as bigint)
  return (r !== zero && r < zero !== b < zero ? (r as bigint) + (b as bigint) : r) as T
}

function longOp(op: ArithOp, a: bigint, b: bigint): bigint | null {
  if (op === '+') return wrapLong(a + b)
  if (op === '-') return wrapLong(a - b)
  if (op === '*') return wrapLong(a * b)
  if (b === 0n) return null
  return op === '/' ? wrapLong(a / b) : floorMod(a, b, 0n)
}

function realOp(op: ArithOp, a: number, b: number): number {
  if (op === '+') return a + b
  if (op === '-') return a - b
  if (op === '*') return a * b
  return op === '/' ? a / b : floorMod(a, b, 0)
}

/** A real count of ns as a timespan: truncated toward zero; null when not finite or beyond int64. */
function spanOfReal(ns: number): Timespan | null {
  if (!Number.isFinite(ns)) return null
  const n = BigInt(Math.trunc(ns))
  return fitsLong(n) ? new Timespan(n) : null
}

/** timespan * number, timespan / number. */
function scaleSpan(op: '*' | '/', span: bigint, n: bigint | number): Timespan | null {
  if (typeof n === 'bigint') {
    if (op === '*') return new Timespan(wrapLong(span * n))
    return n === 0n ? null : new Timespan(span / n)
  }
  if (op === '/' && n === 0) return null
  return spanOfReal(op === '*' ? Number(span) * n : Number(span) / n)
}

/** The datetime/timespan rows of §3; undefined when the pair has none. */
function timeOp(op: ArithOp, a: Value, b: Value): Value | undefined {
  const dt = (v: Value) => v instanceof DateTime
  const ts = (v: Value) => v instanceof Timespan
  const ns = (v: Value) => (v as DateTime | Timespan).ns
  if (op === '+' || op === '-') {
    const sum = (x: bigint, y: bigint) => wrapLong(op === '+' ? x + y : x - y)
    if (dt(a) && ts(b)) return new DateTime(sum(ns(a), ns(b)))
    if (op === '+' && ts(a) && dt(b)) return new DateTime(sum(ns(a), ns(b)))
    if (op === '-' && dt(a) && dt(b)) return new Timespan(sum(ns(a), ns(b)))
    if (ts(a) && ts(b)) return new Timespan(sum(ns(a), ns(b)))
    return undefined
  }
  if (op === '*' && ts(a) && isNumber(b)) return scaleSpan('*', ns(a), b)
  if (op === '*' && isNumber(a) && ts(b)) return scaleSpan('*', ns(b), a)
  if (op === '/' && ts(a) && isNumber(b)) return scaleSpan('/', ns(a), b)
  if (op === '/' && ts(a) && ts(b)) {
    const [p, q] = ns(b) < 0n ? [-ns(a), -ns(b)] : [ns(a), ns(b)]
    return q === 0n ? null : ratioToDouble(p, q)
  }
  return undefined
}

/** `a op b`; null operands, division of longs by zero and pairs without a typing row give null. */
export function arithmetic(op: ArithOp, a: Value, b: Value): Value {
  if (a === null || b === null) return null
  if (typeof a === 'bigint' && typeof b === 'bigint') return longOp(op, a, b)
  if (isNumber(a) && isNumber(b)) return realOp(op, Number(a), Number(b))
  return timeOp(op, a, b) ?? null
}

/** Unary minus of a long (wrapping), real or timespan; anything else gives null. */
export function negate(v: Value): Value {
  if (typeof v === 'bigint') return wrapLong(-v)
  if (typeof v === 'number') return -v
  if (v instanceof Timespan) return new Timespan(wrapLong(-v.ns))
  return null
}
