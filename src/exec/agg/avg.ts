// exec/agg/avg.ts: avg(expr) = exact sum / count, so partial states merge to exactly the single-state
// mean. Null over no rows. A timespan input gives a mean in ns; the executor restores the type.

import { type AggState, AggStateBase, sameKind } from './agg-state.ts'
import type { ByteReader, ByteWriter } from './bytes.ts'
import { readCount } from './count.ts'
import { ExactSum } from './exact-sum.ts'
import { addSegmentExact } from './extract-sum.ts'
import { isSafeWords, TWO_32 } from './int64-words.ts'
import { LimbSum } from './limb-sum.ts'

/** avg(expr): mean of the non-null numeric values. */
export class AvgState extends AggStateBase<number | null> {
  readonly kind = 'avg'
  private sum = new ExactSum()
  /** The batch path's fast exact accumulator, drained into `sum` before `sum` is read. */
  private readonly limbs = new LimbSum()
  private n = 0

  addNumber(x: number): void {
    this.sum.add(x)
    this.n++
  }

  override addInt64(hi: number, lo: number): void {
    if (isSafeWords(hi, lo)) this.sum.add(hi * TWO_32 + (lo >>> 0))
    else {
      this.sum.add(hi * TWO_32)
      this.sum.add(lo >>> 0)
    }
    this.n++
  }

  // Batch loops repeated in this class on purpose (monomorphic, so doubles stay unboxed: see AggStateBase).
  override addNumbers(values: Float64Array, rows: Uint32Array | null, from: number, to: number): void {
    const sum = this.sum
    const limbs = this.limbs
    this.n += to - from
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

  /**
   * Adds `count` finite values whose exact sum is `a + b` (each an exactly summed part, as zone maps
   * keep them: zone-totals-exec.ts), as `count` addNumber calls would.
   */
  addExactParts(a: number, b: number, count: number): void {
    this.sum.add(a)
    this.sum.add(b)
    this.n += count
  }

  merge(other: AggState<number | null>): void {
    const o = sameKind(this, other, AvgState)
    this.limbs.drain(this.sum)
    o.limbs.drain(o.sum)
    this.sum.merge(o.sum)
    this.n += o.n
  }

  result(): number | null {
    this.limbs.drain(this.sum)
    return this.n === 0 ? null : this.sum.value() / this.n
  }

  protected writeBody(w: ByteWriter): void {
    w.f64(this.n)
    this.limbs.drain(this.sum)
    this.sum.write(w)
  }

  /** The state of `count` values whose exact sum is `sum`. */
  static of(sum: ExactSum, count: number): AvgState {
    const s = new AvgState()
    s.sum = sum
    s.n = count
    return s
  }

  /** Reads a state written by `serialize` (after the header). */
  static read(r: ByteReader): AvgState {
    const s = new AvgState()
    s.n = readCount(r)
    s.sum = ExactSum.read(r)
    return s
  }
}
