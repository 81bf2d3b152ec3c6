// exec/parallel/parallel-planner.ts: the planner hook: per fragment, whether it runs in parallel, and
// the operators that do (ParallelAggregateExec, or the ordinary merge operator over a
// ParallelSourceExec); too small, in-memory or non-portable fragments are built in-process as before.
import type { Aggregate, LogicalNode, LogicalPlan, Scan } from '../../plan/index.ts'
import type { ZoneMap } from '../../storage/block/index.ts'
import type { Snapshot } from '../../storage/snapshot.ts'
import type { PhysicalOperator } from '../operator.ts'
import { NO_SITE } from '../ops/agg-spec.ts'
import { effectiveRange } from '../ops/scan-exec.ts'
import { stateSpecs } from '../ops/summarize-output.ts'
import { TopLink } from '../ops/top-link.ts'
import { TopNExec } from '../ops/top-n-exec.ts'
import { build, type PhysicalOptions } from '../physical-planner.ts'
import { logicalStatsTarget } from '../rules/zone-stats-rule.ts'
import { logicalTotalsTarget } from '../rules/zone-totals-rule.ts'
import { answeredByStats } from '../scan/block-stats.ts'
import { blocksOnDisk } from './blocks-on-disk.ts'
import { type Fragment, fragmentAt } from './fragment.ts'
import { mergeBound } from './merge-bound.ts'
import {
  AUTO_MIN_CHEAP_ROWS,
  AUTO_MIN_ROWS,
  CHEAP_KINDS,
  EXACT_VALUE_KINDS,
  type ParallelMode,
  resolveMode,
  wantParallel,
} from './mode.ts'
import { ParallelAggregateExec } from './parallel-aggregate-exec.ts'
import { ParallelSourceExec } from './parallel-source-exec.ts'
import { type EncodedPlan, encodePlan, PlanNotPortable } from './plan-codec.ts'
import { type RankedTop, rankedTop, rankedUnitCount, rankedUnits, zoneField } from './ranked-top.ts'
import type { FragmentJob } from './run-fragment.ts'
import { preorder, type UnitParams } from './run-unit.ts'
import { parallelConfig, sharedPool } from './shared-pool.ts'
import { makeUnits, type ScanSplit, splitScan } from './units.ts'

/**
 * Units per participant: with two in flight per worker, the other two can be stolen by whichever
 * thread is idle first (a shared machine rarely gives every thread the same share).
 */
export const UNITS_PER_PARTICIPANT = 4

/**
 * Aggregations whose state is costly to start per unit (an exact phase before the sketch: dcount's
 * set of up to 4,096 hashes, percentile's 4,096 values per group) or to ship and merge: their
 * fragments get one unit per participant (no stealing, but no repeated exact phases).
 */
const SKETCH_KINDS: ReadonlySet<string> = new Set([
  'dcount',
  'percentile',
  'percentiles_array',
  'topk',
  'histogram',
])

/** The state kinds of a fragment's summarize ([] for other fragments). */
function stateKinds(f: Fragment): string[] {
  return f.kind === 'aggregate' ? stateSpecs(f.node as Aggregate, NO_SITE).map((s) => s.kind) : []
}

/** Units per participant for fragment `f` (see UNITS_PER_PARTICIPANT and SKETCH_KINDS). */
function unitsPer(f: Fragment): number {
  return stateKinds(f).some((k) => SKETCH_KINDS.has(k)) ? 1 : UNITS_PER_PARTICIPANT
}

/** 'auto''s row threshold for fragment `f` (mode.ts): higher when it only counts or does cheap aggregations. */
function autoMinRows(f: Fragment): number {
  const cheap =
    f.kind === 'count' || (f.kind === 'aggregate' && stateKinds(f).every((k) => CHEAP_KINDS.has(k)))
  return cheap ? AUTO_MIN_CHEAP_ROWS : AUTO_MIN_ROWS
}

/** Rows of the surviving blocks that fragment `f` must decode (rule zone-stats skips some). */
function rowsToDecode(f: Fragment, split: ScanSplit, window: ParallelQuery['window']): number {
  const range = effectiveRange(f.scan, window)
  const totals = logicalTotalsTarget(f.partial)
  const target = logicalStatsTarget(f.partial)
  const fromZone =
    totals?.scan === f.scan
      ? (zm: ZoneMap) => totals.fromZone(zm, range)
      : target?.scan === f.scan
        ? (zm: ZoneMap) => answeredByStats(zm, range, target.mode.field, target.mode.type)
        : undefined
  if (!fromZone) return split.rows
  let rows = 0
  for (const b of split.survivors) if (!fromZone(b.meta.zoneMap)) rows += b.meta.header.rowCount
  return rows
}

/** The planner hook type (PhysicalOptions.override). */
export type BuildOverride = NonNullable<PhysicalOptions['override']>

/** What the override needs from the query run. */
export interface ParallelQuery {
  readonly snapshot: Snapshot
  readonly plan: LogicalPlan
  /** The query option (else the environment, else 'auto'). */
  readonly parallel: string | undefined
  /** The run context's window on `_time`, epoch ns. */
  readonly window: { readonly start?: bigint; readonly end?: bigint }
  readonly now: bigint
}

/** `node` (a fragment's partial) with its Scan's zone tests dropped (for workers: pruning is done). */
function withoutZoneTests(node: LogicalNode): LogicalNode {
  if (node.kind === 'Scan') {
    const scan: Scan = node
    return scan.pushdown ? { ...scan, pushdown: { ...scan.pushdown, zone: [] } } : scan
  }
  const input = (node as { input?: LogicalNode }).input
  return input ? ({ ...node, input: withoutZoneTests(input) } as LogicalNode) : node
}

function portable(node: LogicalNode): EncodedPlan | undefined {
  try {
    return encodePlan(withoutZoneTests(node))
  } catch (e) {
    if (e instanceof PlanNotPortable) return undefined
    throw e
  }
}

/** The merge operators of a parallel fragment (see module header). */
function buildParallel(
  f: Fragment,
  job: FragmentJob,
  o: PhysicalOptions,
  ranked: RankedTop | undefined,
): PhysicalOperator {
  const plain: PhysicalOptions = { env: o.env, timeDesc: o.timeDesc }
  if (f.kind === 'aggregate')
    return new ParallelAggregateExec(f.node as Aggregate, build(f.chain, plain), job, o.env)
  const source = new ParallelSourceExec(job, build(f.chain, plain))
  const merged = build(f.node, { ...plain, override: (n) => (n === f.chain ? source : undefined) })
  if (f.kind === 'top' && f.mergeInputOf === f.node) {
    source.merger = preorder(merged).find((op) => op.children.includes(source))
    if (ranked && source.merger instanceof TopNExec) {
      source.link = new TopLink(undefined, ranked.late)
      source.merger.linkInput(source.link)
    }
  }
  return merged
}

/**
 * The planner hook for one query run, or undefined when nothing can run in parallel (mode off, no
 * dataset on disk, or too little data to be worth it).
 */
export async function parallelOverride(q: ParallelQuery): Promise<BuildOverride | undefined> {
  const mode: ParallelMode = resolveMode(q.parallel)
  if (mode === 'off') return undefined
  const onDisk = new Set<string>()
  for (const name of q.plan.datasets) {
    const view = q.snapshot.dataset(name)
    if (!view || view.blocks.length === 0) continue
    if (mode === 'auto' && q.snapshot.rowCount(name) < AUTO_MIN_ROWS) continue
    if (await blocksOnDisk(view)) onDisk.add(name)
  }
  if (onDisk.size === 0) return undefined
  return (node, o) => {
    const f = fragmentAt(node, o.timeDesc)
    if (!f || !onDisk.has(f.scan.dataset)) return undefined
    const view = q.snapshot.dataset(f.scan.dataset)
    if (!view) return undefined
    const split = splitScan(view, f.scan, q.window)
    if (!wantParallel(mode, split)) return undefined
    // 'auto' weighs only the rows a scan must decode: blocks a count takes from zone maps cost nothing.
    if (mode === 'auto' && rowsToDecode(f, split, q.window) < autoMinRows(f)) return undefined
    // 'auto' keeps a summarize that holds exact values in-process: its partials would carry every value.
    if (mode === 'auto' && stateKinds(f).some((k) => EXACT_VALUE_KINDS.has(k))) return undefined
    // 'auto' keeps a summarize by a near-unique string in-process: its merge would redo it (merge-bound.ts).
    if (mode === 'auto' && mergeBound(f, split)) return undefined
    // 'auto' keeps a bounded top-N in-process: one visit, best block first, tightens the bound
    // fastest, so it reads the fewest blocks; units on workers each start from a looser bound and
    // together examined more (q9 at 10M on 2 vCPUs: 58 ms in-process, 69 ms on workers).
    if (mode === 'auto' && o.rowCap !== node && rankedTop(f)) return undefined
    const workerPlan = portable(f.partial)
    const pool = workerPlan ? sharedPool() : undefined
    if (!workerPlan || !pool) return undefined
    const { mainShare } = parallelConfig()
    // Plain data only: the guard stays on this thread (each unit makes its own over the same limits).
    const { guard, ...env } = o.env
    const params: UnitParams = {
      kind: f.kind,
      env,
      ...(guard && Number.isFinite(guard.memory.limit) ? { memoryBytes: guard.memory.limit } : {}),
      timeDesc: o.timeDesc,
      window: q.window,
      now: q.now,
      strictTypes: q.plan.strictTypes,
      ...(o.rowCap === node ? { rowCap: true } : {}),
    }
    const participants = pool.size + (mainShare ? 1 : 0)
    // A bounded top-N's units follow the in-process visiting order (best zone bound first), so each
    // can start from the bound of the units before it (run-fragment.ts).
    const ranked = params.rowCap ? undefined : rankedTop(f)
    const base = participants * unitsPer(f)
    const units = ranked
      ? rankedUnits(
          split.survivors,
          ranked.bound,
          rankedUnitCount(participants, split.survivors.length, base),
        )
      : makeUnits(split.survivors, base)
    pool.warm()
    return buildParallel(
      f,
      {
        fragment: f,
        params,
        store: q.snapshot,
        split,
        units,
        pool,
        mainShare,
        workerPlan,
        zoneField: zoneField(f),
        ranked: ranked !== undefined,
      },
      o,
      ranked,
    )
  }
}
