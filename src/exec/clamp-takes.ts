// exec/clamp-takes.ts: a `take`/`limit`/`top` whose rows are the result itself may ask for at most
// the result maximum (MAX_ROW_LIMIT event rows, decision §12): a larger count is lowered to it, and
// the result says so in a warning. Takes feeding a summarize, join or union are left alone (they
// stream: their rows are not kept).
import type { LogicalNode, LogicalPlan } from '../plan/index.ts'
import { nodeChildren, withChildren } from '../plan/index.ts'
import type { ResultMessage } from './result.ts'

/** Operators between a take and the result that keep rows as rows (the take still caps the result). */
const PASS: ReadonlySet<LogicalNode['kind']> = new Set(['Filter', 'Search', 'Project', 'Extend', 'Sort'])

/** `plan` with every result-shaping take over `max` lowered to `max`, and the warning when one was. */
export function clampTakes(plan: LogicalPlan, max: number): { plan: LogicalPlan; message?: ResultMessage } {
  const path: LogicalNode[] = []
  let n = plan.root
  let asked: bigint | undefined
  for (;;) {
    path.push(n)
    if ((n.kind === 'Limit' || n.kind === 'TopN') && n.count > BigInt(max)) asked ??= n.count
    if (!(PASS.has(n.kind) || n.kind === 'Limit' || n.kind === 'TopN')) break
    n = nodeChildren(n)[0]
  }
  if (asked === undefined) return { plan }
  // Rebuild the path bottom-up with the clamped counts.
  let below: LogicalNode | undefined
  for (let i = path.length - 1; i >= 0; i--) {
    let x = path[i]
    if (below !== undefined) x = withChildren(x, [below])
    if ((x.kind === 'Limit' || x.kind === 'TopN') && x.count > BigInt(max)) x = { ...x, count: BigInt(max) }
    below = x
  }
  const message: ResultMessage = {
    priority: 'warn',
    code: 'apl_take_clamped',
    count: 1,
    msg: `take/top of ${asked} rows is above the result maximum of ${max} rows; at most ${max} rows are returned`,
  }
  return { plan: { ...plan, root: below as LogicalNode }, message }
}
