// clickhouse/compile/expr.ts: a bound scalar expression → ClickHouse SQL with the local engine's
// semantics, or undefined when some part has no mapping (the node then runs locally). One entry per
// expression kind; calls and operators go through the mapping tables (scalar-map.ts,
// operator-map.ts, agg-map.ts): adding a row there is the one way to push more down.
import type { KernelEnv } from '../../exec/kernels/kernel.ts'
import type { BoundExpr, ExprKind, ExprOf } from '../../plan/index.ts'
import { AGG_MAPPINGS } from './agg-map.ts'
import { OPERATOR_MAPPINGS } from './operator-map.ts'
import type { RelColumn } from './relation.ts'
import { scalarName, wireOf } from './relation.ts'
import { SCALAR_MAPPINGS } from './scalar-map.ts'
import { sqlLiteral } from './sql-literal.ts'

/** The columns an expression may read, by name, and whether aggregation calls are allowed. */
export interface ExprScope {
  readonly columns: ReadonlyMap<string, RelColumn>
  readonly aggregates: boolean
  readonly env: KernelEnv
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
