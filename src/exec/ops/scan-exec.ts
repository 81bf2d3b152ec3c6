// ops/scan-exec.ts: reads one dataset through the snapshot: only the Scan's fields, blocks pruned by
// the window ∩ pushed time range and by zone maps, one batch per block (plus the unsealed tail),
// rows outside the query window dropped through the selection. Multi-typed fields: integer|float
// read as real, other mixes as cells; the virtual `_rowId` when the Scan asks for it (exec/scan/row-id.ts).
// Under a linked TopN (top-n-plan.ts) it also skips blocks the TopN's bound rules out and reads only
// the early columns, registering how to fetch the rest. Never filters rows on anything but the window.
import type { Scan } from '../../plan/index.ts'
import type { BlockColumn, ZoneMap } from '../../storage/block/index.ts'
import type { BlockHandle } from '../../storage/snapshot.ts'
import type { TimeRange } from '../../storage/types.ts'
import type { Batch } from '../batch.ts'
import { nullVec, splitMixed, takeVec, UNREAD } from '../batch.ts'
import { checkInterrupt, type ExecContext } from '../context.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import { columnToVec } from '../scan/arrow-to-vec.ts'
import { rowIdVec } from '../scan/row-id.ts'
import { windowSelection } from '../scan/window-selection.ts'
import { zonePrune } from '../scan/zone-prune.ts'
import type { NumVec, Vec } from '../vector.ts'
import type { LateColumns, LateSource } from './late-columns.ts'
import type { TopLink } from './top-link.ts'

/** The virtual row-id column (BindOptions.rowId). */
const ROW_ID = '_rowId'

/** Longest run of blocks without yielding to the event loop, ms (timers, an abort, /health get a turn). */
export const YIELD_EVERY_MS = 10

/** Lets the event loop run (a timer can abort the signal); in-memory blocks never leave microtasks. */
function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

/** The window ∩ the pushed-down range (the tighter bound on each side). */
export function effectiveRange(scan: Scan, window: TimeRange): TimeRange {
  const p = scan.pushdown
  const max = (a?: bigint, b?: bigint) => (a === undefined ? b : b === undefined ? a : a > b ? a : b)
  const min = (a?: bigint, b?: bigint) => (a === undefined ? b : b === undefined ? a : a < b ? a : b)
  return { start: max(window.start, p?.timeStart), end: min(window.end, p?.timeEnd) }
}

/** integer + float columns of one field as one real vector (each row is non-null in at most one). */
function mergeNumeric(vs: readonly NumVec[], n: number): NumVec {
  const values = new Float64Array(n)
  const valid = new Uint8Array(n)
  for (const v of vs) {
    for (let i = 0; i < n; i++) {
      if (!v.valid || v.valid[i]) {
        values[i] = v.values[i]
        valid[i] = 1
      }
    }
  }
  return { kind: 'num', type: 'real', values, valid }
}

/**
 * Merged vectors of multi-typed fields, keyed by the block's first physical column (kept alive by the
 * block cache, like columnToVec's own cache), so a block's merge runs once, not once per query.
 */
const merged = new WeakMap<
  object,
  { readonly cols: readonly BlockColumn[]; readonly type: string; readonly vec: Vec }
>()

/** One field's vector from its physical columns in this block. */
function fieldVec(cols: readonly BlockColumn[], type: Scan['schema'][number]['type'], n: number): Vec {
  if (cols.length < 2) return buildFieldVec(cols, type, n)
  const hit = merged.get(cols[0].vector)
  if (
    hit &&
    hit.type === type &&
    hit.cols.length === cols.length &&
    hit.cols.every((c, i) => c.vector === cols[i].vector)
  )
    return hit.vec
  const vec = buildFieldVec(cols, type, n)
  merged.set(cols[0].vector, { cols, type, vec })
  return vec
}

function buildFieldVec(cols: readonly BlockColumn[], type: Scan['schema'][number]['type'], n: number): Vec {
  if (cols.length === 0) return nullVec(type, n)
  const vs = cols.map(columnToVec)
  if (vs.length === 1) {
    const v = vs[0]
    if (v.kind === 'num' && type === 'real' && v.type === 'long') return { ...v, type: 'real' }
    return v
  }
  // A real column (integer|float) widens its integers; a column decided per value keeps each
  // row's own type (an integer stays a long even where this block holds no strings).
  if (type === 'real' && vs.every((v) => v.kind === 'num')) return mergeNumeric(vs as NumVec[], n)
  return splitMixed(vs, n)
}

/** A block's columns grouped by field (each physical type of a field is its own column). */
function byFieldOf(columns: readonly BlockColumn[]): Map<string, BlockColumn[]> {
  const byField = new Map<string, BlockColumn[]>()
  for (const c of columns) {
    const list = byField.get(c.field)
    if (list) list.push(c)
    else byField.set(c.field, [c])
  }
  return byField
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
        return takeVec(fieldVec(byField.get(c.name) ?? [], c.type, rowCount), rows)
      })
    },
  }
}

/** Reads a dataset (see module header). */
export class ScanExec implements PhysicalOperator {
  readonly name = 'ScanExec'
  readonly children: readonly PhysicalOperator[] = []
  readonly metrics: OperatorMetrics = newMetrics()
  readonly scan: Scan
  readonly schema: Scan['schema']
  #top: TopLink | undefined

  constructor(scan: Scan) {
    this.scan = scan
    this.schema = scan.schema
  }

  /** Links the TopN directly above (through filters): its bound prunes blocks, its late columns wait. */
  linkTop(link: TopLink): void {
    this.#top = link
  }

  explain(): string {
    const zone = this.scan.pushdown?.zone.length ?? 0
    const bound = this.#top?.bound ? ` top-bound ${this.#top.bound.field}` : ''
    const late = this.#top?.late ? ` late ${this.#top.late.indices.length}` : ''
    return `ScanExec ${this.scan.dataset} fields [${this.scan.fields.join(', ')}]${zone ? ` zone ${zone}` : ''}${bound}${late}`
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
    // Consulted block by block as the scan advances, so a bound that tightened prunes later blocks.
    const prune = bound
      ? (zm: ZoneMap, block: BlockHandle, at: number) =>
          (zone === undefined || zone(zm)) && bound.mayBeat(zm, block, at)
      : zone
    const scan = ctx.snapshot.scan(this.scan.dataset, {
      fields: late ? fields.filter((f) => late.early.has(f)) : fields,
      timeRange: range,
      prune,
      ...(bound ? { order: (blocks: readonly BlockHandle[]) => bound.visitOrder(blocks) } : {}),
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
      const byField = byFieldOf(sb.columns)
      const cols = this.schema.map((c, i) =>
        read.has(c.name) && i !== rowIdAt && (!late || late.early.has(c.name))
          ? fieldVec(byField.get(c.name) ?? [], c.type, n)
          : UNREAD,
      )
      const zm = sb.zoneMap
      if (zm) {
        const lo = BigInt(zm.minTime)
        const hi = BigInt(zm.maxTime)
        if (ctx.stats.minBlockTime === undefined || lo < ctx.stats.minBlockTime) ctx.stats.minBlockTime = lo
        if (ctx.stats.maxBlockTime === undefined || hi > ctx.stats.maxBlockTime) ctx.stats.maxBlockTime = hi
      }
      const inside =
        zm !== undefined &&
        (range.start === undefined || BigInt(zm.minTime) >= range.start) &&
        (range.end === undefined || BigInt(zm.maxTime) < range.end)
      const timeAt = this.schema.findIndex((c) => c.name === '_time')
      // A late `_time` is read here only for a block the window cuts.
      if (!inside && timeAt >= 0 && cols[timeAt] === UNREAD && read.has('_time'))
        cols[timeAt] = fieldVec(await sb.load(['_time']), this.schema[timeAt].type, n)
      const tv = timeAt >= 0 ? cols[timeAt] : undefined
      const sel = inside || !tv || tv.kind !== 'time' ? null : windowSelection(tv, n, range)
      const live = sel ? sel.length : n
      top?.trace?.block(sb.position, n, live)
      if (rowIdAt >= 0 && live > 0)
        cols[rowIdAt] = rowIdVec(datasetId, sb.firstSeq, tv?.kind === 'time' ? tv : undefined, n, sel)
      this.metrics.rowsIn += n
      this.metrics.rowsOut += live
      ctx.stats.rowsExamined += live
      this.metrics.timeMs += performance.now() - t0
      if (live === 0) continue
      top?.register(cols, {
        position: sb.position,
        source: late ? lateSource(this.schema, late, n, (f) => sb.load(f)) : undefined,
      })
      yield { length: n, sel, cols }
    }
    top?.trace?.close()
    this.metrics.blocksPruned += ctx.stats.scan.blocksPruned - before
  }
}
