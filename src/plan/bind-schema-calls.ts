// plan/bind-schema-calls.ts: the scalar functions the binder answers from the input's schema rather
// than a kernel: column_ifexists and ensure_field (a constant field name looked up in the scope's
// columns), ingestion_time (the `_sysTime` column) and cursor_current (the Scan's `_rowId`). Each
// becomes a column reference, a typed null or the default expression: nothing runs per row for them.
import { lookupScalar } from '../catalog/index.ts'
import type { Call, Expr } from '../syntax/ast.ts'
import type { ScalarTypeName } from '../syntax/ast-expr.ts'
import type { BindContext, ExprScope } from './bind-context.ts'
import { bindExpr } from './bind-expr.ts'
import { type BoundExpr, boundExpr, boundLiteral } from './bound-expr.ts'
import { findColumn } from './columns.ts'
import { isConstant } from './expr-walk.ts'
import { columnExpr } from './names.ts'

type SchemaCall = (e: Call, scope: ExprScope, ctx: BindContext) => BoundExpr

/** The receive time every stored event has (ingest sets it; api-contract §8). */
const SYS_TIME = '_sysTime'
/** The virtual row-id column of a Scan (exec/scan/row-id.ts), the legacy query's cursor. */
const ROW_ID = '_rowId'

/** The conversion a present field of another type goes through to become `ensure_field`'s type. */
const CONVERT: { readonly [T in ScalarTypeName]: string } = {
  bool: 'tobool',
  long: 'tolong',
  real: 'toreal',
  string: 'tostring',
  datetime: 'todatetime',
  timespan: 'totimespan',
  dynamic: 'todynamic',
}

function arity(e: Call, expected: number, ctx: BindContext): void {
  if (e.args.length === expected) return
  const at = e.args[expected]?.span ?? e.span
  ctx.fail('APL0304', at, { name: e.name.name, expected: String(expected), actual: e.args.length })
}

function arg(e: Call, i: number, scope: ExprScope, ctx: BindContext): BoundExpr {
  const a = e.args[i]
  if (a.kind === 'NamedExpr') return ctx.fail('APL0307', a.span, { feature: 'a named function argument' })
  return bindExpr(a as Expr, { ...scope, groupKey: false }, ctx)
}

/** Argument `i`, a field name: a string literal (a `let` constant binds as one). */
function fieldName(e: Call, i: number, scope: ExprScope, ctx: BindContext): string {
  const a = arg(e, i, scope, ctx)
  const name = e.name.name
  if (!isConstant(a)) return ctx.fail('APL0319', a.span, { name: `argument ${i + 1} of \`${name}\`` })
  if (a.type !== 'string') {
    return ctx.fail('APL0305', a.span, { name, position: i + 1, expected: 'string', actual: a.type })
  }
  if (a.kind !== 'Literal' || typeof a.value !== 'string') {
    return ctx.fail('APL0317', a.span, { operator: name, reason: 'the field name must be a string literal' })
  }
  return a.value
}

/** `name(arg)` as the conversion row `fn` would bind it (ensure_field of a field of another type). */
function convert(fn: string, a: BoundExpr, type: ScalarTypeName): BoundExpr {
  const row = lookupScalar(fn)
  if (row === undefined) throw new Error(`catalog has no ${fn}`)
  return boundExpr('Call', { type, span: a.span, fn: row, kernel: row.kernel, args: [a] })
}

const columnIfExists: SchemaCall = (e, scope, ctx) => {
  arity(e, 2, ctx)
  const name = fieldName(e, 0, scope, ctx)
  const fallback = arg(e, 1, scope, ctx)
  const c = findColumn(scope.schema, name)
  return c === undefined ? fallback : columnExpr(c, e.span, scope, ctx)
}

const ensureField: SchemaCall = (e, scope, ctx) => {
  arity(e, 2, ctx)
  const name = fieldName(e, 0, scope, ctx)
  const t = e.args[1]
  if (t.kind !== 'TypeOf') {
    return ctx.fail('APL0317', t.span, {
      operator: e.name.name,
      reason: 'the field type must be written `typeof(<type>)`, e.g. typeof(string)',
    })
  }
  const c = findColumn(scope.schema, name)
  if (c === undefined) return boundLiteral(t.type, null, e.span)
  const col = columnExpr(c, e.span, scope, ctx)
  return c.type === t.type ? col : convert(CONVERT[t.type], col, t.type)
}

/** `ingestion_time()`: the row's `_sysTime`, or a null datetime where no stored row is in scope. */
const ingestionTime: SchemaCall = (e, scope, ctx) => {
  arity(e, 0, ctx)
  const c = findColumn(scope.schema, SYS_TIME)
  return c?.type === 'datetime' ? columnExpr(c, e.span, scope, ctx) : boundLiteral('datetime', null, e.span)
}

/**
 * `cursor_current()`: the row's `_rowId` (what the legacy query takes as a cursor); the binder turns
 * the Scan's row ids on for a query that calls it (bind.ts). Null where no stored row is in scope.
 */
const cursorCurrent: SchemaCall = (e, scope, ctx) => {
  arity(e, 0, ctx)
  const c = findColumn(scope.schema, ROW_ID)
  return c?.type === 'string' ? columnExpr(c, e.span, scope, ctx) : boundLiteral('string', null, e.span)
}

const SCHEMA_CALLS: Readonly<Record<string, SchemaCall>> = {
  column_ifexists: columnIfExists,
  ensure_field: ensureField,
  ingestion_time: ingestionTime,
  cursor_current: cursorCurrent,
}

/** The binder's handler for scalar function `name` when it is answered from the schema. */
export function schemaCall(name: string): SchemaCall | undefined {
  return Object.hasOwn(SCHEMA_CALLS, name) ? SCHEMA_CALLS[name] : undefined
}

/** True when the binder answers scalar function `name` from the schema (the support matrix asks). */
export function bindsSchemaCall(name: string): boolean {
  return schemaCall(name) !== undefined
}

/** Whether a parsed query calls `cursor_current()` anywhere (its Scans then supply `_rowId`). */
export function callsCursorCurrent(node: unknown, depth = 0): boolean {
  if (node === null || typeof node !== 'object' || depth > 10_000) return false
  if (Array.isArray(node)) return node.some((n) => callsCursorCurrent(n, depth + 1))
  const o = node as { kind?: unknown; name?: { name?: unknown } }
  if (o.kind === 'Call' && o.name?.name === 'cursor_current') return true
  for (const v of Object.values(node)) if (callsCursorCurrent(v, depth + 1)) return true
  return false
}
