// ops/zone-totals-exec.ts: `summarize sum(f), avg(f), …` (no keys) straight over a scan of one
// number field, chosen by rule zone-totals: a block the window covers whole whose zone map records
// the exact sum of each of f's columns (ZoneColumn.sum) is added from those partials, no column
// decoded; any other block (cut by the window, sealed before sums, or the unsealed tail) is decoded
// and fed row by row. The states are sum()'s and avg()'s own (exact in any order), so the answer is
// the one AggregateExec gives.
import type { Aggregate, Scan } from '../../plan/index.ts'
import type { ZoneMap } from '../../storage/block/index.ts'
import type { TimeRange } from '../../storage/types.ts'
import { AvgState } from '../agg/avg.ts'
import type { AggState } from '../agg/index.ts'
import type { Batch } from '../batch.ts'
import { fromCells } from '../batch.ts'
import { checkInterrupt, type ExecContext } from '../context.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import { byFieldOf, fieldVec } from '../scan/field-vec.ts'
import { windowSelection } from '../scan/window-selection.ts'
import { zonePrune } from '../scan/zone-prune.ts'
import type { Vec } from '../vector.ts'
import { feed } from './agg-feed.ts'
import { type AggSpec, aggSpec, NO_SITE, newState, resultCell } from './agg-spec.ts'
import { effectiveRange, noteBlockTimes } from './scan-exec.ts'

const TIME = '_time'

/** The partials of `field`'s exact sum in a block and the rows holding it, or undefined when unknown. */
export function zoneTotal(zm: ZoneMap, field: string): { sum: readonly number[]; count: number } | undefined {
  const sum: number[] = []
  let count = 0
  for (const zc of zm.columns) {
    if (zc.field !== field) continue
    if ((zc.type !== 'integer' && zc.type !== 'float') || zc.sum === undefined) return undefined
    sum.push(...zc.sum)
    count += zm.rowCount - zc.nullCount
  }
  return { sum, count }
}

/** True when the block lies inside `range` whole and its zone map knows `field`'s sum. */
export function totalFromZone(zm: ZoneMap, range: TimeRange, field: string): boolean {
  if (range.start !== undefined && BigInt(zm.minTime) < range.start) return false
  if (range.end !== undefined && BigInt(zm.maxTime) >= range.end) return false
  return zoneTotal(zm, field) !== undefined
}

/** Adds a block's exact partials (`count` values in all) to a sum or avg state. */
function addTotal(s: AggState, sum: readonly number[], count: number): void {
  if (s instanceof AvgState) {
    s.addExactParts(sum[0] ?? 0, sum[1] ?? 0, count)
    for (let i = 2; i < sum.length; i++) s.addExactParts(sum[i], 0, 0)
  } else for (const p of sum) s.addNumber(p)
}

/** Keyless sum/avg of one field over a scan (see module header). */
export class ZoneTotalsExec implements PhysicalOperator {
  readonly name = 'ZoneTotalsExec'
  readonly children: readonly PhysicalOperator[] = []
  readonly metrics: OperatorMetrics = newMetrics()
  readonly schema: Aggregate['schema']
  readonly isEstimate = false
  readonly #scan: Scan
  readonly #field: string
  readonly #specs: readonly AggSpec[]

  /** `node`'s aggregates (each sum(field) or avg(field), checked by the rule) over `scan`. */
  constructor(scan: Scan, node: Aggregate, field: string) {
    this.#scan = scan
    this.#field = field
    this.schema = node.schema
    this.#specs = node.aggregates.map((a) => {
      if (a.expr.kind !== 'AggCall') throw new Error('zone totals take aggregation calls only')
      return aggSpec(a.expr, NO_SITE)
    })
  }

  explain(): string {
    return `ZoneTotalsExec ${this.#scan.dataset} ${this.#field} aggs ${this.#specs.length} [rule zone-totals]`
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    const states = this.#specs.map((s) => newState(s))
    const range = effectiveRange(this.#scan, ctx.window)
    const field = this.#field
    const type = this.#scan.schema.find((c) => c.name === field)?.type
    const scan = ctx.snapshot.scan(this.#scan.dataset, {
      fields: [field],
      timeRange: range,
      prune: zonePrune(this.#scan.pushdown),
      fromStats: (zm) => totalFromZone(zm, range, field),
      signal: ctx.signal,
      stats: ctx.stats.scan,
    })
    for await (const sb of scan) {
      await ctx.guard.pace()
      checkInterrupt(ctx)
      const t0 = performance.now()
      const n = sb.rowCount
      const zm = sb.zoneMap
      if (zm) noteBlockTimes(ctx, zm)
      const total = sb.fromStats && zm ? zoneTotal(zm, field) : undefined
      if (total) {
        for (const s of states) addTotal(s, total.sum, total.count)
        this.#counted(ctx, n, n, t0)
        continue
      }
      if (type === undefined) continue
      const inside =
        zm !== undefined &&
        (range.start === undefined || BigInt(zm.minTime) >= range.start) &&
        (range.end === undefined || BigInt(zm.maxTime) < range.end)
      const sel = inside ? null : await this.#window(sb.load, n, range)
      const v = fieldVec(byFieldOf(sb.columns).get(field) ?? [], type, n)
      const live = sel === null ? n : sel.length
      for (const s of states) feedRows(s, v, sel, live)
      this.#counted(ctx, n, live, t0)
    }
    this.metrics.rowsOut = 1
    const cols = this.#specs.map((spec, i) => fromCells(spec.type, [resultCell(spec, states[i])]))
    yield { length: 1, sel: null, cols }
  }

  /** The rows of a block the window cuts that lie inside it (null: every row). */
  async #window(
    load: (fields: readonly string[]) => Promise<Parameters<typeof byFieldOf>[0]>,
    n: number,
    range: TimeRange,
  ): Promise<Uint32Array | null> {
    if (range.start === undefined && range.end === undefined) return null
    const t = fieldVec(await load([TIME]), 'datetime', n)
    return t.kind === 'time' ? windowSelection(t, n, range) : null
  }

  #counted(ctx: ExecContext, n: number, live: number, t0: number): void {
    this.metrics.rowsIn += n
    ctx.stats.rowsExamined += live
    this.metrics.timeMs += performance.now() - t0
  }
}

/** Feeds the `live` rows of `sel` (every row when null) of `v` to `s`; a real column without nulls in one call. */
function feedRows(s: AggState, v: Vec, sel: Uint32Array | null, live: number): void {
  if (v.kind === 'num' && v.type === 'real' && v.valid === null) {
    s.addNumbers(v.values, sel, 0, live)
    return
  }
  for (let j = 0; j < live; j++) feed(s, v, sel === null ? j : sel[j])
}
