// test/reference/expr.ts: evaluates one bound expression over one row, one handler per expression
// kind (an exhaustive table: a new kind breaks compilation). Aggregation calls are answered by the
// environment's `aggregate` (set only for summarize outputs); anywhere else they are an error.

import type { BoundAggCall, BoundExpr, BoundLiteral, ExprKind, ExprOf } from '../../src/plan/index.ts'
import type { EvalContext, Row } from './context.ts'
import { OPERATORS } from './operators.ts'
import { SCALARS } from './scalar.ts'
import { conform, DateTime, fromJson, type Json, Timespan, type Value } from './values.ts'

/** Where an expression is evaluated. */
export interface ExprEnv {
  readonly row: Row
  readonly ctx: EvalContext
  /** The value of an aggregation call over the current group; null outside summarize outputs. */
  readonly aggregate: ((call: BoundAggCall) => Value) | null
}

/** The oracle lacks an implementation the plan asks for (a T3 kernel outside its tables). */
export class OracleUnsupported extends Error {
  override readonly name = 'OracleUnsupported'
}

/** The value of a literal: datetimes and timespans wrapped, dynamic JSON unwrapped (values.ts). */
export function literalValue(e: BoundLiteral): Value {
  const v = e.value
  if (v === null) return null
  if (e.type === 'datetime') return new DateTime(v as bigint)
  if (e.type === 'timespan') return new Timespan(v as bigint)
  if (e.type === 'dynamic') return fromJson(v as Json)
  return conform(v as Value, e.type)
}

/** `target.key` / `target['key']`: a property of a bag; anything else (arrays, scalars, null) → null. */
function member(target: Value, key: string): Value {
  if (target === null || typeof target !== 'object' || Array.isArray(target)) return null
  if (target instanceof DateTime || target instanceof Timespan) return null
  return Object.hasOwn(target, key) ? fromJson((target as Record<string, Json>)[key]) : null
}

/** `target[i]`: array element (negative counts from the end) or bag property; else null. */
function index(target: Value, i: Value): Value {
  if (typeof i === 'string') return member(target, i)
  if (!Array.isArray(target) || typeof i !== 'bigint') return null
  const at = Number(i < 0n ? i + BigInt(target.length) : i)
  return at >= 0 && at < target.length ? fromJson((target as readonly Json[])[at]) : null
}

type Handlers = { readonly [K in ExprKind]: (e: ExprOf<K>, env: ExprEnv) => Value }

const HANDLERS: Handlers = {
  Column: (e, env) => env.row.get(e.name) ?? null,
  Literal: (e) => literalValue(e),
  Call: (e, env) => {
    const impl = SCALARS[e.kernel]
    if (impl === undefined)
      throw new OracleUnsupported(`no reference implementation of function ${e.fn.name}`)
    const args = e.args.map((a) => evalExpr(a, env))
    // The call's static type wins: `iff(p, 1, 2.5)` is real on both branches.
    return conform(impl(args, env.ctx), e.type)
  },
  AggCall: (e, env) => {
    if (env.aggregate === null) throw new OracleUnsupported(`aggregation ${e.fn.name} outside summarize`)
    return env.aggregate(e)
  },
  Binary: (e, env) => OPERATORS[e.kernel]([evalExpr(e.left, env), evalExpr(e.right, env)], env.ctx),
  Unary: (e, env) => OPERATORS[e.kernel]([evalExpr(e.operand, env)], env.ctx),
  InList: (e, env) =>
    OPERATORS[e.kernel]([evalExpr(e.left, env), ...e.values.map((v) => evalExpr(v, env))], env.ctx),
  Between: (e, env) =>
    OPERATORS[e.kernel]([evalExpr(e.left, env), evalExpr(e.low, env), evalExpr(e.high, env)], env.ctx),
  Cast: (e, env) => conform(evalExpr(e.operand, env), e.type),
  Member: (e, env) => member(evalExpr(e.target, env), e.key),
  Index: (e, env) => index(evalExpr(e.target, env), evalExpr(e.index, env)),
  AnyColumn: (e, env) => {
    const right = evalExpr(e.right, env)
    const op = OPERATORS[e.kernel]
    return e.columns.some((c) => op([env.row.get(c.name) ?? null, right], env.ctx) === true)
  },
}

/** The value of `e` in `env`. */
export function evalExpr(e: BoundExpr, env: ExprEnv): Value {
  return (HANDLERS[e.kind] as (x: BoundExpr, env: ExprEnv) => Value)(e, env)
}

/** A plain row environment (no aggregation calls allowed). */
export function rowEnv(row: Row, ctx: EvalContext): ExprEnv {
  return { row, ctx, aggregate: null }
}

/** The empty row (print, constants). */
export const EMPTY_ROW: Row = new Map()
