// plan/expr-walk.ts: generic traversal of bound expressions (children, constancy, columns read,
// aggregate detection). Dispatch is an exhaustive Record over ExprKind; adding a kind breaks the build.

import type { BoundExpr, ExprKind, ExprOf } from './bound-expr.ts'

type ChildrenOf = { readonly [K in ExprKind]: (e: ExprOf<K>) => readonly BoundExpr[] }

const NONE: readonly BoundExpr[] = []

const CHILDREN: ChildrenOf = {
  Column: () => NONE,
  Literal: () => NONE,
  Call: (e) => e.args,
  AggCall: (e) => e.args,
  Binary: (e) => [e.left, e.right],
  Unary: (e) => [e.operand],
  InList: (e) => [e.left, ...e.values],
  Between: (e) => [e.left, e.low, e.high],
  Cast: (e) => [e.operand],
  Member: (e) => [e.target],
  Index: (e) => [e.target, e.index],
  AnyColumn: (e) => [...e.columns, e.right],
}

/** The direct sub-expressions of `e`, in source order. */
export function exprChildren(e: BoundExpr): readonly BoundExpr[] {
  return (CHILDREN[e.kind] as (x: BoundExpr) => readonly BoundExpr[])(e)
}

const QUERY_CLOCK: ReadonlySet<string> = new Set(['now', 'ago'])

/**
 * True for a call whose value may differ from row to row with the same arguments (`rand()`). The
 * clock functions (`now()`, `ago()`) are volatile but constant within one query: its clock is fixed.
 */
export function variesPerRow(e: ExprOf<'Call'>): boolean {
  return e.fn.volatile && !QUERY_CLOCK.has(e.fn.name)
}

/** Whether a node is constant given that its children are (columns and aggregates never are). */
const CONSTANT_SELF: { readonly [K in ExprKind]: (e: ExprOf<K>) => boolean } = {
  Column: () => false,
  Literal: () => true,
  Call: (e) => !variesPerRow(e),
  AggCall: () => false,
  Binary: () => true,
  Unary: () => true,
  InList: () => true,
  Between: () => true,
  Cast: () => true,
  Member: () => true,
  Index: () => true,
  AnyColumn: () => false,
}

// Binding asks about every operand of every operator: memoised so long operator chains stay linear.
const CONSTANT = new WeakMap<BoundExpr, boolean>()

/** True when `e` has the same value for every row of the query (literals, let constants, `ago(1h)`). */
export function isConstant(e: BoundExpr): boolean {
  const known = CONSTANT.get(e)
  if (known !== undefined) return known
  let out = (CONSTANT_SELF[e.kind] as (x: BoundExpr) => boolean)(e)
  if (out) for (const c of exprChildren(e)) if (!isConstant(c)) out = false
  CONSTANT.set(e, out)
  return out
}

const SIZE = new WeakMap<BoundExpr, number>()

/**
 * Terms of `e` with every shared sub-expression counted at each use (what a tree walk would visit):
 * a `let` used twice is two copies. Memoised per node, so it costs each distinct node once.
 */
export function expandedSize(e: BoundExpr): number {
  const known = SIZE.get(e)
  if (known !== undefined) return known
  let n = 1
  for (const c of exprChildren(e)) n += expandedSize(c)
  SIZE.set(e, n)
  return n
}

/** Adds the name of every column `e` reads to `out`. */
export function collectColumns(e: BoundExpr, out: Set<string>): void {
  if (e.kind === 'Column') {
    out.add(e.name)
    return
  }
  for (const c of exprChildren(e)) collectColumns(c, out)
}

/** Every aggregation call in `e`, outermost first. */
export function aggregateCalls(e: BoundExpr, out: ExprOf<'AggCall'>[] = []): ExprOf<'AggCall'>[] {
  if (e.kind === 'AggCall') {
    out.push(e)
    return out
  }
  for (const c of exprChildren(e)) aggregateCalls(c, out)
  return out
}
