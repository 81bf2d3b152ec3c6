// clickhouse/compile/join-node.ts: `join` as a ClickHouse JOIN with the local JoinExec's semantics
// (run with `join_use_nulls`, source-exec.ts): keys are computed on each side (a long/real pair as
// Float64, NaN as NULL, so null and NaN keys never match), `innerunique` keeps the first left row of
// each key tuple (`LIMIT 1 BY` over the left order), semi/anti joins emit each row of their side once.
// Rows in the local order: left rows in order, each with its right matches in right order, then the
// right-only rows in right order (two hidden positions, NULLS LAST). Key pairs the local executor
// refuses (string vs number, dynamic, mixed) do not map, so the same error comes from the local run.
import type { AplType } from '../../catalog/index.ts'
import type { JoinKind, LogicalOf } from '../../plan/index.ts'
import { ident } from '../sql-text.ts'
import { scopeOf, toSql } from './expr.ts'
import {
  type CompileContext,
  type OrderTerm,
  orderBy,
  type Part,
  type Relation,
  type RelColumn,
} from './relation.ts'

/** The JOIN clause of each kind, and which positions order its rows. */
const KINDS: {
  readonly [K in JoinKind]: { readonly sql: string; readonly order: 'both' | 'left' | 'right' }
} = {
  inner: { sql: 'INNER JOIN', order: 'both' },
  innerunique: { sql: 'INNER JOIN', order: 'both' },
  leftouter: { sql: 'LEFT JOIN', order: 'both' },
  rightouter: { sql: 'RIGHT JOIN', order: 'both' },
  fullouter: { sql: 'FULL JOIN', order: 'both' },
  leftsemi: { sql: 'LEFT SEMI JOIN', order: 'left' },
  leftanti: { sql: 'LEFT ANTI JOIN', order: 'left' },
  rightsemi: { sql: 'RIGHT SEMI JOIN', order: 'right' },
  rightanti: { sql: 'RIGHT ANTI JOIN', order: 'right' },
}

const NUMERIC: ReadonlySet<AplType> = new Set(['long', 'real'])
const HASHABLE: ReadonlySet<AplType> = new Set(['bool', 'long', 'real', 'datetime', 'timespan', 'string'])

/** A key's SQL as it is compared: reals (and long/real pairs) as Float64 with NaN as NULL. */
function keySql(sql: string, asReal: boolean): string {
  if (!asReal) return sql
  return `if(isNaN(toFloat64(${sql})), NULL, toFloat64(${sql}))`
}

/** One side: its key columns and its row position computed over its own relation. */
function side(
  rel: Relation,
  keys: readonly { sql: string }[],
  names: { keys: readonly string[]; pos: string },
): string {
  const pos = rel.order.length > 0 ? `row_number() OVER (${orderBy(rel.order).trim()})` : '0'
  const extra = keys.map((k, i) => `${k.sql} AS ${ident(names.keys[i])}`)
  return `SELECT *, ${[...extra, `toUInt64(${pos}) AS ${ident(names.pos)}`].join(', ')} FROM (${rel.sql})`
}

/** The Join's relation, or undefined when a key does not map (see module header). */
export function joinRelation(
  n: LogicalOf<'Join'>,
  [left, right]: readonly Relation[],
  ctx: CompileContext,
): Relation | undefined {
  const [ls, rs] = [scopeOf(left, ctx), scopeOf(right, ctx)]
  const lk: { sql: string }[] = []
  const rk: { sql: string }[] = []
  for (const k of n.keys) {
    const [a, b] = [k.left.type, k.right.type]
    if (!HASHABLE.has(a) || !HASHABLE.has(b) || !(a === b || (NUMERIC.has(a) && NUMERIC.has(b))))
      return undefined
    const [l, r] = [toSql(k.left, ls), toSql(k.right, rs)]
    if (l === undefined || r === undefined) return undefined
    const asReal = a === 'real' || b === 'real'
    lk.push({ sql: keySql(l, asReal) })
    rk.push({ sql: keySql(r, asReal) })
  }
  const kind = KINDS[n.joinKind]
  const names = {
    left: { keys: lk.map(() => ctx.fresh('jl')), pos: ctx.fresh('lp') },
    right: { keys: rk.map(() => ctx.fresh('jr')), pos: ctx.fresh('rp') },
  }
  let lsql = side(left, lk, names.left)
  if (n.joinKind === 'innerunique') {
    const by = names.left.keys.map(ident).join(', ')
    lsql = `SELECT * FROM (${lsql}) ORDER BY ${ident(names.left.pos)} LIMIT 1 BY ${by}`
  }
  const rsql = side(right, rk, names.right)
  const withLeft = n.schema.length > n.rightNames.length
  const select: string[] = []
  const columns: RelColumn[] = []
  if (withLeft)
    for (const c of left.columns) {
      for (const p of c.parts) select.push(`l.${ident(p.sqlName)} AS ${ident(p.sqlName)}`)
      columns.push(c)
    }
  for (const { from, to } of n.rightNames) {
    const c = right.columns.find((x) => x.name === from)
    if (!c) return undefined
    const single = c.parts.length === 1 && c.parts[0].sqlName === c.name
    const parts: Part[] = c.parts.map((p) => ({ sqlName: single ? to : ctx.fresh('p'), wire: p.wire }))
    c.parts.forEach((p, i) => {
      select.push(`r.${ident(p.sqlName)} AS ${ident(parts[i].sqlName)}`)
    })
    columns.push({ name: to, type: c.type, parts, ...(c.estimate ? { estimate: true } : {}) })
  }
  const hidden: string[] = []
  const order: OrderTerm[] = []
  for (const [which, pos] of [
    ['left', names.left.pos],
    ['right', names.right.pos],
  ] as const) {
    if (kind.order !== 'both' && kind.order !== which) continue
    select.push(`${which === 'left' ? 'l' : 'r'}.${ident(pos)} AS ${ident(pos)}`)
    hidden.push(pos)
    order.push({ name: pos, desc: false, nullsFirst: false, notNull: false })
  }
  const on = names.left.keys.map((k, i) => `l.${ident(k)} = r.${ident(names.right.keys[i])}`).join(' AND ')
  return {
    sql: `SELECT ${select.join(', ')} FROM (${lsql}) AS l ${kind.sql} (${rsql}) AS r ON ${on}`,
    columns,
    hidden,
    order,
  }
}
