// exec/kernels/sql/sql-format.ts: format_sql, the SQL text of a parse_sql model (sql-parse.ts): lower-case
// keywords, one space between tokens, strings in single quotes, parentheses only where `or` sits under
// `and` or `not`. A value that is not such a model (a missing clause, an unknown key shape) is null.
import type { CellJson } from '../../result.ts'

class Fail extends Error {}

type Obj = { readonly [key: string]: CellJson }

function obj(v: CellJson | undefined): Obj {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Fail()
  return v
}

function list(v: CellJson | undefined): readonly CellJson[] {
  if (!Array.isArray(v) || v.length === 0) throw new Fail()
  return v
}

function str(v: CellJson | undefined): string {
  if (typeof v !== 'string') throw new Fail()
  return v
}

/** A name as written: plain when it is an identifier (or dotted ones), else double-quoted. */
function name(n: string): string {
  if (n === '*' || /^[A-Za-z_][A-Za-z0-9_$]*(\.[A-Za-z_][A-Za-z0-9_$]*)*$/.test(n)) return n
  return `"${n.replace(/"/g, '""')}"`
}

function operand(v: CellJson): string {
  const o = obj(v)
  if (o.colname !== undefined) return name(str(o.colname))
  const value = str(o.value)
  switch (o.valtype) {
    case 'string':
      return `'${value.replace(/'/g, "''")}'`
    case 'integer':
    case 'float':
      if (!/^-?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(value)) throw new Fail()
      return value
    case 'boolean':
    case 'null':
      if (!/^(true|false|null)$/.test(value)) throw new Fail()
      return value
    default:
      throw new Fail()
  }
}

const PRECEDENCE: Readonly<Record<string, number>> = { or: 1, and: 2, not: 3 }

function condition(v: CellJson, parent: number): string {
  const o = obj(v)
  if (o.operator === undefined) return operand(v)
  const op = str(o.operator)
  const params = list(o.params)
  const own = PRECEDENCE[op] ?? 4
  let text: string
  if (op === 'or' || op === 'and') {
    if (params.length !== 2) throw new Fail()
    text = `${condition(params[0], own)} ${op} ${condition(params[1], own + 1)}`
  } else if (op === 'not') {
    if (params.length !== 1) throw new Fail()
    text = `not ${condition(params[0], own)}`
  } else if (op === 'in' || op === 'not in') {
    text = `${operand(params[0])} ${op} (${params.slice(1).map(operand).join(', ')})`
  } else if (op === 'is' || op === 'is not') {
    text = `${operand(params[0])} ${op} null`
  } else if (['=', '!=', '<', '<=', '>', '>=', 'like', 'not like'].includes(op)) {
    if (params.length !== 2) throw new Fail()
    text = `${operand(params[0])} ${op} ${operand(params[1])}`
  } else throw new Fail()
  return own < parent ? `(${text})` : text
}

function column(v: CellJson): string {
  const o = obj(v)
  const col = name(str(o.colname))
  return o.alias === undefined ? col : `${col} as ${name(str(o.alias))}`
}

function statement(model: Obj): string {
  if (model.statement !== 'select') throw new Fail()
  let sql = `select ${model.distinct === true ? 'distinct ' : ''}${list(model.columns).map(column).join(', ')}`
  sql += ` from ${list(model.from)
    .map((t) => name(str(obj(t).table)))
    .join(', ')}`
  if (model.where !== undefined) sql += ` where ${condition(model.where, 0)}`
  if (model.group !== undefined) sql += ` group by ${list(model.group).map(operand).join(', ')}`
  if (model.order !== undefined) {
    const keys = list(model.order).map((k) => {
      const o = obj(k)
      const dir = o.direction === undefined ? 'asc' : str(o.direction)
      if (dir !== 'asc' && dir !== 'desc') throw new Fail()
      return `${operand(o.expr)} ${dir}`
    })
    sql += ` order by ${keys.join(', ')}`
  }
  if (model.limit !== undefined) sql += ` limit ${operand(model.limit)}`
  return sql
}

/** format_sql(model): the statement's SQL text, or null when `model` is not a parse_sql model. */
export function formatSql(model: CellJson): string | null {
  try {
    return statement(obj(model))
  } catch (e) {
    if (e instanceof Fail) return null
    throw e
  }
}
