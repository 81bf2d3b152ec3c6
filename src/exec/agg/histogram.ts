// exec/agg/histogram.ts: histogram(expr, bins) — one dynamic cell [{lower, upper, count}] (decision
// §10.2): `bins` equal-width buckets from the minimum to the maximum, each [lower, upper) except the
// last, which also holds the maximum. Exact counts up to the sketch's exact limit, then counts read
// off the t-digest's rank function (they still sum to the row count). All values equal → one bucket.

import { type AggState, sameKind } from './agg-state.ts'
import type { ByteReader, ByteWriter } from './bytes.ts'
import { AggStateError, intParam } from './errors.ts'
import type { ExactBudget } from './exact-budget.ts'
import { makeSketch, type SketchParams, SketchState } from './percentile.ts'
import { QuantileSketch } from './quantile-sketch.ts'

/** One histogram bucket. */
export interface HistogramBucket {
  /** Inclusive lower bound. */
  readonly lower: number
  /** Exclusive upper bound (inclusive for the last bucket). */
  readonly upper: number
  /** Values in the bucket. */
  readonly count: number
}

/** histogram(expr, bins). */
export class HistogramState extends SketchState<HistogramBucket[]> {
  readonly kind = 'histogram'
  /** Number of buckets, 1–1,000. */
  readonly bins: number

  constructor(
    bins: number,
    params: SketchParams = {},
    sketch?: QuantileSketch,
    budget: ExactBudget | null = null,
  ) {
    super(sketch ?? makeSketch('histogram', params, budget))
    this.bins = intParam(this.kind, 'bins', bins, 1, 1000)
  }

  merge(other: AggState<HistogramBucket[]>): void {
    const o = sameKind(this, other, HistogramState)
    if (o.bins !== this.bins) {
      throw new AggStateError(
        'AGG_MERGE_MISMATCH',
        `histogram: cannot merge ${this.bins} with ${o.bins} bins`,
      )
    }
    this.mergeSketch(o)
  }

  result(): HistogramBucket[] {
    const s = this.sketch
    const total = s.count
    if (total === 0) return []
    const [min, max] = s.range()
    if (!(max > min)) return [{ lower: min, upper: max, count: total }]
    const n = this.bins
    const width = (max - min) / n
    const out: HistogramBucket[] = []
    let below = 0
    for (let i = 0; i < n; i++) {
      const lower = min + i * width
      const upper = i === n - 1 ? max : min + (i + 1) * width
      // Exact mode: values < upper; digest: the continuous rank rounded, so counts still add up.
      const next = i === n - 1 ? total : s.isEstimate ? Math.round(s.rank(upper)) : s.rankBelow(upper)
      const upTo = Math.max(below, Math.min(total, next))
      out.push({ lower, upper, count: upTo - below })
      below = upTo
    }
    return out
  }

  protected writeBody(w: ByteWriter): void {
    w.u32(this.bins)
    this.sketch.write(w)
  }

  /** Reads a state written by `serialize` (after the header). */
  static read(r: ByteReader): HistogramState {
    const bins = r.u32()
    return new HistogramState(bins, {}, QuantileSketch.read(r))
  }
}
