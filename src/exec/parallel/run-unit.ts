// exec/parallel/run-unit.ts: runs one unit of a fragment (same code on a worker and on the main
// thread): rebuilds the operators with the ordinary planner over the unit's snapshot and returns the
// partial result, the unit's counters and its operators' metrics in pre-order.
import type { Aggregate, LogicalNode } from '../../plan/index.ts'
import type { Snapshot } from '../../storage/snapshot.ts'
import type { Batch } from '../batch.ts'
import { createContext, type ExecContext, ExecError, type ExecStats } from '../context.ts'
import { QueryGuard } from '../guard.ts'
import type { KernelEnv } from '../kernels/kernel.ts'
import { type OperatorMetrics, type PhysicalOperator, preorder } from '../operator.ts'
import { concatBatches } from '../ops/sort-exec.ts'
import { TopNExec } from '../ops/top-n-exec.ts'
import { TopTrace, type TopTraceData } from '../ops/top-trace.ts'
import { build } from '../physical-planner.ts'
import { QueryMemory } from '../query-memory.ts'
import type { FragmentKind } from './fragment.ts'
import { type AggPartial, PartialAggregate } from './partial-aggregate.ts'

/** A unit's top-N rows (at most N, best first) and how many rows reached its top-N. */
export interface TopPartial {
  readonly kind: 'top'
  readonly batch: Batch | null
  readonly rowsIn: number
  /** What a top-N with a bound did per block (top-trace.ts), for the main thread's counter replay. */
  readonly trace?: TopTraceData
  /** Place of each row of `batch` in the unit's scan order (block index in the unit × 2^32 + row). */
  readonly places?: Float64Array
  /** The batch's late columns are unread (placeholders): the merge fetches them for the rows it keeps. */
  readonly lateDeferred?: boolean
}

/** A top-N unit's share of the query's bound (units visited in the in-process order, top-reconcile.ts). */
export interface UnitTop {
  /** Whole-list index of each block of the unit. */
  readonly positions: readonly number[]
  /** The N-th best row of the units before this one (`block`: its whole-list index), when known. */
  readonly seed?: { readonly isNull: boolean; readonly a: number; readonly b: number; readonly block: number }
}

/** A unit's row count. */
export interface CountPartial {
  readonly kind: 'count'
  readonly count: number
}

/** What a unit hands to the merge. */
export type Partial = AggPartial | TopPartial | CountPartial

/** Settings shared by every unit of one fragment (plain data). */
export interface UnitParams {
  readonly kind: FragmentKind
  readonly env: KernelEnv
  /** Planner setting (a bare `take` is a top-N by `_time` desc). */
  readonly timeDesc: boolean
  /** Query window on `_time`, epoch ns. */
  readonly window: { readonly start?: bigint; readonly end?: bigint }
  readonly now: bigint
  readonly strictTypes: boolean
  /** The fragment's top-N is the run's row cap (PhysicalOptions.rowCap): it never prunes blocks. */
  readonly rowCap?: boolean
  /** Memory budget of each unit, bytes (the query's; absent: unbudgeted). */
  readonly memoryBytes?: number
}

/** The result of one unit. */
export interface UnitOutput {
  readonly partial: Partial
  readonly stats: ExecStats
  /** Metrics of the unit's operators, pre-order from the fragment's top. */
  readonly metrics: readonly OperatorMetrics[]
}

/** Operators of a tree, root first (the order unit metrics travel in). */
export { preorder }

async function drain(op: PhysicalOperator, ctx: ExecContext): Promise<Batch[]> {
  const parts: Batch[] = []
  for await (const b of op.batches(ctx)) parts.push(b)
  return parts
}

/** `fn`, with an abort raised below the executor (the scan throws the signal's reason) as ExecError. */
async function orAborted<T>(ctx: ExecContext, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    if (ctx.signal?.aborted && !(e instanceof ExecError)) throw new ExecError('aborted', 'query aborted')
    throw e
  }
}

/**
 * Starts a trace on a top-N whose bound may skip blocks (the unit's metrics, pre-order, are traced),
 * seeding the bound with what units before this one found.
 */
function startTrace(op: PhysicalOperator, top: UnitTop | undefined): TopTrace | undefined {
  const bound = op instanceof TopNExec ? op.link?.bound : undefined
  if (!bound || !(op instanceof TopNExec) || !op.link) return undefined
  if (top?.seed) bound.seed(top.seed, top.positions)
  // A ranked unit's rows carry their places: the merge fetches the late columns of the N it keeps.
  if (top) op.deferLate = true
  const { field, kind, descending, nullsFirst } = bound
  const trace = new TopTrace(
    preorder(op).map((x) => x.metrics),
    { field, kind, descending, nullsFirst, count: op.count },
  )
  op.link.trace = trace
  return trace
}

/**
 * Runs `node` (the fragment's partial) over `snapshot` (see module header). `stop`: a flag another
 * thread sets to cancel; once set the deadline reads as passed, so every interrupt check (between
 * blocks, every 64 Ki rows, inside long kernels) stops the unit without waiting for a message.
 */
export async function runUnit(
  node: LogicalNode,
  params: UnitParams,
  snapshot: Snapshot,
  deadline: number | undefined,
  signal: AbortSignal | undefined,
  stop?: Int32Array,
  top?: UnitTop,
): Promise<UnitOutput> {
  const guard = new QueryGuard({
    deadline,
    signal,
    memory: new QueryMemory(params.memoryBytes ?? Number.POSITIVE_INFINITY),
    ...(stop ? { stopped: () => Atomics.load(stop, 0) !== 0 } : {}),
  })
  const ctx = createContext({
    snapshot,
    window: params.window,
    now: params.now,
    strictTypes: params.strictTypes,
    deadline,
    signal,
    guard,
  })
  const env = { ...params.env, guard }
  const o = { env, timeDesc: params.timeDesc, ...(params.rowCap ? { rowCap: node } : {}) }
  if (params.kind === 'aggregate') {
    const agg = node as Aggregate
    const input = build(agg.input, o)
    const partial = new PartialAggregate(agg, input, env)
    const out = await orAborted(ctx, () => partial.run(ctx))
    return {
      partial: out,
      stats: ctx.stats,
      metrics: [partial.metrics, ...preorder(input).map((x) => x.metrics)],
    }
  }
  const op = build(node, o)
  const trace = params.kind === 'top' ? startTrace(op, top) : undefined
  const parts = await orAborted(ctx, () => drain(op, ctx))
  const metrics = preorder(op).map((x) => x.metrics)
  if (params.kind === 'count') {
    const v = parts[0]?.cols[0]
    const count = v?.kind === 'num' ? v.values[0] : 0
    return { partial: { kind: 'count', count }, stats: ctx.stats, metrics }
  }
  // A top-N yields one dense batch: kept as is, so unread (late) columns stay placeholders.
  const batch =
    parts.length === 0
      ? null
      : parts.length === 1 && parts[0].sel === null
        ? parts[0]
        : concatBatches(parts, op.schema.length)
  const places = op instanceof TopNExec ? op.outputPlaces : undefined
  const partial: TopPartial = {
    kind: 'top',
    batch,
    rowsIn: op.metrics.rowsIn,
    ...(trace ? { trace: trace.data() } : {}),
    ...(places && batch && places.length === batch.length ? { places } : {}),
    ...(op instanceof TopNExec && op.deferLate && op.link?.late ? { lateDeferred: true } : {}),
  }
  return { partial, stats: ctx.stats, metrics }
}
