// clickhouse/compile/compile.ts: a plan node → the SQL ClickHouse runs for it, when the node and all
// its inputs map (nodes.ts and the tables under it), else undefined; and the statement sent: every
// part cast to the type its wire kind travels as (strings as LowCardinality, so they arrive
// dictionary-coded like stored blocks), in the local row order.
import type { LogicalNode } from '../../plan/index.ts'
import { nodeChildren } from '../../plan/index.ts'
import { ident } from '../sql-text.ts'
import { NODE_MAPPINGS, TOTAL_COL } from './nodes.ts'
import { type CompileContext, orderBy, type Relation, type WireKind } from './relation.ts'

/** The relation of `node`, or undefined when it (or an input) does not map. Memoized per context. */
export function compileNode(
  node: LogicalNode,
  ctx: CompileContext,
  memo: Map<LogicalNode, Relation | null>,
): Relation | undefined {
  const hit = memo.get(node)
  if (hit !== undefined) return hit ?? undefined
  const inputs: Relation[] = []
  let ok = true
  for (const c of nodeChildren(node)) {
    const r = compileNode(c, ctx, memo)
    if (!r) {
      ok = false
      break
    }
    inputs.push(r)
  }
  const rel = ok
    ? (
        NODE_MAPPINGS[node.kind] as (n: LogicalNode, i: Relation[], c: CompileContext) => Relation | undefined
      )(node, inputs, ctx)
    : undefined
  memo.set(node, rel ?? null)
  return rel
}

const CAST: Readonly<Record<WireKind, (x: string) => string>> = {
  long: (x) => `toInt64(${x})`,
  real: (x) => `toFloat64(${x})`,
  bool: (x) => `toBool(${x})`,
  string: (x) => `toLowCardinality(${x})`,
  datetime: (x) => `toDateTime64(${x}, 9, 'UTC')`,
  timespan: (x) => `toInt64(${x})`,
  json: (x) => `toString(${x})`,
}

/** One output column of the statement, in order: which plan column and part it is. */
export interface StatementColumn {
  readonly column: number
  readonly wire: WireKind
}

/** The statement sent for a relation, and how its output columns map back. */
export interface Statement {
  readonly sql: string
  readonly columns: readonly StatementColumn[]
  /** Index of the row-cap's `__apldb_total` output, when present. */
  readonly total?: number
  /** Outputs of estimate aggregations (a value above ESTIMATE_EXACT_UP_TO makes the result an estimate). */
  readonly estimates: readonly number[]
}

/** The SELECT sent for `rel` (see module header); rows in the local order when `ordered`. */
export function statement(rel: Relation, ordered: boolean): Statement {
  const select: string[] = []
  const columns: StatementColumn[] = []
  const estimates: number[] = []
  rel.columns.forEach((c, i) => {
    if (c.estimate) estimates.push(select.length)
    for (const p of c.parts) {
      select.push(`${CAST[p.wire](ident(p.sqlName))} AS ${ident(`c${select.length}`)}`)
      columns.push({ column: i, wire: p.wire })
    }
  })
  let total: number | undefined
  if (rel.hidden.includes(TOTAL_COL)) {
    total = select.length
    select.push(`${TOTAL_COL} AS ${ident(`c${select.length}`)}`)
  }
  if (select.length === 0) select.push('1 AS `c0`')
  const sql = `SELECT ${select.join(', ')} FROM (${rel.sql})${ordered ? orderBy(rel.order) : ''}`
  return { sql, columns, estimates, ...(total !== undefined ? { total } : {}) }
}
