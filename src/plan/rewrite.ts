// plan/rewrite.ts: rebuilding bound expressions and the expressions inside plan nodes,
// bottom-up, for rewrite rules. Exhaustive Records over ExprKind and LogicalKind: a new kind breaks
// the build until it is handled here.
import type { BoundExpr, ExprKind, ExprOf } from './bound-expr.ts'
import type { LogicalKind, LogicalNode, LogicalOf } from './logical.ts'
import { rebuildBottomUp, withNewChildren } from './node-walk.ts'

type Rewrite = (e: BoundExpr) => BoundExpr
type ExprRebuild = { readonly [K in ExprKind]: (e: ExprOf<K>, f: Rewrite) => ExprOf<K> }

const same = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i])

const EXPR: ExprRebuild = {
  Column: (e) => e,
  Literal: (e) => e,
  Call: (e, f) => {
    const args = e.args.map(f)
    return same(args, e.args) ? e : { ...e, args }
  },
  AggCall: (e, f) => {
    const args = e.args.map(f)
    return same(args, e.args) ? e : { ...e, args }
  },
  Binary: (e, f) => {
    const left = f(e.left)
    const right = f(e.right)
    return left === e.left && right === e.right ? e : { ...e, left, right }
  },
  Unary: (e, f) => {
    const operand = f(e.operand)
    return operand === e.operand ? e : { ...e, operand }
  },
  InList: (e, f) => {
    const left = f(e.left)
    const values = e.values.map(f)
    return left === e.left && same(values, e.values) ? e : { ...e, left, values }
  },
  Between: (e, f) => {
    const [left, low, high] = [f(e.left), f(e.low), f(e.high)]
    return left === e.left && low === e.low && high === e.high ? e : { ...e, left, low, high }
  },
  Cast: (e, f) => {
    const operand = f(e.operand)
    return operand === e.operand ? e : { ...e, operand }
  },
  Member: (e, f) => {
    const target = f(e.target)
    return target === e.target ? e : { ...e, target }
  },
  Index: (e, f) => {
    const target = f(e.target)
    const index = f(e.index)
    return target === e.target && index === e.index ? e : { ...e, target, index }
  },
  AnyColumn: (e, f) => {
    const right = f(e.right)
    return right === e.right ? e : { ...e, right }
  },
}

/** Applies `f` to every sub-expression bottom-up (children first), keeping unchanged nodes shared. */
export function mapExpr(e: BoundExpr, f: Rewrite): BoundExpr {
  const rebuilt = (EXPR[e.kind] as (x: BoundExpr, g: Rewrite) => BoundExpr)(e, (c) => mapExpr(c, f))
  return f(rebuilt)
}

type NodeRewrite = { readonly [K in LogicalKind]: (n: LogicalOf<K>, f: Rewrite) => LogicalOf<K> }
const cols = <C extends { readonly expr: BoundExpr }>(xs: readonly C[], f: Rewrite): C[] =>
  xs.map((c) => ({ ...c, expr: f(c.expr) }))

const NODE: NodeRewrite = {
  Scan: (n) => n,
  Filter: (n, f) => ({ ...n, predicate: f(n.predicate) }),
  Search: (n, f) => ({ ...n, predicate: f(n.predicate) }),
  Project: (n, f) => ({ ...n, columns: cols(n.columns, f) }),
  Extend: (n, f) => ({ ...n, columns: cols(n.columns, f) }),
  Aggregate: (n, f) => ({ ...n, keys: cols(n.keys, f), aggregates: cols(n.aggregates, f) }),
  Sort: (n, f) => ({ ...n, keys: cols(n.keys, f) }),
  TopN: (n, f) => ({ ...n, keys: cols(n.keys, f) }),
  Limit: (n) => n,
  Distinct: (n, f) => ({ ...n, columns: cols(n.columns, f) }),
  CountRows: (n) => n,
  Union: (n) => n,
  Join: (n, f) => ({ ...n, keys: n.keys.map((k) => ({ left: f(k.left), right: f(k.right) })) }),
  MakeSeries: (n, f) => ({
    ...n,
    on: f(n.on),
    from: n.from && f(n.from),
    to: n.to && f(n.to),
    step: f(n.step),
    keys: cols(n.keys, f),
  }),
  Print: (n, f) => ({ ...n, columns: cols(n.columns, f) }),
  Datatable: (n) => n,
  Render: (n) => n,
  Parse: (n, f) => ({ ...n, source: f(n.source) }),
  MvExpand: (n, f) => ({ ...n, items: cols(n.items, f) }),
  Sample: (n) => n,
  Redact: (n) => n,
  ExternalData: (n) => n,
}

/**
 * Rewrites every expression of every node of the tree with `mapExpr(·, f)`. Iterative over nodes,
 * and a sub-expression shared by several nodes or uses (a `let`) is rewritten once.
 */
export function mapPlanExprs(node: LogicalNode, f: Rewrite): LogicalNode {
  const memo = new Map<BoundExpr, BoundExpr>()
  const g = (e: BoundExpr) => mapExprMemo(e, f, memo)
  return rebuildBottomUp(node, (n, children) => {
    const withKids = children.length === 0 ? n : withNewChildren(n, children)
    return (NODE[withKids.kind] as (x: LogicalNode, h: Rewrite) => LogicalNode)(withKids, g)
  })
}

/** `mapExpr` remembering each rewritten node, so shared sub-expressions are rewritten (and kept shared) once. */
function mapExprMemo(e: BoundExpr, f: Rewrite, memo: Map<BoundExpr, BoundExpr>): BoundExpr {
  const hit = memo.get(e)
  if (hit !== undefined) return hit
  const rebuilt = (EXPR[e.kind] as (x: BoundExpr, g: Rewrite) => BoundExpr)(e, (c) => mapExprMemo(c, f, memo))
  const out = f(rebuilt)
  memo.set(e, out)
  return out
}

/** Rewrites the tree bottom-up with a node rule (iteratively: any depth). */
export function mapNodes(node: LogicalNode, rule: (n: LogicalNode) => LogicalNode): LogicalNode {
  return rebuildBottomUp(node, (n, children) => rule(withNewChildren(n, children)))
}
