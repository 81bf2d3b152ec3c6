// ops/scan-exec.ts: reads one dataset through the snapshot: only the Scan's fields, blocks pruned by
// the window ∩ pushed time range and by zone maps, one batch per block (plus the unsealed tail),
// rows outside the query window dropped through the selection; a block of many sparse columns in row
// slices (exec/scan/block-slices.ts). Multi-typed fields: integer|float
// read as real, other mixes as cells; the virtual `_rowId` when the Scan asks for it (exec/scan/row-id.ts).
// What else it does is fixed when it is built, by the physical-optimizer rules (exec/rules/): with a
// top-N link it skips blocks the TopN's bound rules out and reads only the early columns, registering
// how to fetch the rest; with a stats mode it answers blocks the window covers whole from their zone
// maps when it can; with window-time it reads `_time` only for blocks the window cuts. Never filters
// rows on anything but the window.
import type { Scan } from '../../plan/index.ts'
import type { BlockColumn, ZoneMap } from '../../storage/block/index.ts'
import type { BlockHandle } from '../../storage/snapshot.ts'
import type { TimeRange } from '../../storage/types.ts'
import { nextTurn, TURN_MS } from '../../util/loop-turn.ts'
import type { Batch } from '../batch.ts'
import { UNREAD } from '../batch.ts'
import { checkInterrupt, type ExecContext } from '../context.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import type { StatsMode } from '../rules/zone-stats-rule.ts'
import { sliceFieldVec, sliceRows, sparseCount } from '../scan/block-slices.ts'
import { answeredByStats, weightedColumn } from '../scan/block-stats.ts'
import { byFieldOf } from '../scan/field-vec.ts'
import { rowIdVec } from '../scan/row-id.ts'
import { takeFieldRows } from '../scan/take-rows.ts'
import { windowSelection } from '../scan/window-selection.ts'
import { zonePrune } from '../scan/zone-prune.ts'
import type { LateColumns, LateSource } from './late-columns.ts'
import type { TopLink } from './top-link.ts'

/** The virtual row-id column (BindOptions.rowId). */
const ROW_ID = '_rowId'

/** Longest run of blocks without yielding to the event loop, ms (timers, an abort, /health get a turn). */
export const YIELD_EVERY_MS = TURN_MS

/** Lets the event loop run (a timer can abort the signal); in-memory blocks never leave microtasks. */
function yieldToLoop(): Promise<void> {
  return nextTurn()
}

/** The window ∩ the pushed-down range (the tighter bound on each side). */
export function effectiveRange(scan: Scan, window: TimeRange): TimeRange {
  const p = scan.pushdown
  const max = (a?: bigint, b?: bigint) => (a === undefined ? b : b === undefined ? a : a > b ? a : b)
  const min = (a?: bigint, b?: bigint) => (a === undefined ? b : b === undefined ? a : a < b ? a : b)
  return { start: max(window.start, p?.timeStart), end: min(window.end, p?.timeEnd) }
}

/**
 * The late columns (`late.indices` of `schema`) of one block of `rowCount` rows at chosen rows,
 * read through `load` (the snapshot that scanned it, or the store's on the main thread).
 */
export function lateSource(
  schema: Scan['schema'],
  late: LateColumns,
  rowCount: number,
  load: (fields: readonly string[]) => Promise<readonly BlockColumn[]>,
): LateSource {
  return {
    fetch: async (rows) => {
      const byField = byFieldOf(await load(late.indices.map((i) => schema[i].name)))
      return late.indices.map((i) => {
        const c = schema[i]
        return takeFieldRows(byField.get(c.name) ?? [], c.type, rowCount, rows)
      })
    },
  }
}

/** Widens the run's oldest/newest block times (status minBlockTime/maxBlockTime) by block `zm`. */
export function noteBlockTimes(ctx: ExecContext, zm: ZoneMap): void {
  const lo = BigInt(zm.minTime)
  const hi = BigInt(zm.maxTime)
  if (ctx.stats.minBlockTime === undefined || lo < ctx.stats.minBlockTime) ctx.stats.minBlockTime = lo
  if (ctx.stats.maxBlockTime === undefined || hi > ctx.stats.maxBlockTime) ctx.stats.maxBlockTime = hi
}

/** What a scan does beyond reading (chosen by exec/rules/, never changed once built). */
export interface ScanModes {
  /** Shared with the TopN above (rules top-n-bound, late-materialization): bound, late columns. */
  readonly top?: TopLink | undefined
  /** Blocks the window covers whole may be answered from zone maps (rule zone-stats). */
  readonly stats?: StatsMode | undefined
  /** `_time` is read only for blocks the window cuts: nothing above reads it (rule window-time). */
  readonly windowTime?: boolean | undefined
}

/** Reads a dataset (see module header). */
export class ScanExec implements PhysicalOperator {
  readonly name = 'ScanExec'
  readonly children: readonly PhysicalOperator[] = []
  readonly metrics: OperatorMetrics = newMetrics()
  readonly scan: Scan
  readonly schema: Scan['schema']
  readonly #top: TopLink | undefined
  readonly #stats: StatsMode | undefined
  readonly #windowTime: boolean

  /** `modes`, set by the physical-optimizer rules only (exec/rules/): see module header. */
  constructor(scan: Scan, modes: ScanModes = {}) {
    this.scan = scan
    this.schema = scan.schema
    this.#top = modes.top
    this.#stats = modes.stats
    this.#windowTime = modes.windowTime === true
  }

  /** The modes this scan was built with (a rule rebuilding it keeps the others). */
  get modes(): ScanModes {
    return { top: this.#top, stats: this.#stats, windowTime: this.#windowTime }
  }

  /** The `fromStats` test of Snapshot.scan for this run, when linked to a count. */
  #fromStats(range: TimeRange): ((zm: ZoneMap) => boolean) | undefined {
    const link = this.#stats
    return link ? (zm) => answeredByStats(zm, range, link.field, link.type) : undefined
  }

  /** The weighted batch of a block answered from its zone map (ScanOptions.fromStats). */
  #statsBatch(zm: ZoneMap): Batch {
    const field = this.#stats?.field
    const type = this.#stats?.type
    if (field === undefined || type === undefined)
      return {
        length: 1,
        sel: null,
        cols: this.schema.map(() => UNREAD),
        weights: Float64Array.of(zm.rowCount),
      }
    const at = this.schema.findIndex((c) => c.name === field)
    const wc = weightedColumn(zm, field, type)
    if (!wc) throw new Error(`block statistics of '${field}' vanished during the scan`)
    const cols = this.schema.map((_, i) => (i === at ? wc.vec : UNREAD))
    return { length: wc.weights.length, sel: null, cols, weights: wc.weights }
  }

  explain(): string {
    const zone = this.scan.pushdown?.zone.length ?? 0
    const bound = this.#top?.bound ? ` top-bound ${this.#top.bound.field} [rule top-n-bound]` : ''
    const stats = this.#stats ? ` stats ${this.#stats.field ?? 'rows'} [rule zone-stats]` : ''
    const late = this.#top?.late ? ` late ${this.#top.late.indices.length} [rule late-materialization]` : ''
    const time = this.#windowTime ? ' _time for cut blocks only [rule window-time]' : ''
    return `ScanExec ${this.scan.dataset} fields [${this.scan.fields.join(', ')}]${zone ? ` zone ${zone}` : ''}${bound}${late}${stats}${time}`
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    const range = effectiveRange(this.scan, ctx.window)
    const read = new Set(this.scan.fields)
    // The virtual `_rowId` (legacy queries) is built here from `_time` and the sequence number.
    const rowIdAt = this.scan.rowId && read.has(ROW_ID) ? this.schema.findIndex((c) => c.name === ROW_ID) : -1
    const fields = rowIdAt < 0 ? this.scan.fields : this.scan.fields.filter((f) => f !== ROW_ID)
    const datasetId = rowIdAt < 0 ? '' : (ctx.snapshot.dataset(this.scan.dataset)?.meta.id ?? '')
    const before = ctx.stats.scan.blocksPruned
    const top = this.#top
    const late = top?.late
    const bound = top?.bound
    const zone = zonePrune(this.scan.pushdown)
    const fromStats = this.#fromStats(range)
    // Fields decoded with the block; late columns and a window-only `_time` come later, if at all.
    const windowTime = this.#windowTime
    const early = (f: string) => (!late || late.early.has(f)) && !(windowTime && f === '_time')
    // Consulted block by block as the scan advances, so a bound that tightened prunes later blocks.
    const prune = bound
      ? (zm: ZoneMap, block: BlockHandle, at: number) =>
          (zone === undefined || zone(zm)) && bound.mayBeat(zm, block, at)
      : zone
    const scan = ctx.snapshot.scan(this.scan.dataset, {
      fields: late || windowTime ? fields.filter(early) : fields,
      timeRange: range,
      prune,
      ...(bound ? { order: (blocks: readonly BlockHandle[]) => bound.visitOrder(blocks) } : {}),
      ...(fromStats ? { fromStats } : {}),
      signal: ctx.signal,
      stats: ctx.stats.scan,
    })
    let yielded = performance.now()
    for await (const sb of scan) {
      if (performance.now() - yielded >= YIELD_EVERY_MS) {
        await yieldToLoop()
        yielded = performance.now()
      }
      checkInterrupt(ctx)
      const t0 = performance.now()
      const n = sb.rowCount
      if (sb.fromStats && sb.zoneMap) {
        noteBlockTimes(ctx, sb.zoneMap)
        this.metrics.rowsIn += n
        this.metrics.rowsOut += n
        ctx.stats.rowsExamined += n
        const b = this.#statsBatch(sb.zoneMap)
        this.metrics.timeMs += performance.now() - t0
        yield b
        continue
      }
      const byField = byFieldOf(sb.columns)
      const zm = sb.zoneMap
      if (zm) noteBlockTimes(ctx, zm)
      const inside =
        zm !== undefined &&
        (range.start === undefined || BigInt(zm.minTime) >= range.start) &&
        (range.end === undefined || BigInt(zm.maxTime) < range.end)
      const timeAt = this.schema.findIndex((c) => c.name === '_time')
      // A block of many sparse columns goes out in row slices (a top-N link keeps whole blocks).
      const step = top ? n : sliceRows(n, sparseCount(sb.columns))
      for (let start = 0; start < n; start += step) {
        const end = Math.min(n, start + step)
        const len = end - start
        const s0 = start === 0 ? t0 : performance.now()
        if (start > 0) checkInterrupt(ctx)
        const cols = this.schema.map((c, i) =>
          read.has(c.name) && i !== rowIdAt && early(c.name)
            ? sliceFieldVec(byField.get(c.name) ?? [], c.type, n, start, end)
            : UNREAD,
        )
        // A late or window-only `_time` is read here only for a block the window cuts.
        if (!inside && timeAt >= 0 && cols[timeAt] === UNREAD && read.has('_time'))
          cols[timeAt] = sliceFieldVec(await sb.load(['_time']), this.schema[timeAt].type, n, start, end)
        const tv = timeAt >= 0 ? cols[timeAt] : undefined
        const sel = inside || !tv || tv.kind !== 'time' ? null : windowSelection(tv, len, range)
        const live = sel ? sel.length : len
        top?.trace?.block(sb.position, n, live)
        const firstSeq = sb.firstSeq + start
        if (rowIdAt >= 0 && live > 0)
          cols[rowIdAt] = rowIdVec(datasetId, firstSeq, tv?.kind === 'time' ? tv : undefined, len, sel)
        this.metrics.rowsIn += len
        this.metrics.rowsOut += live
        ctx.stats.rowsExamined += live
        this.metrics.timeMs += performance.now() - s0
        if (live === 0) continue
        top?.register(cols, {
          position: sb.position,
          source: late ? lateSource(this.schema, late, n, (f) => sb.load(f)) : undefined,
        })
        yield { length: len, sel, cols, firstSeq }
      }
    }
    top?.trace?.close()
    this.metrics.blocksPruned += ctx.stats.scan.blocksPruned - before
  }
}
