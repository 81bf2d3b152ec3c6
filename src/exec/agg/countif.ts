// exec/agg/countif.ts: countif(pred) — rows where the predicate is true. The predicate arrives as a
// value: `true` counts; false, null and anything else do not (numbers count when non-zero: 0/1 bools).

import { type AggState, AggStateBase, sameKind } from './agg-state.ts'
import type { ByteReader, ByteWriter } from './bytes.ts'
import { readCount } from './count.ts'

/** countif(pred): rows whose predicate value was true. */
export class CountIfState extends AggStateBase<number> {
  readonly kind = 'countif'
  private n = 0

  override addBool(b: boolean): void {
    if (b) this.n++
  }

  /** A predicate encoded as a number (bitmap / 0-1 column): non-zero counts, NaN does not. */
  addNumber(x: number): void {
    if (x !== 0 && !Number.isNaN(x)) this.n++
  }

  override addInt64(hi: number, lo: number): void {
    if ((hi | lo) !== 0) this.n++
  }

  /** Counts `n` rows whose predicate was true (a popcount over a predicate bitmap). */
  addMany(n: number): void {
    this.n += n
  }

  // Batch loops repeated in this class on purpose (monomorphic, so doubles stay unboxed: see AggStateBase).
  override addNumbers(values: Float64Array, rows: Uint32Array | null, from: number, to: number): void {
    for (let i = from; i < to; i++) this.addNumber(rows === null ? values[i] : values[rows[i]])
  }
  override addInt64s(words: Int32Array, rows: Uint32Array | null, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const r = rows === null ? i : rows[i]
      this.addInt64(words[2 * r + 1], words[2 * r])
    }
  }

  merge(other: AggState<number>): void {
    this.n += sameKind(this, other, CountIfState).n
  }

  result(): number {
    return this.n
  }

  protected writeBody(w: ByteWriter): void {
    w.f64(this.n)
  }

  /** Reads a state written by `serialize` (after the header). */
  static read(r: ByteReader): CountIfState {
    const s = new CountIfState()
    s.n = readCount(r)
    return s
  }
}
