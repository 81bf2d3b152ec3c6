// clickhouse/compile/union-node.ts: `union` as one UNION ALL of its inputs, columns placed by name in
// the merged schema as the local UnionExec places them: a column an input lacks is a typed NULL, a
// long in a real column widens, a mixed (`unknown`) column keeps each input's parts by wire kind; the
// `withsource=` column is the input's name. Rows keep the local order (inputs in turn, each in its
// own order) through two hidden keys: the input's index and the row's position within it.
import type { LogicalOf } from '../../plan/index.ts'
import { ident, str } from '../sql-text.ts'
import {
  type CompileContext,
  type OrderTerm,
  orderBy,
  type Part,
  type Relation,
  type RelColumn,
  type WireKind,
  wireNull,
  wireOf,
} from './relation.ts'

/** The output parts of one merged column (undefined: a type no SQL part carries). */
function mergedParts(
  c: LogicalOf<'Union'>['schema'][number],
  inputs: readonly Relation[],
  ctx: CompileContext,
): Part[] | undefined {
  if (c.type !== 'unknown') {
    const wire = wireOf(c.type)
    return wire === undefined ? undefined : [{ sqlName: c.name, wire }]
  }
  const wires: WireKind[] = []
  for (const r of inputs)
    for (const p of r.columns.find((x) => x.name === c.name)?.parts ?? [])
      if (!wires.includes(p.wire)) wires.push(p.wire)
  return wires.map((wire) => ({ sqlName: wires.length === 1 ? c.name : ctx.fresh('p'), wire }))
}

/** One input's SQL for each output part, or undefined when a column cannot be placed. */
function placed(col: RelColumn | undefined, parts: readonly Part[], mixed: boolean): string[] | undefined {
  // A column the input lacks, or one no operator above reads (a scan leaves it without parts).
  if (!col || col.parts.length === 0) return parts.map((p) => wireNull(p.wire))
  if (mixed)
    return parts.map((p) => {
      const own = col.parts.find((q) => q.wire === p.wire)
      return own ? ident(own.sqlName) : wireNull(p.wire)
    })
  const [target] = parts
  if (col.parts.length !== 1) return undefined
  const [own] = col.parts
  if (own.wire === target.wire) return [ident(own.sqlName)]
  if (own.wire === 'long' && target.wire === 'real') return [`toFloat64(${ident(own.sqlName)})`]
  return undefined
}

/** The Union's relation, or undefined when some column does not place (see module header). */
export function unionRelation(
  n: LogicalOf<'Union'>,
  inputs: readonly Relation[],
  ctx: CompileContext,
): Relation | undefined {
  const columns: RelColumn[] = []
  const perInput: string[][] = inputs.map(() => [])
  for (const c of n.schema) {
    if (c.name === n.withSource) {
      columns.push({ name: c.name, type: c.type, parts: [{ sqlName: c.name, wire: 'string' }] })
      inputs.forEach((_, k) => {
        perInput[k].push(`${str(n.sourceNames[k])} AS ${ident(c.name)}`)
      })
      continue
    }
    const parts = mergedParts(c, inputs, ctx)
    if (!parts) return undefined
    columns.push({ name: c.name, type: c.type, parts })
    for (let k = 0; k < inputs.length; k++) {
      const sql = placed(
        inputs[k].columns.find((x) => x.name === c.name),
        parts,
        c.type === 'unknown',
      )
      if (!sql) return undefined
      sql.forEach((s, i) => {
        perInput[k].push(`${s} AS ${ident(parts[i].sqlName)}`)
      })
    }
  }
  const keep = ctx.needsOrder(n)
  const [which, pos] = [ctx.fresh('u'), ctx.fresh('r')]
  const branches = inputs.map((r, k) => {
    const rank = r.order.length > 0 && keep ? `row_number() OVER (${orderBy(r.order).trim()})` : '0'
    const hidden = keep ? [`toUInt64(${k}) AS ${ident(which)}`, `toUInt64(${rank}) AS ${ident(pos)}`] : []
    return `SELECT ${[...perInput[k], ...hidden].join(', ') || '1 AS `__apldb_one`'} FROM (${r.sql})`
  })
  const order: OrderTerm[] = keep
    ? [
        { name: which, desc: false, nullsFirst: false, notNull: true },
        { name: pos, desc: false, nullsFirst: false, notNull: true },
      ]
    : []
  return {
    sql: `SELECT * FROM (${branches.join(' UNION ALL ')})`,
    columns,
    hidden: keep ? [which, pos] : [],
    order,
  }
}
