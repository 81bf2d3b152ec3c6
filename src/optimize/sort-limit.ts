// optimize/sort-limit.ts: `sort by k | take n` becomes `top n by k`, so the executor keeps a bounded
// heap of n rows instead of sorting every row (issue 7). Same answer: the sort is stable and the
// heap breaks ties by arrival, as a stable sort followed by a take does.
import type { LogicalNode } from '../plan/index.ts'

/** Limit directly over Sort → TopN (any other node unchanged). */
export function sortLimitToTopN(n: LogicalNode): LogicalNode {
  if (n.kind !== 'Limit' || n.input.kind !== 'Sort') return n
  const sort = n.input
  return { kind: 'TopN', schema: n.schema, span: n.span, input: sort.input, count: n.count, keys: sort.keys }
}
