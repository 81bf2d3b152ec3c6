// exec/agg/percentile.ts: percentile(expr, p) and percentiles_array(expr, p1, …) over an exact-then-
// t-digest QuantileSketch. Exact (nearest rank, as Kusto) for up to 4,096 values; past that the
// returned value's rank is within 1 % of the requested rank (measured in the accuracy test).
// Why not @datadog/sketches-js: DDSketch bounds the relative VALUE error (α), so on a narrow range
// far from 0 (e.g. uniform 1000…1001) one bucket holds most of the data and the rank error is large.
// Results are doubles; the executor rounds them back to long/timespan for integer inputs.

import { type AggState, AggStateBase, sameKind } from './agg-state.ts'
import type { ByteReader, ByteWriter } from './bytes.ts'
import { AggStateError } from './errors.ts'
import type { ExactBudget } from './exact-budget.ts'
import { wordsToNumber } from './int64-words.ts'
import {
  checkSketchParams,
  DEFAULT_COMPRESSION,
  DEFAULT_QUANTILE_EXACT_LIMIT,
  QuantileSketch,
} from './quantile-sketch.ts'

/** Sketch tuning shared by percentile, percentiles_array and histogram. */
export interface SketchParams {
  /** Values kept exactly before switching to the t-digest (default 4,096). */
  readonly exactLimit?: number
  /** t-digest compression δ (default 1,000). */
  readonly compression?: number
}

/** Checks one percentage: a finite number in [0, 100]. */
function checkPercent(kind: string, p: unknown): number {
  if (typeof p !== 'number' || !(p >= 0 && p <= 100)) {
    throw new AggStateError(
      'AGG_BAD_PARAM',
      `${kind}: percentile must be a number in [0, 100], got ${String(p)}`,
    )
  }
  return p
}

/** Makes a sketch from validated parameters (room past exactLimit from `budget`, when given). */
export function makeSketch(
  kind: string,
  params: SketchParams,
  budget: ExactBudget | null = null,
): QuantileSketch {
  const exactLimit = params.exactLimit ?? DEFAULT_QUANTILE_EXACT_LIMIT
  const compression = params.compression ?? DEFAULT_COMPRESSION
  checkSketchParams(kind, exactLimit, compression)
  return new QuantileSketch(exactLimit, compression, budget)
}

/** Shared body of the sketch-backed states (percentile*, histogram): numbers feed the sketch. */
export abstract class SketchState<Out> extends AggStateBase<Out> {
  protected sketch: QuantileSketch

  constructor(sketch: QuantileSketch) {
    super()
    this.sketch = sketch
  }

  override get isEstimate(): boolean {
    return this.sketch.isEstimate
  }

  addNumber(x: number): void {
    this.sketch.add(x)
  }

  // Batch loops feed the sketch directly (one sketch class, so the per-row call inlines).
  override addNumbers(values: Float64Array, rows: Uint32Array | null, from: number, to: number): void {
    this.sketch.addNumbers(values, rows, from, to)
  }

  override addInt64s(words: Int32Array, rows: Uint32Array | null, from: number, to: number): void {
    const sk = this.sketch
    for (let i = from; i < to; i++) {
      const r = rows === null ? i : rows[i]
      sk.add(wordsToNumber(words[2 * r + 1], words[2 * r]))
    }
  }

  /**
   * Reads `leader`'s sketch from now on (two percentiles of one value feed one sketch); the caller
   * feeds only the leader, and must give this state a copy of its own before merging into it.
   */
  shareSketch(leader: SketchState<unknown>): void {
    if (!this.sketch.sameParams(leader.sketch)) {
      throw new AggStateError(
        'AGG_MERGE_MISMATCH',
        `${this.kind}: cannot share a sketch with other parameters`,
      )
    }
    this.sketch = leader.sketch
  }

  /** Merges the other state's sketch after its own parameter checks. */
  protected mergeSketch(o: SketchState<Out>): void {
    if (!this.sketch.sameParams(o.sketch)) {
      throw new AggStateError(
        'AGG_MERGE_MISMATCH',
        `${this.kind}: cannot merge states with different sketch limits`,
      )
    }
    this.sketch.merge(o.sketch)
  }
}

/** percentile(expr, p): one value, or null over no rows. */
export class PercentileState extends SketchState<number | null> {
  readonly kind = 'percentile'
  /** The requested percentage, 0–100. */
  readonly percent: number

  constructor(
    percent: number,
    params: SketchParams = {},
    sketch?: QuantileSketch,
    budget: ExactBudget | null = null,
  ) {
    super(sketch ?? makeSketch('percentile', params, budget))
    this.percent = checkPercent(this.kind, percent)
  }

  merge(other: AggState<number | null>): void {
    const o = sameKind(this, other, PercentileState)
    if (o.percent !== this.percent) {
      throw new AggStateError(
        'AGG_MERGE_MISMATCH',
        `percentile: cannot merge p=${this.percent} with p=${o.percent}`,
      )
    }
    this.mergeSketch(o)
  }

  result(): number | null {
    return this.sketch.percentile(this.percent)
  }

  protected writeBody(w: ByteWriter): void {
    w.f64(this.percent)
    this.sketch.write(w)
  }

  /** Reads a state written by `serialize` (after the header). */
  static read(r: ByteReader): PercentileState {
    const p = r.f64()
    return new PercentileState(p, {}, QuantileSketch.read(r))
  }
}

/** percentiles_array(expr, p1, …): one value per percentage, in order; null over no rows. */
export class PercentilesArrayState extends SketchState<number[] | null> {
  readonly kind = 'percentiles_array'
  /** The requested percentages, 0–100 each, in the caller's order. */
  readonly percents: readonly number[]

  constructor(
    percents: readonly number[],
    params: SketchParams = {},
    sketch?: QuantileSketch,
    budget: ExactBudget | null = null,
  ) {
    super(sketch ?? makeSketch('percentiles_array', params, budget))
    if (!Array.isArray(percents) || percents.length < 1 || percents.length > 64) {
      throw new AggStateError('AGG_BAD_PARAM', 'percentiles_array: give 1 to 64 percentages')
    }
    this.percents = percents.map((p) => checkPercent(this.kind, p))
  }

  merge(other: AggState<number[] | null>): void {
    const o = sameKind(this, other, PercentilesArrayState)
    if (o.percents.join() !== this.percents.join()) {
      throw new AggStateError(
        'AGG_MERGE_MISMATCH',
        'percentiles_array: cannot merge different percentage lists',
      )
    }
    this.mergeSketch(o)
  }

  result(): number[] | null {
    if (this.sketch.count === 0) return null
    return this.percents.map((p) => this.sketch.percentile(p) as number)
  }

  protected writeBody(w: ByteWriter): void {
    w.u32(this.percents.length)
    for (const p of this.percents) w.f64(p)
    this.sketch.write(w)
  }

  /** Reads a state written by `serialize` (after the header). */
  static read(r: ByteReader): PercentilesArrayState {
    const n = r.count(8)
    const percents: number[] = []
    for (let i = 0; i < n; i++) percents.push(r.f64())
    return new PercentilesArrayState(percents, {}, QuantileSketch.read(r))
  }
}
