// exec/agg/rate.ts: rate(expr) — the sum of the values per second of the time the group covers
// (Axiom's rate page: the `bin(_time, …)` bucket of the summarize, or the whole query window without
// one). The divisor is a parameter fixed when the state is made; the sum is exact (ExactSum).
// Null over no values, or when the bucket has no positive length.

import { type AggState, AggStateBase, sameKind } from './agg-state.ts'
import type { ByteReader, ByteWriter } from './bytes.ts'
import { readCount } from './count.ts'
import { AggStateError } from './errors.ts'
import { ExactSum } from './exact-sum.ts'
import { TWO_32 } from './int64-words.ts'

/** rate(expr) over a bucket of `seconds` (null or not positive: every result is null). */
export class RateState extends AggStateBase<number | null> {
  readonly kind = 'rate'
  readonly seconds: number | null
  private sum = new ExactSum()
  private n = 0

  constructor(seconds: number | null) {
    super()
    if (seconds !== null && !Number.isFinite(seconds))
      throw new AggStateError('AGG_BAD_PARAM', `rate: the bucket length must be finite, got ${seconds}`)
    this.seconds = seconds !== null && seconds > 0 ? seconds : null
  }

  addNumber(x: number): void {
    this.sum.add(x)
    this.n++
  }

  override addInt64(hi: number, lo: number): void {
    // Both halves are exact doubles; ExactSum keeps their sum exact.
    this.sum.add(hi * TWO_32)
    this.sum.add(lo >>> 0)
    this.n++
  }

  // The batch loop repeated in this class on purpose (monomorphic, so doubles stay unboxed: see AggStateBase).
  override addNumbers(values: Float64Array, rows: Uint32Array | null, from: number, to: number): void {
    const sum = this.sum
    for (let i = from; i < to; i++) sum.add(rows === null ? values[i] : values[rows[i]])
    this.n += to - from
  }

  merge(other: AggState<number | null>): void {
    const o = sameKind(this, other, RateState)
    if (o.seconds !== this.seconds) {
      throw new AggStateError(
        'AGG_MERGE_MISMATCH',
        `rate: cannot merge ${this.seconds} s with ${o.seconds} s buckets`,
      )
    }
    this.sum.merge(o.sum)
    this.n += o.n
  }

  result(): number | null {
    return this.n === 0 || this.seconds === null ? null : this.sum.value() / this.seconds
  }

  protected writeBody(w: ByteWriter): void {
    w.f64(this.seconds ?? 0)
    w.f64(this.n)
    this.sum.write(w)
  }

  /** Reads a state written by `serialize` (after the header). */
  static read(r: ByteReader): RateState {
    const seconds = r.f64()
    const s = new RateState(seconds > 0 ? seconds : null)
    s.n = readCount(r)
    s.sum = ExactSum.read(r)
    return s
  }
}
