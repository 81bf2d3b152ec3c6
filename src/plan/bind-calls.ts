// plan/bind-calls.ts: function calls → catalog rows. Aggregations only where the scope allows them,
// `bin_auto` only as a summarize key, rows the engine cannot run refused (APL0307), and every
// signature mismatch turned into a diagnostic pointing at the offending argument.

import {
  allAggregateNames,
  allScalarNames,
  describeTypeSpec,
  lookupAggregate,
  lookupScalar,
  type Param,
  resolveSignature,
  type SignatureMismatch,
  TYPE_CLASSES,
  type TypeClass,
} from '../catalog/index.ts'
import { suggest } from '../diagnostics/suggest.ts'
import type { Call, Expr } from '../syntax/ast.ts'
import type { BindContext, ExprScope } from './bind-context.ts'
import { bindExpr } from './bind-expr.ts'
import { bindFieldArgs } from './bind-field-args.ts'
import { schemaCall } from './bind-schema-calls.ts'
import { type AggregateRow, type BoundExpr, boundExpr, type ScalarRow } from './bound-expr.ts'
import { checkRegexArgs } from './check-regex.ts'
import { isConstant } from './expr-walk.ts'
import { refuseMapArguments } from './map-field-use.ts'

/** Binds `name(args)` as an aggregation or a scalar function, per the scope. */
export function bindCall(e: Call, scope: ExprScope, ctx: BindContext): BoundExpr {
  const name = e.name.name
  const agg = lookupAggregate(name)
  const fn = lookupScalar(name)
  if (agg !== undefined && (fn === undefined || scope.aggregates === 'top')) {
    if (scope.aggregates === 'none') return ctx.fail('APL0308', e.name.span, { name })
    if (scope.aggregates === 'inside') {
      return ctx.fail('APL0320', e.name.span, { name: `aggregation \`${name}\` inside another aggregation` })
    }
    if (!ctx.capabilities.aggregate(agg))
      return ctx.fail('APL0307', e.name.span, { feature: `aggregation \`${name}\`` })
    return bindAggregateCall(e, agg, scope, ctx)
  }
  if (fn === undefined) {
    const candidates =
      scope.aggregates === 'top' ? [...allAggregateNames(), ...allScalarNames()] : allScalarNames()
    return ctx.fail('APL0302', e.name.span, { name, suggestion: suggest(name, candidates) })
  }
  if (!ctx.capabilities.scalar(fn))
    return ctx.fail('APL0307', e.name.span, { feature: `function \`${name}\`` })
  const fromSchema = schemaCall(name)
  if (fromSchema !== undefined) return fromSchema(e, scope, ctx)
  if (fn.placement === 'summarize-by' && !scope.groupKey) {
    return ctx.fail('APL0320', e.name.span, { name: `\`${name}\` outside a summarize \`by\` clause` })
  }
  const args = bindArgs(e, { ...scope, groupKey: false }, ctx)
  if (fn.placement === 'summarize-by' && (args[0]?.kind !== 'Column' || args[0].name !== '_time')) {
    const at = args[0]?.span ?? e.span
    return ctx.fail('APL0317', at, { operator: name, reason: 'its argument must be the `_time` field' })
  }
  const { type, args: coerced } = resolveCall(fn, name, e, args, ctx)
  return boundExpr('Call', { type, span: e.span, fn, kernel: fn.kernel, args: coerced })
}

function bindAggregateCall(e: Call, agg: AggregateRow, scope: ExprScope, ctx: BindContext): BoundExpr {
  // A whole summarize output is bound by bind-arg-extremum.ts; reaching here means it is nested.
  if (agg.rowColumns) {
    return ctx.fail('APL0320', e.name.span, {
      name: `\`${e.name.name}\` inside an expression or make-series (it returns several columns: use it as a whole summarize output)`,
    })
  }
  // `count(*)` is accepted as `count()`.
  const argNodes = agg.name === 'count' && e.args.length === 1 && e.args[0].kind === 'Star' ? [] : e.args
  const inner: ExprScope = { ...scope, aggregates: 'inside', groupKey: false }
  const args =
    agg.fieldArgs === undefined
      ? bindArgs({ ...e, args: argNodes }, inner, ctx)
      : bindFieldArgs(e, agg, inner, ctx)
  const { type, args: coerced } = resolveCall(agg, e.name.name, e, args, ctx)
  return boundExpr('AggCall', { type, span: e.span, fn: agg, kernel: agg.kernel, args: coerced })
}

function bindArgs(e: Call, scope: ExprScope, ctx: BindContext): BoundExpr[] {
  return e.args.map((a) => {
    if (a.kind === 'NamedExpr') return ctx.fail('APL0307', a.span, { feature: 'a named function argument' })
    return bindExpr(a as Expr, scope, ctx)
  })
}

/** Resolves the overload, checks constant ranges and choices, and inserts long→real casts. */
function resolveCall(
  row: ScalarRow | AggregateRow,
  name: string,
  e: Call,
  args: readonly BoundExpr[],
  ctx: BindContext,
): { type: BoundExpr['type']; args: BoundExpr[] } {
  const match = resolveSignature(
    row,
    args.map((a) => ({ type: a.type, constant: isConstant(a) })),
  )
  if (!match.ok) return failMismatch(match.mismatch, name, e, args, ctx)
  refuseMapArguments(args, match.params, ctx)
  checkRegexArgs(match.params, args, ctx)
  const out = args.map((a, i) => {
    checkConstantValue(match.params[i], a, i, name, ctx)
    return match.coercions[i] === 'widen' ? boundExpr('Cast', { type: 'real', span: a.span, operand: a }) : a
  })
  return { type: match.returns, args: out }
}

/** Fails with the diagnostic of a signature mismatch (arity, constant or type), pointing at the argument. */
export function failMismatch(
  m: SignatureMismatch,
  name: string,
  e: Call,
  args: readonly BoundExpr[],
  ctx: BindContext,
): never {
  const at = args[m.argIndex]?.span
  if (m.reason === 'arity') {
    // Too many: point at the first surplus argument; too few: at the whole call.
    // The message template appends "argument(s)"; the catalog's arity text already ends in the word.
    const expected = m.expected.replace(/ arguments?(?= or |$)/g, '')
    return ctx.fail('APL0304', at ?? e.span, { name, expected, actual: args.length })
  }
  if (m.reason === 'constant') {
    return ctx.fail('APL0319', at ?? e.span, { name: `argument ${m.argIndex + 1} of \`${name}\`` })
  }
  // Spell out a type class: "summable (long, real or timespan)".
  const expected = Object.hasOwn(TYPE_CLASSES, m.expected)
    ? `${m.expected} (${describeTypeSpec(TYPE_CLASSES[m.expected as TypeClass])})`
    : m.expected
  return ctx.fail('APL0305', at ?? e.span, { name, position: m.argIndex + 1, expected, actual: m.found })
}

/** Checks a literal argument against its parameter's `range` and `oneOf`. */
function checkConstantValue(p: Param, a: BoundExpr, i: number, name: string, ctx: BindContext): void {
  const value = a.kind === 'Cast' ? a.operand : a
  if (value.kind !== 'Literal' || value.value === null) return
  if (p.range !== undefined && (typeof value.value === 'number' || typeof value.value === 'bigint')) {
    const v = Number(value.value)
    if (v < p.range[0] || v > p.range[1]) {
      ctx.fail('APL0317', a.span, {
        operator: name,
        reason: `argument ${i + 1} must be between ${p.range[0]} and ${p.range[1]}`,
      })
    }
  }
  if (p.oneOf !== undefined && typeof value.value === 'string') {
    const v = value.value.toLowerCase()
    if (!p.oneOf.some((o) => o.toLowerCase() === v)) {
      ctx.fail('APL0317', a.span, {
        operator: name,
        reason: `argument ${i + 1} must be one of ${p.oneOf.join(', ')}`,
      })
    }
  }
}
