// clickhouse/compile/nodes.ts: the mapping table of plan node kinds: one row per logical kind, giving
// its SQL over its inputs' relations, or undefined when this node (its expressions, aggregations or
// kind) does not map; the node and everything above it then run in apldb's executor over the rows
// of the mapped inputs. Rows keep the local engine's order: sorts are stable (ties in input order),
// a summarize's groups come in order of first appearance, a `take` keeps the first rows (the newest
// under the default time order), ascending sorts put nulls as the key says (NULLS FIRST for asc).
import type { ColumnDef, LogicalKind, LogicalNode, LogicalOf, SortKey } from '../../plan/index.ts'
import { ident } from '../sql-text.ts'
import { scopeOf as scope, toSql } from './expr.ts'
import { joinRelation } from './join-node.ts'
import {
  type CompileContext,
  type OrderTerm,
  orderBy,
  type Relation,
  type RelColumn,
  wireOf,
} from './relation.ts'
import { scanRelation } from './scan-node.ts'
import { unionRelation } from './union-node.ts'

type NodeMapping<K extends LogicalKind> = (
  n: LogicalOf<K>,
  inputs: readonly Relation[],
  ctx: CompileContext,
) => Relation | undefined

/** Hidden column of a summarize's first appearance, and the row-cap's count of rows seen. */
export const FIRST_COL = '__apldb_first'
export const TOTAL_COL = '__apldb_total'

function single(name: string, type: RelColumn['type']): RelColumn | undefined {
  const wire = wireOf(type)
  return wire === undefined ? undefined : { name, type, parts: [{ sqlName: name, wire }] }
}

/** A column def that only renames an input column: its parts under new names. */
function renamed(
  def: ColumnDef,
  input: Relation,
  ctx: CompileContext,
): { inner: string[]; outer: string[]; col: RelColumn } | undefined {
  if (def.expr.kind !== 'Column') return undefined
  const src = input.columns.find((c) => c.name === (def.expr as { name: string }).name)
  if (!src) return undefined
  const multi = src.parts.length !== 1
  const parts = src.parts.map((p) => ({ sqlName: multi ? ctx.fresh('p') : def.name, wire: p.wire }))
  // Copied under fresh names first: an output named like an input column (`extend a = 1, n = a`)
  // would otherwise shadow the column this reads.
  const tmp = src.parts.map(() => ctx.fresh('e'))
  const inner = src.parts.map((p, i) => `${ident(p.sqlName)} AS ${ident(tmp[i])}`)
  const outer = parts.map((p, i) => `${ident(tmp[i])} AS ${ident(p.sqlName)}`)
  return { inner, outer, col: { name: def.name, type: src.type, parts } }
}

/** Project/Extend: computed defs in an inner SELECT under fresh names, then the output list. */
function project(
  defs: readonly ColumnDef[],
  keep: readonly RelColumn[],
  input: Relation,
  ctx: CompileContext,
): Relation | undefined {
  const sc = scope(input, ctx)
  const inner: string[] = []
  const outer: string[] = []
  const columns: RelColumn[] = []
  for (const c of keep) {
    for (const p of c.parts) outer.push(ident(p.sqlName))
    columns.push(c)
  }
  for (const d of defs) {
    const r = renamed(d, input, ctx)
    if (r) {
      inner.push(...r.inner)
      outer.push(...r.outer)
      columns.push(r.col)
      continue
    }
    const sql = toSql(d.expr, sc)
    const col = single(d.name, d.expr.type)
    if (sql === undefined || !col) return undefined
    const tmp = ctx.fresh('e')
    inner.push(`${sql} AS ${ident(tmp)}`)
    outer.push(`${ident(tmp)} AS ${ident(d.name)}`)
    columns.push(col)
  }
  for (const h of input.hidden) outer.push(ident(h))
  const from = inner.length > 0 ? `SELECT *, ${inner.join(', ')} FROM (${input.sql})` : input.sql
  return {
    sql: `SELECT ${outer.join(', ')} FROM (${from})`,
    columns,
    hidden: input.hidden,
    order: input.order,
  }
}

/** Sort keys as hidden columns (a plain column is used as is) and the stable order they give. */
function sorted(
  keys: readonly SortKey[],
  input: Relation,
  ctx: CompileContext,
): { sql: string; hidden: string[]; order: OrderTerm[] } | undefined {
  const sc = scope(input, ctx)
  const extra: string[] = []
  const hidden = [...input.hidden]
  const terms: OrderTerm[] = []
  for (const k of keys) {
    const sql = toSql(k.expr, sc)
    if (sql === undefined) return undefined
    // Always a hidden copy: a later project may drop the key column itself.
    const name = ctx.fresh('o')
    extra.push(`${sql} AS ${ident(name)}`)
    hidden.push(name)
    terms.push({ name, desc: k.descending, nullsFirst: k.nullsFirst, notNull: false })
  }
  const sql = extra.length > 0 ? `SELECT *, ${extra.join(', ')} FROM (${input.sql})` : input.sql
  return { sql, hidden, order: [...terms, ...input.order] }
}

function topN(keys: readonly SortKey[], count: bigint, n: LogicalNode, input: Relation, ctx: CompileContext) {
  const s = sorted(keys, input, ctx)
  if (!s) return undefined
  const total = ctx.rowCap === n
  const select = total ? `*, toInt64(count() OVER ()) AS ${TOTAL_COL}` : '*'
  const hidden = total ? [...s.hidden, TOTAL_COL] : s.hidden
  return {
    sql: `SELECT ${select} FROM (${s.sql})${orderBy(s.order)} LIMIT ${count}`,
    columns: input.columns,
    hidden,
    order: s.order,
  }
}

/** The first appearance of each group: min over the input order (a plain min when it allows). */
function firstAppearance(input: Relation): { pre: string; agg: string } | undefined {
  if (input.order.length === 0) return undefined
  if (input.order.length === 1 && !input.order[0].desc && input.order[0].notNull)
    return { pre: '', agg: `min(${ident(input.order[0].name)})` }
  if (input.order.every((t) => !t.desc && t.notNull))
    return { pre: '', agg: `min(tuple(${input.order.map((t) => ident(t.name)).join(', ')}))` }
  return { pre: `, row_number() OVER (${orderBy(input.order).trim()}) AS __apldb_rn`, agg: 'min(__apldb_rn)' }
}

/** GROUP BY keys with aggregate outputs, groups in order of first appearance (Aggregate, Distinct). */
function grouped(
  keys: readonly ColumnDef[],
  aggs: readonly { name: string; expr: ColumnDef['expr'] }[],
  input: Relation,
  ctx: CompileContext,
  keepOrder: boolean,
): Relation | undefined {
  const keyScope = scope(input, ctx)
  const aggScope = scope(input, ctx, true)
  const pre: string[] = []
  const groupNames: string[] = []
  const outer: string[] = []
  const columns: RelColumn[] = []
  for (const k of keys) {
    const sql = toSql(k.expr, keyScope)
    const col = single(k.name, k.expr.type)
    if (sql === undefined || !col) return undefined
    const tmp = ctx.fresh('k')
    pre.push(`${sql} AS ${ident(tmp)}`)
    groupNames.push(ident(tmp))
    outer.push(`${ident(tmp)} AS ${ident(k.name)}`)
    columns.push(col)
  }
  const aggSelect: string[] = []
  for (const a of aggs) {
    const sql = toSql(a.expr, aggScope)
    const col = single(a.name, a.expr.type)
    if (sql === undefined || !col) return undefined
    const tmp = ctx.fresh('a')
    aggSelect.push(`${sql} AS ${ident(tmp)}`)
    outer.push(`${ident(tmp)} AS ${ident(a.name)}`)
    columns.push(a.expr.kind === 'AggCall' && a.expr.fn.estimated ? { ...col, estimate: true } : col)
  }
  // Groups in order of first appearance only where something above depends on the order.
  const first = keepOrder ? firstAppearance(input) : undefined
  if (first) {
    aggSelect.push(`${first.agg} AS ${FIRST_COL}`)
    outer.push(FIRST_COL)
  }
  const preList = [...pre].join(', ')
  const inner = `SELECT *${preList ? `, ${preList}` : ''}${first?.pre ?? ''} FROM (${input.sql})`
  const groupBy = groupNames.length > 0 ? ` GROUP BY ${groupNames.join(', ')}` : ''
  const agg = `SELECT ${[...groupNames, ...aggSelect].join(', ')} FROM (${inner})${groupBy}`
  return {
    sql: `SELECT ${outer.join(', ')} FROM (${agg})`,
    columns,
    hidden: first ? [FIRST_COL] : [],
    order: first ? [{ name: FIRST_COL, desc: false, nullsFirst: false, notNull: true }] : [],
  }
}

function timeDescKey(n: LogicalNode): SortKey | undefined {
  const t = n.schema.find((c) => c.name === '_time' && c.type === 'datetime')
  if (!t) return undefined
  return {
    expr: { kind: 'Column', name: '_time', type: 'datetime', storage: t.storage, span: n.span },
    descending: true,
    nullsFirst: false,
  }
}

const none = () => undefined

/** The mapping table (see module header). */
export const NODE_MAPPINGS: { readonly [K in LogicalKind]: NodeMapping<K> } = {
  Scan: (n, _inputs, ctx) => scanRelation(n, ctx),
  Filter: (n, [input], ctx) => {
    const p = toSql(n.predicate, scope(input, ctx))
    return p === undefined ? undefined : { ...input, sql: `SELECT * FROM (${input.sql}) WHERE ${p}` }
  },
  Search: none,
  // The rows pass through unchanged; the chart hint rides on the result (exec/run.ts).
  Render: (_n, [input]) => input,
  Project: (n, [input], ctx) => project(n.columns, [], input, ctx),
  Extend: (n, [input], ctx) => {
    const replaced = new Set(n.columns.map((c) => c.name))
    return project(
      n.columns,
      input.columns.filter((c) => !replaced.has(c.name)),
      input,
      ctx,
    )
  },
  Aggregate: (n, [input], ctx) => {
    if (n.aggregates.some((a) => a.payload !== undefined)) return undefined
    return grouped(n.keys, n.aggregates, input, ctx, ctx.needsOrder(n))
  },
  Sort: (n, [input], ctx) => {
    const s = sorted(n.keys, input, ctx)
    return s && { sql: s.sql, columns: input.columns, hidden: s.hidden, order: s.order }
  },
  TopN: (n, [input], ctx) => topN(n.keys, n.count, n, input, ctx),
  Limit: (n, [input], ctx) => {
    const key = ctx.timeDesc ? timeDescKey(n.input) : undefined
    if (key) return topN([key], n.count, n, input, ctx)
    return { ...input, sql: `SELECT * FROM (${input.sql})${orderBy(input.order)} LIMIT ${n.count}` }
  },
  Distinct: (n, [input], ctx) => grouped(n.columns, [], input, ctx, ctx.needsOrder(n)),
  CountRows: (n, [input]) => {
    const name = n.schema[0].name
    return {
      sql: `SELECT toInt64(count()) AS ${ident(name)} FROM (${input.sql})`,
      columns: [{ name, type: 'long', parts: [{ sqlName: name, wire: 'long' }] }],
      hidden: [],
      order: [],
    }
  },
  Union: (n, inputs, ctx) => unionRelation(n, inputs, ctx),
  Join: (n, inputs, ctx) => joinRelation(n, inputs, ctx),
  MakeSeries: none,
  Print: none,
  Datatable: none,
  // Run locally over the pushed-down input.
  Parse: none,
  MvExpand: none,
  // Keeps rows by their event's sequence number, which ClickHouse rows do not carry: SampleExec refuses.
  Sample: none,
  // Run locally over the pushed-down input.
  Redact: none,
  // Read by apldb's executor, through the caller's access (never by ClickHouse).
  ExternalData: none,
}
