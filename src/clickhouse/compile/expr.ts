// clickhouse/compile/expr.ts: a bound scalar expression → ClickHouse SQL with the local engine's
// semantics, or undefined when some part has no mapping (the node then runs locally). One entry per
// expression kind; calls and operators go through the mapping tables (scalar-map.ts,
// operator-map.ts, agg-map.ts): adding a row there is the one way to push more down.
import type { KernelEnv } from '../../exec/kernels/kernel.ts'
import { parseNumber } from '../../exec/kernels/parse-number.ts'
import type { BoundExpr, ExprKind, ExprOf } from '../../plan/index.ts'
import { ident, str } from '../sql-text.ts'
import { AGG_MAPPINGS } from './agg-map.ts'
import { OPERATOR_MAPPINGS } from './operator-map.ts'
import type { CompileContext, Relation, RelColumn } from './relation.ts'
import { scalarName, wireOf } from './relation.ts'
import { SCALAR_MAPPINGS } from './scalar-map.ts'
import { sqlLiteral, stringConstant } from './sql-literal.ts'

/** The columns an expression may read, by name, and whether aggregation calls are allowed. */
export interface ExprScope {
  readonly columns: ReadonlyMap<string, RelColumn>
  readonly aggregates: boolean
  readonly env: KernelEnv
  /** `set stricttypes`: per-value comparisons refuse mixed types (left to the local kernels). */
  readonly strictTypes: boolean
}

/** The scope of expressions over a relation's columns. */
export function scopeOf(rel: Relation, ctx: CompileContext, aggregates = false): ExprScope {
  return {
    columns: new Map(rel.columns.map((c) => [c.name, c])),
    aggregates,
    env: ctx.env,
    strictTypes: ctx.strictTypes,
  }
}

/**
 * `mixed == 'text'` / `!=` on a multi-typed field, decided per value as the local kernel does
 * (kernels/relate.ts): the string part compares as a string, a number part numerically with the
 * constant read as a number (parsed here by the same parseNumber; unparsable: no number matches), a
 * bool part never equals a string; a row holds at most one part, none: null (== false, != true).
 */
function mixedEquality(e: ExprOf<'Binary'>, scope: ExprScope): string | undefined {
  if (scope.strictTypes || (e.kernel !== 'eq' && e.kernel !== 'ne')) return undefined
  const [col, lit] = e.left.kind === 'Column' ? [e.left, e.right] : [e.right, e.left]
  const text = col.kind === 'Column' ? stringConstant(lit) : undefined
  const c = col.kind === 'Column' ? scope.columns.get(col.name) : undefined
  if (text === undefined || !c || c.parts.length < 2) return undefined
  const num = parseNumber(text)
  const arms: string[] = []
  for (const p of c.parts) {
    const x = ident(p.sqlName)
    let cond: string
    if (p.wire === 'string') cond = `(${x} = ${str(text)})`
    else if (p.wire === 'long' || p.wire === 'real')
      cond =
        num === null || Number.isNaN(num)
          ? 'false'
          : `(toFloat64(${x}) = ${sqlLiteral({ kind: 'Literal', type: 'real', value: num, span: e.span }) ?? 'NULL'})`
    else if (p.wire === 'bool') cond = 'false'
    else return undefined
    arms.push(`isNotNull(${x}), ${e.kernel === 'eq' ? cond : `NOT ${cond}`}`)
  }
  return `multiIf(${arms.join(', ')}, ${e.kernel === 'eq' ? 'false' : 'true'})`
}

/** An operand as the mapping tables see it: its SQL and bound form. */
export interface SqlArg {
  readonly sql: string
  readonly expr: BoundExpr
}

type Mapper = { readonly [K in ExprKind]: (e: ExprOf<K>, scope: ExprScope) => string | undefined }

function args(list: readonly BoundExpr[], scope: ExprScope): SqlArg[] | undefined {
  const out: SqlArg[] = []
  for (const a of list) {
    const sql = toSql(a, scope)
    if (sql === undefined) return undefined
    out.push({ sql, expr: a })
  }
  return out
}

const MAPPERS: Mapper = {
  Column: (e, scope) => {
    const c = scope.columns.get(e.name)
    return c && wireOf(c.type) !== undefined ? scalarName(c) : undefined
  },
  Literal: (e) => sqlLiteral(e),
  Call: (e, scope) => {
    const row = SCALAR_MAPPINGS[e.kernel]
    const a = row && args(e.args, scope)
    return a && row(a, e, scope.env)
  },
  AggCall: (e, scope) => {
    if (!scope.aggregates) return undefined
    const row = AGG_MAPPINGS[e.kernel]
    const a = row && args(e.args, { ...scope, aggregates: false })
    return a && row(a, e)
  },
  Binary: (e, scope) => {
    if (e.coercion === 'per-value') return mixedEquality(e, scope)
    if (e.coercion !== 'none') return undefined
    const row = OPERATOR_MAPPINGS[e.kernel]
    const a = row && args([e.left, e.right], scope)
    return a && row(a, e)
  },
  Unary: (e, scope) => {
    const row = OPERATOR_MAPPINGS[e.kernel]
    const a = row && args([e.operand], scope)
    return a && row(a, e)
  },
  InList: (e, scope) => {
    if (e.coercion !== 'none') return undefined
    const row = OPERATOR_MAPPINGS[e.kernel]
    const a = row && args([e.left, ...e.values], scope)
    return a && row(a, e)
  },
  Between: (e, scope) => {
    if (e.coercion !== 'none') return undefined
    const row = OPERATOR_MAPPINGS[e.kernel]
    const a = row && args([e.left, e.low, e.high], scope)
    return a && row(a, e)
  },
  Cast: (e, scope) => {
    const inner = toSql(e.operand, scope)
    if (inner === undefined) return undefined
    if (e.type === 'real' && (e.operand.type === 'long' || e.operand.type === 'real'))
      return `toFloat64(${inner})`
    return e.type === e.operand.type ? inner : undefined
  },
  Member: () => undefined,
  Index: () => undefined,
  AnyColumn: () => undefined,
}

/** The SQL of `e` over `scope`, or undefined when it does not map (see module header). */
export function toSql(e: BoundExpr, scope: ExprScope): string | undefined {
  if (wireOf(e.type) === undefined || e.type === 'dynamic') return undefined
  return (MAPPERS[e.kind] as (x: BoundExpr, s: ExprScope) => string | undefined)(e, scope)
}
