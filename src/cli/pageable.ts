// cli/pageable.ts: whether a query's rows can be fetched page by page, newest first, by narrowing the
// window's end: one dataset followed only by operators that keep or drop whole rows and never
// change or drop `_time` (where, search, extend, project… keeping `_time`). Syntax only.

import type { ColumnExpr, Expr, NamePattern, TabularOperator } from '../syntax/ast.ts'
import { parseApl } from '../syntax/parse.ts'

const assignsTime = (cols: readonly ColumnExpr[]) =>
  cols.some((c) => c.kind === 'NamedExpr' && c.name.name === '_time')

/** A `project` list that outputs `_time` itself (pages continue from it). */
const keepsTime = (cols: readonly ColumnExpr[]) =>
  cols.some((c) => (c.kind === 'Name' || c.kind === 'BracketName') && c.name === '_time')

/** True when a name pattern of project-away/keep matches `_time`. */
const matchesTime = (patterns: readonly NamePattern[]) =>
  patterns.some((p) =>
    p.kind === 'Wildcard'
      ? new RegExp(`^${p.pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test('_time')
      : p.name === '_time',
  )

/** Per operator kind: true when it keeps rows' `_time` and order meaning (absent kinds: never). */
const ROW_OPERATORS: {
  readonly [K in TabularOperator['kind']]?: (op: Extract<TabularOperator, { kind: K }>) => boolean
} = {
  Where: () => true,
  Search: () => true,
  Extend: (op) => !assignsTime(op.columns),
  Project: (op) => !assignsTime(op.columns) && keepsTime(op.columns),
  ProjectAway: (op) => !matchesTime(op.columns),
  ProjectKeep: (op) => matchesTime(op.columns),
  ProjectRename: (op) => op.renames.every((r) => r.newName.name !== '_time' && r.oldName.name !== '_time'),
}

const isDataset = (e: Expr) => e.kind === 'Name' || e.kind === 'BracketName'

/** True when `apl` is one dataset and row-preserving operators (see module header). */
export function pageable(apl: string): boolean {
  const ast = parseApl(apl).ast
  if (ast === undefined || ast.statements.length > 0) return false
  const body = ast.body
  if (isDataset(body)) return true
  if (body.kind !== 'Pipe' || !isDataset(body.source)) return false
  return body.operators.every((op) => {
    const ok = ROW_OPERATORS[op.kind] as ((o: TabularOperator) => boolean) | undefined
    return ok?.(op) === true
  })
}
