// plan/node-walk.ts: iterative traversals of logical plan trees (pre-order, and bottom-up rebuild),
// so a pipeline of 10,000 stages never deepens the JS stack. A subtree shared by two parents (a
// tabular `let` used twice) is visited and rebuilt once, and stays shared.
import type { LogicalNode } from './logical.ts'
import { nodeChildren, withChildren } from './logical.ts'

/** Every node of the tree, parents before children (children in order), each shared node once. */
export function preorderNodes(root: LogicalNode): LogicalNode[] {
  const out: LogicalNode[] = []
  const seen = new Set<LogicalNode>()
  const stack = [root]
  while (stack.length > 0) {
    const n = stack.pop() as LogicalNode
    if (seen.has(n)) continue
    seen.add(n)
    out.push(n)
    const kids = nodeChildren(n)
    for (let i = kids.length - 1; i >= 0; i--) stack.push(kids[i])
  }
  return out
}

/**
 * Rebuilds the tree bottom-up: `f(node, children)` for every node after its children, where
 * `children` are the children already rebuilt (the very same objects when none changed).
 */
export function rebuildBottomUp(
  root: LogicalNode,
  f: (node: LogicalNode, children: readonly LogicalNode[]) => LogicalNode,
): LogicalNode {
  const done = new Map<LogicalNode, LogicalNode>()
  const stack: LogicalNode[] = [root]
  while (stack.length > 0) {
    const n = stack[stack.length - 1]
    if (done.has(n)) {
      stack.pop()
      continue
    }
    const kids = nodeChildren(n)
    let ready = true
    for (let i = kids.length - 1; i >= 0; i--) {
      if (!done.has(kids[i])) {
        stack.push(kids[i])
        ready = false
      }
    }
    if (!ready) continue
    stack.pop()
    done.set(
      n,
      f(
        n,
        kids.map((k) => done.get(k) as LogicalNode),
      ),
    )
  }
  return done.get(root) as LogicalNode
}

/** `n` with `children` when any differs from its own, else `n` itself. */
export function withNewChildren(n: LogicalNode, children: readonly LogicalNode[]): LogicalNode {
  const own = nodeChildren(n)
  return own.length === children.length && own.every((c, i) => c === children[i])
    ? n
    : withChildren(n, children)
}
