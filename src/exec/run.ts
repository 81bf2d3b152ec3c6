// exec/run.ts: runs one bound query against a pinned snapshot and returns THE result (`QueryResult`):
// window from the options (the plan arrives optimized or not: see src/query), physical tree, default `_time` desc order and
// row cap (decision §10.4), `fields[].agg`, groups, range, buckets, the `_totals` table of a summarize
// by a time bin, and status counters. Formatting for the wire is src/wire's job.
import type { AggWireName } from '../catalog/index.ts'
import type { Aggregate, BoundExpr, LogicalNode, LogicalPlan } from '../plan/index.ts'
import { nodeChildren, randomSampleSeed, seedSamples } from '../plan/index.ts'
import type { Snapshot } from '../storage/snapshot.ts'
import { parseTimeBound } from '../util/time/index.ts'
import type { Batch } from './batch.ts'
import { clampTakes } from './clamp-takes.ts'
import {
  checkInterrupt,
  createContext,
  type ExecContext,
  ExecError,
  type ExecStats,
  type ExternalReader,
  newStats,
} from './context.ts'
import { QueryGuard } from './guard.ts'
import { chooseBinAutoStep } from './kernels/binning/binning.ts'
import { literalCell } from './kernels/constants.ts'
import type { KernelEnv } from './kernels/kernel.ts'
import { type PhysicalOperator, preorder } from './operator.ts'
import { AggregateExec } from './ops/aggregate-exec.ts'
import { RenderExec } from './ops/render-exec.ts'
import { ResultRows } from './ops/result-rows.ts'
import type { TopNExec } from './ops/top-n-exec.ts'
import { type BuildOverride, type ParallelMode, parallelOverride } from './parallel/index.ts'
import { build, buildSliced } from './physical-planner.ts'
import { QueryMemory } from './query-memory.ts'
import { remoteOf } from './remote.ts'
import type { Cell, QueryOptions, QueryResult, ResultField, ResultMessage, ResultTable } from './result.ts'
import { cellsAt } from './vector.ts'

/** Default row cap and the largest a request may ask for (decision §10.4). */
export const DEFAULT_ROW_LIMIT = 1000
export const MAX_ROW_LIMIT = 50_000
/**
 * The most rows an aggregating result (summarize, distinct, make-series, count) may have: such a
 * result is never cut by the row limit, and one past this bound fails with `too_many_groups`.
 */
export const MAX_AGGREGATE_ROWS = 1_000_000

/** Options of `runQuery`. */
export type RunOptions = QueryOptions & {
  /** Now, epoch ns (fixed for the whole query). */
  readonly now: bigint
  /** Wall-clock budget from the start of the run, ms. */
  readonly deadlineMs?: number
  readonly signal?: AbortSignal
  /** Run scans on worker threads: 'auto' (default: large on-disk scans), 'on' or 'off'; env APLDB_PARALLEL. */
  readonly parallel?: ParallelMode
  /** Called once the main pass has run, with the physical tree and its counters (explain analyze). */
  readonly observe?: (physical: PhysicalOperator, stats: ExecStats) => void
  /** The group bound of aggregating results (default MAX_AGGREGATE_ROWS; tests lower it). */
  readonly maxAggregateRows?: number
  /** externaldata's access (query/external-access.ts); absent: every URL is refused. */
  readonly readExternal?: ExternalReader
  /** Tests: summarize input fed in pieces of this many rows (ExecContext.pieceRows). */
  readonly pieceRows?: number
}

function bound(text: string | undefined, now: bigint, which: string): bigint | undefined {
  if (text === undefined) return undefined
  const t = parseTimeBound(text, now)
  if (t === null)
    throw new ExecError(
      'invalid_argument',
      `${which} '${text}' is not an RFC 3339 time or now-relative bound`,
    )
  return t
}

/** This query's memory budget: the request's (within the store's ceiling), else the store's default. */
function queryMemory(snapshot: Snapshot, asked: number | undefined): QueryMemory {
  const pool = snapshot?.memory
  const ceiling = pool?.maxQueryBytes ?? Number.POSITIVE_INFINITY
  if (asked !== undefined && (!Number.isSafeInteger(asked) || asked < 1 || asked > ceiling))
    throw new ExecError(
      'invalid_argument',
      `memoryBytes must be a whole number of bytes from 1 to ${ceiling}, got ${asked}`,
    )
  return new QueryMemory(asked ?? pool?.defaultQueryBytes ?? Number.POSITIVE_INFINITY, pool)
}

function rowLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_ROW_LIMIT
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_ROW_LIMIT)
    throw new ExecError('invalid_argument', `limit must be an integer in 1…${MAX_ROW_LIMIT}, got ${limit}`)
  return limit
}

/** The chain of single-input nodes from the root down (stops at a leaf or a multi-input node). */
/** The root and its single-input descendants, top down. */
function spine(root: LogicalNode): LogicalNode[] {
  const out = [root]
  let n = root
  while (nodeChildren(n).length === 1) {
    n = nodeChildren(n)[0]
    out.push(n)
  }
  return out
}

/** Operators that keep their input's columns and meaning: the result still "is" that summarize. */
const SCHEMA_PRESERVING: ReadonlySet<LogicalNode['kind']> = new Set([
  'Filter',
  'Search',
  'Sort',
  'TopN',
  'Limit',
])

/**
 * The Aggregate whose columns the result is (reached from the root through filters, sorts and
 * limits): it gives the result its `groups`, `buckets` and `_totals` (reference rule 60).
 */
function shapingAggregate(root: LogicalNode): Aggregate | undefined {
  let n = root
  while (SCHEMA_PRESERVING.has(n.kind)) n = nodeChildren(n)[0]
  return n.kind === 'Aggregate' ? n : undefined
}

function columnNames(e: BoundExpr, out: string[]): string[] {
  // Only an argument that is a plain column (through a cast) names a field (reference rule 59).
  const inner = e.kind === 'Cast' ? e.operand : e
  if (inner.kind === 'Column') out.push(inner.name)
  return out
}

/** `fields[].agg` of an aggregate column: wire name, field arguments, constant arguments. */
function aggInfo(expr: BoundExpr, wireName: AggWireName): ResultField['agg'] {
  if (expr.kind !== 'AggCall') return { name: wireName }
  const fields = expr.args.flatMap((a) => columnNames(a, []))
  const args = expr.args
    .filter((a) => a.kind === 'Literal')
    .map((a) => {
      const c = a.kind === 'Literal' ? literalCell(a.type, a.value) : null
      return typeof c === 'bigint' ? Number(c) : c
    })
  return { name: wireName, ...(fields.length ? { fields } : {}), ...(args.length ? { args } : {}) }
}

/** The first `n` rows of `b`'s columns as cells, one column at a time with the guard's pace between (20,000 rows × a few columns took 10–30 ms). */
async function cellsOf(b: Batch, width: number, n: number, guard: QueryGuard): Promise<Cell[][]> {
  const out: Cell[][] = []
  for (let c = 0; c < width; c++) {
    await guard.pace()
    out.push(cellsAt(b.cols[c], n))
  }
  return out
}

/**
 * Every output batch of `op` as one (the result rows, charged to the query's memory as they arrive).
 * Past `keep` rows it stops pulling: the rows beyond a result cap are never made.
 */
async function drain(
  op: PhysicalOperator,
  ctx: ExecContext,
  keep = Number.POSITIVE_INFINITY,
): Promise<Batch> {
  const rows = new ResultRows(op.schema.length, ctx.guard.memory.account('result rows'))
  for await (const b of op.batches(ctx)) {
    rows.add(b)
    if (rows.length >= keep) break
  }
  return rows.batch()
}

/** `drain`, with an abort raised below the executor (the storage scan throws the signal's reason) as ExecError `aborted`. */
async function drainOrAbort(op: PhysicalOperator, ctx: ExecContext, keep: number): Promise<Batch> {
  try {
    return await drain(op, ctx, keep)
  } catch (e) {
    if (ctx.signal?.aborted && !(e instanceof ExecError)) throw new ExecError('aborted', 'query aborted')
    throw e
  }
}

/** Rows leaving the filters directly above each scan (the rows that matched the predicates). */
/** Operators that keep or drop whole rows of one input (a chain of them over a scan matches rows). */
const ROW_CHAIN = new Set(['FilterExec', 'SearchExec', 'ProjectExec', 'ExtendExec', 'ScanExec'])

/** True when `op` heads a chain of ROW_CHAIN operators (stack breaks aside) that ends in a scan. */
function chainReachesScan(op: PhysicalOperator): boolean {
  let x = op
  while (x.name !== 'ScanExec') {
    if (!(ROW_CHAIN.has(x.name) || x.name === 'StackBreakExec') || x.children.length !== 1) return false
    x = x.children[0]
  }
  return true
}

/** Rows matched: per scan, the rows leaving the filter/project chain directly above it. */
function matchedRows(op: PhysicalOperator): number {
  let n = 0
  const stack = [op]
  while (stack.length > 0) {
    const x = stack.pop() as PhysicalOperator
    if (chainReachesScan(x)) n += x.metrics.rowsOut
    else stack.push(...x.children)
  }
  return n
}

function findAggregates(op: PhysicalOperator): AggregateExec[] {
  return preorder(op).filter((x): x is AggregateExec => x instanceof AggregateExec)
}

/** Runs `plan` over `snapshot` (see module header). */
export async function runQuery(
  snapshot: Snapshot,
  plan: LogicalPlan,
  opts: RunOptions,
): Promise<QueryResult> {
  const memory = queryMemory(snapshot, opts.memoryBytes)
  try {
    return await runBudgeted(snapshot, plan, opts, memory)
  } finally {
    memory.close()
  }
}

async function runBudgeted(
  snapshot: Snapshot,
  plan: LogicalPlan,
  opts: RunOptions,
  memory: QueryMemory,
): Promise<QueryResult> {
  const started = performance.now()
  const deadline = opts.deadlineMs === undefined ? undefined : started + opts.deadlineMs
  const guard = new QueryGuard({ deadline, signal: opts.signal, memory })
  const now = opts.now
  const window = {
    start: bound(opts.startTime, now, 'startTime'),
    end: bound(opts.endTime, now, 'endTime') ?? now,
  }
  // Event rows get the request's row limit (default 1,000); aggregating results come whole, up to
  // the group bound, checked once they are computed (a query with its own take/top/count caps itself).
  const requested = rowLimit(opts.limit)
  const cap = plan.limited || plan.aggregating ? Number.POSITIVE_INFINITY : requested
  // `render` stands last (the binder's rule): the plan below it shapes the result, and the hint rides along.
  const rendered = plan.root.kind === 'Render' ? plan.root : undefined
  // A result-shaping take past the result maximum is lowered to it (with a warning).
  const clamped = clampTakes(rendered ? { ...plan, root: rendered.input } : plan, MAX_ROW_LIMIT)
  const p = seedSamples(clamped.plan, () => opts.sampleSeed ?? randomSampleSeed())
  const readsData = p.datasets.length > 0
  // No startTime: the window starts at the Unix epoch (apl-reference §8), and bin_auto sizes to it.
  const autoStart = window.start ?? 0n
  const env: KernelEnv = {
    strictTypes: p.strictTypes,
    binAutoStep: chooseBinAutoStep(autoStart, window.end),
    now,
    guard,
    window: { start: autoStart, end: window.end },
  }
  const ctx = createContext({
    snapshot,
    window: readsData ? window : {},
    now,
    strictTypes: p.strictTypes,
    deadline,
    signal: opts.signal,
    guard,
    ...(opts.readExternal ? { readExternal: opts.readExternal } : {}),
    ...(opts.pieceRows ? { pieceRows: opts.pieceRows } : {}),
  })
  const timeDesc =
    p.order === 'time-desc' && p.root.schema.some((c) => c.name === '_time' && c.type === 'datetime')
  const remote = remoteOf(snapshot)
  const override = !readsData
    ? undefined
    : remote
      ? remote.override({ plan: p, window: ctx.window, env, now })
      : await parallelOverride({ snapshot, plan: p, parallel: opts.parallel, window: ctx.window, now })
  // Thousands of stages are built between turns of the event loop (the guard's pace).
  const pace = () => guard.pace()
  let root: PhysicalOperator
  let sorter: TopNExec | undefined
  if (timeDesc) {
    const key = {
      expr: { kind: 'Column', name: '_time', type: 'datetime', storage: [], span: p.root.span } as const,
      descending: true,
      nullsFirst: false,
    }
    // A logical TopN over the plan, so the parallel executor can take it (same operator as before).
    const count = Number.isFinite(cap) ? cap + 1 : Number.MAX_SAFE_INTEGER
    const top = {
      kind: 'TopN',
      input: p.root,
      keys: [key],
      count: BigInt(count),
      schema: p.root.schema,
      span: p.root.span,
    } as const
    root = await buildSliced(top, { env, timeDesc, override, rowCap: top, zoneStats: true }, pace)
    sorter = root as TopNExec
  } else root = await buildSliced(p.root, { env, timeDesc, override, zoneStats: true }, pace)
  if (rendered) root = new RenderExec(root, rendered.visualization)
  checkInterrupt(ctx)
  // Event rows past the cap are never read: one more than the cap tells that the cap cut the result.
  const out = await drainOrAbort(root, ctx, Number.isFinite(cap) ? cap + 1 : cap)
  opts.observe?.(root, ctx.stats)
  const produced = sorter ? sorter.metrics.rowsIn : out.length
  const groupBound = opts.maxAggregateRows ?? MAX_AGGREGATE_ROWS
  if (plan.aggregating && !plan.limited && out.length > groupBound) {
    throw new ExecError(
      'too_many_groups',
      `the result has ${out.length.toLocaleString('en-US')} groups, more than the ${groupBound.toLocaleString('en-US')} an aggregating query may return: group by fewer or coarser keys (a wider bin), filter first, or keep the top groups with top/take`,
    )
  }
  const n = Math.min(out.length, cap)
  const messages: ResultMessage[] = clamped.message ? [clamped.message] : []
  if (produced > n) {
    messages.push({
      priority: 'warn',
      code: 'default_limit_warning',
      count: 1,
      msg: `query results were limited to ${n} rows; use take/limit or a request limit to change this`,
    })
  }
  const agg = shapingAggregate(p.root)
  const tables: ResultTable[] = [
    tableOf('0', p, await cellsOf(out, p.root.schema.length, n, guard), agg, window, env, timeDesc),
  ]
  if (agg?.timeBucket) {
    const folded = agg === p.root ? foldedTotals(root, agg) : undefined
    tables.push(await totals(agg, env, ctx, p, window, override, folded))
  }
  const aggs = findAggregates(root)
  const scan = ctx.stats.scan
  return {
    tables,
    status: {
      elapsedTime: Math.round((performance.now() - started) * 1000),
      blocksExamined: scan.blocksScanned,
      blocksPruned: scan.blocksPruned,
      rowsExamined: ctx.stats.rowsExamined,
      rowsMatched: matchedRows(root),
      numGroups: aggs.reduce((s, a) => s + a.numGroups, 0),
      isPartial: false,
      isEstimate: ctx.stats.isEstimate || aggs.some((a) => a.isEstimate),
      ...(aggs.length > 0 ? { aggregations: aggs.map((a) => a.choices()) } : {}),
      ...(ctx.stats.minBlockTime !== undefined ? { minBlockTime: ctx.stats.minBlockTime } : {}),
      ...(ctx.stats.maxBlockTime !== undefined ? { maxBlockTime: ctx.stats.maxBlockTime } : {}),
      messages,
    },
    datasetNames: p.datasets,
    ...(rendered ? { visualization: rendered.visualization } : {}),
  }
}

function tableOf(
  name: string,
  p: LogicalPlan,
  columns: Cell[][],
  agg: Aggregate | undefined,
  window: { start?: bigint; end: bigint },
  env: KernelEnv,
  timeDesc: boolean,
  schema = p.root.schema,
): ResultTable {
  const aggCols = new Map(agg?.aggregates.map((a) => [a.name, a]))
  const fields: ResultField[] = schema.map((c) => {
    const a = aggCols.get(c.name)
    return a
      ? { name: c.name, type: c.type, agg: aggInfo(a.expr, a.wireName) }
      : { name: c.name, type: c.type }
  })
  const last = spine(p.root).find((x) => x.kind === 'Sort' || x.kind === 'TopN')
  // `_totals` rows are unordered (reference rule 60).
  const order =
    name === '_totals'
      ? []
      : timeDesc
        ? [{ field: '_time', desc: true }]
        : p.order === 'explicit' && last && (last.kind === 'Sort' || last.kind === 'TopN')
          ? last.keys
              .filter((k) => k.expr.kind === 'Column')
              .map((k) => ({ field: (k.expr as { name: string }).name, desc: k.descending }))
          : []
  const step = agg?.timeBucket
    ? agg.timeBucket.step === 'auto'
      ? env.binAutoStep
      : agg.timeBucket.step
    : undefined
  return {
    name,
    sources: p.datasets,
    fields,
    columns,
    order,
    groups: agg
      ? agg.keys.filter((k) => schema.some((c) => c.name === k.name)).map((k) => ({ name: k.name }))
      : [],
    ...(p.datasets.length > 0
      ? { range: { field: '_time' as const, start: window.start ?? 0n, end: window.end } }
      : {}),
    ...(step !== undefined && name !== '_totals' ? { buckets: { field: '_time' as const, size: step } } : {}),
  }
}

/**
 * The `_totals` rows folded from the summarize's own groups (ops/merged-totals.ts) when the plan is
 * that summarize, run in-process (under the default time sort); undefined otherwise, or when a fold
 * would not be exact (then `totals` runs the summarize again).
 */
function foldedTotals(root: PhysicalOperator, agg: Aggregate): Batch | undefined {
  const top = root instanceof RenderExec ? root.children[0] : root
  const op = top.name === 'TopNExec' && top.children.length === 1 ? top.children[0] : top
  if (!(op instanceof AggregateExec)) return undefined
  return op.totalsWithout(agg.timeBucket?.keyIndex ?? 0) ?? undefined
}

/**
 * The `_totals` table: the same summarize without its time-bin key, over the same input: `folded`
 * when given, else run again.
 */
async function totals(
  agg: Aggregate,
  env: KernelEnv,
  ctx: ExecContext,
  p: LogicalPlan,
  window: { start?: bigint; end: bigint },
  override: BuildOverride | undefined,
  folded: Batch | undefined,
): Promise<ResultTable> {
  const at = agg.timeBucket?.keyIndex ?? 0
  const keys = agg.keys.filter((_, i) => i !== at)
  const schema = agg.schema.filter((_, i) => i !== at)
  // The Aggregate builder makes the same AggregateExec; through it the parallel executor can take it.
  // Separate counters: the status reports the main pass.
  const again = () =>
    drain(
      build({ ...agg, keys, schema, timeBucket: null }, { env, timeDesc: false, override, zoneStats: true }),
      {
        ...ctx,
        stats: newStats(),
      },
    )
  const out = folded ?? (await again())
  const columns = await cellsOf(out, schema.length, out.length, ctx.guard)
  return tableOf('_totals', p, columns, { ...agg, keys }, window, env, false, schema)
}
