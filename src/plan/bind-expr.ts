// plan/bind-expr.ts: AST scalar expression → BoundExpr, one handler per AST kind (tabular kinds are
// refused as "scalar expected"). Calls live in bind-calls.ts, search terms in bind-search.ts.

import { lookupPrefixOperator } from '../catalog/index.ts'
import type { Span } from '../diagnostics/span.ts'
import type { Between, Binary, Expr, Index, InList, Literal, Path, Unary } from '../syntax/ast.ts'
import { MAX_TOKENS } from '../syntax/limits.ts'
import { operatorResultType, operatorRow, operatorSpan } from './apply-operator.ts'
import { bindCall } from './bind-calls.ts'
import type { BindContext, ExprScope } from './bind-context.ts'
import {
  type BoundExpr,
  boundExpr,
  boundLiteral,
  type Coercion,
  type ColumnRef,
  columnRef,
} from './bound-expr.ts'
import { checkCoercion, comparisonCoercion, isComparison, strongestCoercion } from './coercion.ts'
import { expandedSize } from './expr-walk.ts'
import { dottedSegments, memberExpr, resolveBracketName, resolveDotted, resolveName } from './names.ts'

/** Most terms a bound expression may have with its `let` names expanded (as many as a query's tokens). */
export const MAX_EXPANDED_TERMS = MAX_TOKENS

type Handlers = {
  readonly [K in Expr['kind']]: (
    e: Extract<Expr, { kind: K }>,
    scope: ExprScope,
    ctx: BindContext,
  ) => BoundExpr
}

const scalarExpected = (e: Expr, _scope: ExprScope, ctx: BindContext): never =>
  ctx.fail('APL0316', e.span, {})

const HANDLERS: Handlers = {
  Literal: (e) => bindLiteral(e),
  Name: (e, scope, ctx) => resolveName(e, scope, ctx),
  BracketName: (e, scope, ctx) => resolveBracketName(e, scope, ctx),
  Path: (e, scope, ctx) => bindPath(e, scope, ctx),
  Index: (e, scope, ctx) => bindIndex(e, scope, ctx),
  Call: (e, scope, ctx) => bindCall(e, scope, ctx),
  Binary: (e, scope, ctx) => bindBinary(e, scope, ctx),
  Unary: (e, scope, ctx) => bindUnary(e, scope, ctx),
  InList: (e, scope, ctx) => bindInList(e, scope, ctx),
  Between: (e, scope, ctx) => bindBetween(e, scope, ctx),
  Star: (e, _scope, ctx) => ctx.fail('APL0320', e.span, { name: '`*`' }),
  TypeOf: (e, _scope, ctx) => ctx.fail('APL0307', e.span, { feature: '`typeof(...)` as a value' }),
  Datatable: scalarExpected,
  ExternalData: scalarExpected,
  Pipe: scalarExpected,
  Search: scalarExpected,
  Union: scalarExpected,
  Print: scalarExpected,
}

/** Binds a scalar expression in `scope`; fails (BindFailure) on the first error. */
export function bindExpr(e: Expr, scope: ExprScope, ctx: BindContext): BoundExpr {
  const bound = (HANDLERS[e.kind] as (x: Expr, s: ExprScope, c: BindContext) => BoundExpr)(e, scope, ctx)
  // `let` names are shared, not copied: doubling them costs nothing here but every later tree walk
  // (and evaluation of a different value per use) would pay the expanded size.
  const nodes = expandedSize(bound)
  if (nodes > MAX_EXPANDED_TERMS) ctx.fail('APL0205', e.span, { nodes, limit: MAX_EXPANDED_TERMS })
  return bound
}

/** A literal; bare `null` has no type of its own (`unknown`, matched per value). */
export function bindLiteral(e: Literal): BoundExpr {
  return boundLiteral(e.type === 'null' ? 'unknown' : e.type, e.value, e.span)
}

/** Refuses property/index access on a value that cannot hold properties. */
function checkDynamic(target: BoundExpr, operator: string, ctx: BindContext): void {
  if (target.type !== 'dynamic' && target.type !== 'unknown') {
    ctx.fail('APL0306', target.span, { operator, left: target.type })
  }
}

function member(ctx: BindContext) {
  return (target: BoundExpr, key: string, span: Span): BoundExpr => {
    checkDynamic(target, '.', ctx)
    return memberExpr(target, key, span)
  }
}

function bindPath(e: Path, scope: ExprScope, ctx: BindContext): BoundExpr {
  const head = dottedSegments(e)?.[0]
  if (head !== undefined && (head.name === '$left' || head.name === '$right')) {
    return ctx.fail('APL0320', e.span, { name: `\`${head.name}\` outside a join condition` })
  }
  const dotted = resolveDotted(e, scope, ctx, member(ctx))
  if (dotted !== undefined) return dotted
  const target = bindExpr(e.target, scope, ctx)
  return member(ctx)(target, e.member.name, e.span)
}

function bindIndex(e: Index, scope: ExprScope, ctx: BindContext): BoundExpr {
  const target = bindExpr(e.target, scope, ctx)
  checkDynamic(target, '[]', ctx)
  const index = bindExpr(e.index, { ...scope, groupKey: false }, ctx)
  if (index.kind === 'Literal' && typeof index.value === 'string')
    return memberExpr(target, index.value, e.span)
  if (!['long', 'string', 'unknown', 'dynamic'].includes(index.type)) {
    return ctx.fail('APL0314', index.span, { expected: 'a long index or a string key', actual: index.type })
  }
  return boundExpr('Index', { type: 'dynamic', span: e.span, target, index })
}

/** Scope for operands: only the top expression of a group key may be `bin_auto`. */
function operandScope(scope: ExprScope): ExprScope {
  return scope.groupKey ? { ...scope, groupKey: false } : scope
}

/** The string columns `*` stands for in `* has "x"`: string fields and mixed fields holding strings. */
export function stringColumns(scope: ExprScope): ColumnRef[] {
  return scope.schema
    .filter((c) => c.type === 'string' || (c.type === 'unknown' && c.storage.includes('string')))
    .map((c) => columnRef(c.name, c.type, c.storage, { start: 0, length: 0 }))
}

function bindBinary(e: Binary, scope: ExprScope, ctx: BindContext): BoundExpr {
  const opSpan = operatorSpan(ctx.text, e.op, e.left.span.start + e.left.span.length, e.right.span.start)
  const inner = operandScope(scope)
  if (e.left.kind === 'Star') {
    const row = operatorRow(e.op, opSpan, scope, ctx)
    if (row.group !== 'string') return ctx.fail('APL0320', e.left.span, { name: '`*`' })
    const right = bindExpr(e.right, inner, ctx)
    const columns = stringColumns(scope).map((c) => ({ ...c, span: e.left.span }))
    operatorResultType(row, [boundLiteral('string', '', e.left.span), right], ctx)
    return boundExpr('AnyColumn', { type: 'bool', span: e.span, op: row, kernel: row.kernel, columns, right })
  }
  // Source order (left, operator, right), so the first error reported is the leftmost one.
  const left = bindExpr(e.left, inner, ctx)
  const row = operatorRow(e.op, opSpan, scope, ctx)
  const right = bindExpr(e.right, inner, ctx)
  const type = operatorResultType(row, [left, right], ctx)
  const coercion = isComparison(row.name) ? comparisonCoercion(left.type, right.type) : 'none'
  checkCoercion(coercion, left.type, right.type, e.span, ctx)
  if ((row.name === '/' || row.name === '%') && isZeroLong(right) && left.type === 'long') {
    return ctx.fail('APL0312', right.span, {})
  }
  return boundExpr('Binary', { type, span: e.span, op: row, kernel: row.kernel, left, right, coercion })
}

function isZeroLong(e: BoundExpr): boolean {
  return e.kind === 'Literal' && e.type === 'long' && e.value === 0n
}

function bindUnary(e: Unary, scope: ExprScope, ctx: BindContext): BoundExpr {
  const operand = bindExpr(e.operand, operandScope(scope), ctx)
  const opSpan = { start: e.span.start, length: e.op.length }
  if (e.op === '+') {
    if (!['long', 'real', 'timespan', 'unknown', 'dynamic'].includes(operand.type)) {
      return ctx.fail('APL0306', operand.span, { operator: '+', left: operand.type })
    }
    return { ...operand, span: e.span }
  }
  const row = lookupPrefixOperator(e.op)
  if (row === undefined || !ctx.capabilities.operator(row)) {
    return ctx.fail('APL0307', opSpan, { feature: `operator \`${e.op}\`` })
  }
  const type = operatorResultType(row, [operand], ctx)
  // Fold `-<literal>` so constants such as `take -1` or `ago(-1h)` stay literals.
  if (e.op === '-' && operand.kind === 'Literal' && operand.value !== null) {
    const v = operand.value
    if (typeof v === 'bigint') return boundLiteral(operand.type, -v, e.span)
    if (typeof v === 'number') return boundLiteral(operand.type, -v, e.span)
  }
  return boundExpr('Unary', { type, span: e.span, op: row, kernel: row.kernel, operand })
}

function bindInList(e: InList, scope: ExprScope, ctx: BindContext): BoundExpr {
  const end = e.values[0]?.span.start ?? e.span.start + e.span.length
  const opSpan = operatorSpan(ctx.text, e.op, e.left.span.start + e.left.span.length, end)
  const inner = operandScope(scope)
  const left = bindExpr(e.left, inner, ctx)
  const row = operatorRow(e.op, opSpan, scope, ctx)
  const values = e.values.map((v) => {
    if (v.kind === 'Pipe' || v.kind === 'Datatable' || v.kind === 'Union' || v.kind === 'Search') {
      return ctx.fail('APL0307', v.span, { feature: 'a sub-query inside `in (...)`' })
    }
    return bindExpr(v, inner, ctx)
  })
  const type = operatorResultType(row, [left, ...values], ctx)
  const coercion = isComparison(row.name) ? comparePairs(left, values, e.span, ctx) : 'none'
  return boundExpr('InList', { type, span: e.span, op: row, kernel: row.kernel, left, values, coercion })
}

/** The coercion of `left` compared with each of `others`, checked against `set stricttypes`. */
function comparePairs(left: BoundExpr, others: readonly BoundExpr[], span: Span, ctx: BindContext): Coercion {
  const coercions = others.map((o) => comparisonCoercion(left.type, o.type))
  const odd = others[coercions.indexOf('string-number')]
  if (odd !== undefined) checkCoercion('string-number', left.type, odd.type, span, ctx)
  return strongestCoercion(coercions)
}

function bindBetween(e: Between, scope: ExprScope, ctx: BindContext): BoundExpr {
  const symbol = e.negated ? '!between' : 'between'
  const opSpan = operatorSpan(ctx.text, symbol, e.left.span.start + e.left.span.length, e.low.span.start)
  const inner = operandScope(scope)
  const left = bindExpr(e.left, inner, ctx)
  const row = operatorRow(symbol, opSpan, scope, ctx)
  const low = bindExpr(e.low, inner, ctx)
  const high = bindExpr(e.high, inner, ctx)
  const type = operatorResultType(row, [left, low, high], ctx)
  const coercion = comparePairs(left, [low, high], e.span, ctx)
  return boundExpr('Between', { type, span: e.span, op: row, kernel: row.kernel, left, low, high, coercion })
}
