// exec/agg/sum.ts: sum(expr) over numbers, exact in every merge order (ExactSum). Integer inputs give
// an exact integer: a number while it is a safe integer, a bigint while it fits int64, past int64 the
// nearest double. Any non-integer input makes the result the correctly rounded double.

import { type AggState, AggStateBase, sameKind } from './agg-state.ts'
import type { ByteReader, ByteWriter } from './bytes.ts'
import { AggStateError } from './errors.ts'
import { ExactSum } from './exact-sum.ts'
import { addSegmentExact } from './extract-sum.ts'
import { isSafeWords, TWO_32 } from './int64-words.ts'
import { LimbSum } from './limb-sum.ts'

const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n

/** Turns an exact sum into sum()'s result type (see the module header). */
export function sumResult(sum: ExactSum, integral: boolean): number | bigint {
  const v = sum.value()
  if (!integral || sum.nonFinite || Math.abs(v) <= Number.MAX_SAFE_INTEGER) return v
  const exact = sum.exactInteger()
  return exact >= INT64_MIN && exact <= INT64_MAX ? exact : v
}

/** sum(expr): exact sum of the non-null numeric values; 0 over no rows. */
export class SumState extends AggStateBase<number | bigint> {
  readonly kind = 'sum'
  private sum = new ExactSum()
  /** The batch path's fast exact accumulator (as avg's), drained into `sum` before `sum` is read. */
  private readonly limbs = new LimbSum()
  /** True while every input was an integer (then the result is an exact integer). */
  private integral = true

  addNumber(x: number): void {
    if (this.integral && !Number.isInteger(x)) this.integral = false
    this.sum.add(x)
  }

  override addInt64(hi: number, lo: number): void {
    if (isSafeWords(hi, lo)) {
      this.sum.add(hi * TWO_32 + (lo >>> 0))
      return
    }
    // Both halves are exact doubles; ExactSum keeps their sum exact.
    this.sum.add(hi * TWO_32)
    this.sum.add(lo >>> 0)
  }

  // Batch loops repeated in this class on purpose (monomorphic, so doubles stay unboxed: see AggStateBase).
  override addNumbers(values: Float64Array, rows: Uint32Array | null, from: number, to: number): void {
    const sum = this.sum
    const limbs = this.limbs
    if (this.integral) this.integral = allIntegers(values, rows, from, to)
    if (addSegmentExact(values, rows, from, to, sum, limbs)) return
    for (let i = from; i < to; i++) {
      const x = rows === null ? values[i] : values[rows[i]]
      // Finite values go to the limbs; NaN and ±Infinity poison the sum the IEEE way.
      if (x - x === 0) limbs.add(x, sum)
      else sum.add(x)
    }
  }
  override addInt64s(words: Int32Array, rows: Uint32Array | null, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const r = rows === null ? i : rows[i]
      this.addInt64(words[2 * r + 1], words[2 * r])
    }
  }

  merge(other: AggState<number | bigint>): void {
    const o = sameKind(this, other, SumState)
    this.limbs.drain(this.sum)
    o.limbs.drain(o.sum)
    this.sum.merge(o.sum)
    this.integral &&= o.integral
  }

  result(): number | bigint {
    this.limbs.drain(this.sum)
    return sumResult(this.sum, this.integral)
  }

  protected writeBody(w: ByteWriter): void {
    w.u8(this.integral ? 1 : 0)
    this.limbs.drain(this.sum)
    this.sum.write(w)
  }

  /** The state of an exact sum already taken (`integral`: every value was an integer). */
  static of(sum: ExactSum, integral: boolean): SumState {
    const s = new SumState()
    s.sum = sum
    s.integral = integral
    return s
  }

  /** Reads a state written by `serialize` (after the header). */
  static read(r: ByteReader): SumState {
    const s = new SumState()
    s.integral = r.u8() === 1
    s.sum = ExactSum.read(r)
    if (s.integral && !s.sum.allIntegral())
      throw new AggStateError('AGG_CORRUPT_STATE', 'integral sum with fractional partials')
    return s
  }
}

/** True when every value of the segment is an integer (stops at the first that is not). */
function allIntegers(values: Float64Array, rows: Uint32Array | null, from: number, to: number): boolean {
  for (let i = from; i < to; i++)
    if (!Number.isInteger(rows === null ? values[i] : values[rows[i]])) return false
  return true
}
