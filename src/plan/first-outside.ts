// plan/first-outside.ts: the plan node a query's text puts first among those outside an allowed
// set of kinds, for checks that admit only some operators (block deletion, match monitors).
import { type LogicalKind, type LogicalNode, nodeChildren } from './logical.ts'

/** The node with the smallest span start whose kind is not in `allowed`, or undefined. */
export function firstNodeOutside(
  root: LogicalNode,
  allowed: ReadonlySet<LogicalKind>,
): LogicalNode | undefined {
  let found: LogicalNode | undefined
  const stack = [root]
  while (stack.length > 0) {
    const n = stack.pop() as LogicalNode
    if (!allowed.has(n.kind) && (found === undefined || n.span.start < found.span.start)) found = n
    stack.push(...nodeChildren(n))
  }
  return found
}
