// exec/agg/variance.ts: variance(expr) / stdev(expr), the sample (n − 1) forms as in Kusto. Welford's
// running mean and M2 per row; partial states merge with Chan et al.'s pairwise formula, so merged
// results agree with a single state to rounding (not bit for bit). 0 for one value, null for none.

import { type AggState, AggStateBase, sameKind } from './agg-state.ts'
import type { ByteReader, ByteWriter } from './bytes.ts'
import { readCount } from './count.ts'
import { wordsToNumber } from './int64-words.ts'

/** variance(expr) or stdev(expr). */
export class VarianceState extends AggStateBase<number | null> {
  readonly kind: 'variance' | 'stdev'
  private n = 0
  private mean = 0
  /** Sum of squared deviations from the mean. */
  private m2 = 0

  constructor(kind: 'variance' | 'stdev') {
    super()
    this.kind = kind
  }

  addNumber(x: number): void {
    const n = ++this.n
    const d = x - this.mean
    this.mean += d / n
    this.m2 += d * (x - this.mean)
  }

  // Batch loops repeated in this class on purpose (monomorphic, so doubles stay unboxed: see AggStateBase).
  override addNumbers(values: Float64Array, rows: Uint32Array | null, from: number, to: number): void {
    for (let i = from; i < to; i++) this.addNumber(rows === null ? values[i] : values[rows[i]])
  }
  override addInt64s(words: Int32Array, rows: Uint32Array | null, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const r = rows === null ? i : rows[i]
      this.addNumber(wordsToNumber(words[2 * r + 1], words[2 * r]))
    }
  }

  merge(other: AggState<number | null>): void {
    const o = sameKind(this, other, VarianceState)
    if (o.n === 0) return
    if (this.n === 0) {
      this.n = o.n
      this.mean = o.mean
      this.m2 = o.m2
      return
    }
    const n = this.n + o.n
    const d = o.mean - this.mean
    // Chan, Golub & LeVeque: M2 = M2a + M2b + d² · na · nb / n.
    this.m2 += o.m2 + ((d * d * this.n) / n) * o.n
    this.mean += (d * o.n) / n
    this.n = n
  }

  result(): number | null {
    if (this.n === 0) return null
    const v = this.n === 1 ? 0 : Math.max(0, this.m2 / (this.n - 1))
    return this.kind === 'stdev' ? Math.sqrt(v) : v
  }

  protected writeBody(w: ByteWriter): void {
    w.f64(this.n)
    w.f64(this.mean)
    w.f64(this.m2)
  }

  /** Reads a state written by `serialize` (after the header). */
  static read(kind: 'variance' | 'stdev', r: ByteReader): VarianceState {
    const s = new VarianceState(kind)
    s.n = readCount(r)
    s.mean = r.f64()
    s.m2 = r.f64()
    return s
  }
}
