// query/explain.ts: explain analyze: the logical plan before and after the optimizer, the physical
// operator tree, and the scan figures of actually running the query once (blocks total / pruned /
// examined, rows examined / matched). Never returns the result rows.
import type { ExecStats } from '../exec/context.ts'
import { explainTree, type PhysicalOperator } from '../exec/operator.ts'
import { runQuery } from '../exec/run.ts'
import { optimize } from '../optimize/index.ts'
import { explainPlan } from '../plan/index.ts'
import type { Snapshot } from '../storage/snapshot.ts'
import { type AplRunOptions, compileForSnapshotOffThread, deadlineAt, msLeft } from './run-apl.ts'

/** What `explain` reports about one query. */
export interface ExplainReport {
  /** The bound logical plan, before the optimizer. */
  readonly logical: string
  /** The logical plan the executor ran (after the optimizer unless `optimize: false`). */
  readonly optimized: string
  /** The physical operator tree, root first, two spaces per level (`explainTree`). */
  readonly physical: string
  /**
   * Blocks of the datasets read (count): in the snapshot, pruned unread, and read; `fromStats` of the
   * read ones were answered from their zone maps without decoding a column.
   */
  readonly blocks: {
    readonly total: number
    readonly pruned: number
    readonly examined: number
    readonly fromStats: number
  }
  /** Rows (count): of the window reaching the first operator above a scan, and passing the filters. */
  readonly rows: { readonly examined: number; readonly matched: number }
  /** Units of parallel scans (count), and those of them that query worker threads ran (the rest ran on the main thread). */
  readonly parallel: { readonly units: number; readonly workerUnits: number }
}

/**
 * Compiles (a long text on the compile worker), optimizes and runs `apl` on `snapshot`, reporting
 * plans and scan figures; the deadline and the abort signal cover the compile too.
 */
export async function explainAnalyze(
  snapshot: Snapshot,
  apl: string,
  opts: AplRunOptions,
): Promise<ExplainReport> {
  const deadline = deadlineAt(opts.deadlineMs)
  const plan = await compileForSnapshotOffThread(snapshot, apl, { deadline, signal: opts.signal })
  const ran = opts.optimize === false ? plan : optimize(plan, { now: opts.now })
  let physical: PhysicalOperator | undefined
  let stats: ExecStats | undefined
  const result = await runQuery(snapshot, ran, {
    ...opts,
    deadlineMs: msLeft(deadline),
    observe: (op, s) => {
      physical = op
      stats = s
    },
  })
  const scan = stats?.scan
  return {
    logical: explainPlan(plan),
    optimized: explainPlan(ran),
    physical: physical ? explainTree(physical) : '',
    blocks: {
      total: scan?.blocksTotal ?? 0,
      pruned: result.status.blocksPruned,
      examined: result.status.blocksExamined,
      fromStats: scan?.blocksFromStats ?? 0,
    },
    rows: { examined: result.status.rowsExamined, matched: result.status.rowsMatched },
    parallel: { ...(stats?.parallel ?? { units: 0, workerUnits: 0 }) },
  }
}
