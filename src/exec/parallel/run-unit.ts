// exec/parallel/run-unit.ts: runs one unit of a fragment (same code on a worker and on the main
// thread): rebuilds the operators with the ordinary planner over the unit's snapshot and returns the
// partial result, the unit's counters and its operators' metrics in pre-order.
import type { Aggregate, LogicalNode } from '../../plan/index.ts'
import type { Snapshot } from '../../storage/snapshot.ts'
import type { Batch } from '../batch.ts'
import { createContext, type ExecContext, ExecError, type ExecStats } from '../context.ts'
import type { KernelEnv } from '../kernels/kernel.ts'
import type { OperatorMetrics, PhysicalOperator } from '../operator.ts'
import { concatBatches } from '../ops/sort-exec.ts'
import { build } from '../physical-planner.ts'
import type { FragmentKind } from './fragment.ts'
import { type AggPartial, PartialAggregate } from './partial-aggregate.ts'

/** A unit's top-N rows (at most N, best first) and how many rows reached its top-N. */
export interface TopPartial {
  readonly kind: 'top'
  readonly batch: Batch | null
  readonly rowsIn: number
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
}

/** The result of one unit. */
export interface UnitOutput {
  readonly partial: Partial
  readonly stats: ExecStats
  /** Metrics of the unit's operators, pre-order from the fragment's top. */
  readonly metrics: readonly OperatorMetrics[]
}

/** Operators of a tree, root first (the order unit metrics travel in). */
export function preorder(op: PhysicalOperator, out: PhysicalOperator[] = []): PhysicalOperator[] {
  out.push(op)
  for (const c of op.children) preorder(c, out)
  return out
}

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
): Promise<UnitOutput> {
  const ctx = createContext({
    snapshot,
    window: params.window,
    now: params.now,
    strictTypes: params.strictTypes,
    deadline,
    signal,
  })
  if (stop) {
    Object.defineProperty(ctx, 'deadline', {
      get: () => (Atomics.load(stop, 0) === 0 ? deadline : Number.NEGATIVE_INFINITY),
    })
  }
  const o = { env: params.env, timeDesc: params.timeDesc }
  if (params.kind === 'aggregate') {
    const agg = node as Aggregate
    const input = build(agg.input, o)
    const partial = new PartialAggregate(agg, input, params.env)
    const out = await orAborted(ctx, () => partial.run(ctx))
    return {
      partial: out,
      stats: ctx.stats,
      metrics: [partial.metrics, ...preorder(input).map((x) => x.metrics)],
    }
  }
  const op = build(node, o)
  const parts = await orAborted(ctx, () => drain(op, ctx))
  const metrics = preorder(op).map((x) => x.metrics)
  if (params.kind === 'count') {
    const v = parts[0]?.cols[0]
    const count = v?.kind === 'num' ? v.values[0] : 0
    return { partial: { kind: 'count', count }, stats: ctx.stats, metrics }
  }
  const batch = parts.length === 0 ? null : concatBatches(parts, op.schema.length)
  return { partial: { kind: 'top', batch, rowsIn: op.metrics.rowsIn }, stats: ctx.stats, metrics }
}
