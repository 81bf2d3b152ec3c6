// clickhouse/compile/scan-node.ts: a Scan as SQL: the fields it reads (a mixed field one part per
// storage type: the typed column or the JSON subcolumn), the window and the pushed `_time` range as
// WHERE, the virtual `_rowId` built as the local one is, and `_block`/`_seq` as the row order (a
// block's rows in ingest order, blocks in id order: the local scan order) as one position column.
import type { Scan } from '../../plan/index.ts'
import { ident, str, timeNs } from '../sql-text.ts'
import { type CompileContext, type Part, type Relation, type RelColumn, wireOfStorage } from './relation.ts'

/** Hidden name of the row position in scan order: `_block · 2^16 + _seq` (one UInt64). */
export const POS_COL = '__apldb_pos'

/** Rows per block at most (so a row's sequence number `_block · 2^16 + _seq` is unique). */
export const SEQ_BITS = 16

/** `_rowId` as exec/scan/row-id.ts formats it: `<time: 17 hex>-<seq: 14 hex>-<dataset id>`. */
function rowIdSql(datasetId: string): string {
  const ns = 'toUnixTimestamp64Nano(_time)'
  const ms = `toUInt64(intDiv(${ns}, 1000000) - if(moduloOrZero(${ns}, 1000000) < 0, 1, 0) + 17592186044416)`
  const sub = `toUInt64(moduloOrZero(moduloOrZero(${ns}, 1000000) + 1000000, 1000000))`
  const seq = `toUInt64(_block * ${2 ** SEQ_BITS} + _seq)`
  const hex = (x: string, digits: number) => `leftPad(lower(hex(${x})), ${digits}, '0')`
  // hex() of a UInt64 gives whole bytes with leading zeros; keep the last `digits`.
  const tail = (x: string, digits: number) => `right(${hex(x, digits)}, ${digits})`
  return `concat(${tail(ms, 12)}, ${tail(sub, 5)}, '-', ${tail(seq, 14)}, '-', ${str(datasetId)})`
}

/** The Scan's relation, or undefined when its dataset is not on ClickHouse. */
export function scanRelation(n: Scan, ctx: CompileContext): Relation | undefined {
  const src = ctx.source(n.dataset)
  if (!src) return undefined
  const read = new Set(n.fields)
  const select: string[] = []
  const columns: RelColumn[] = []
  for (const c of n.schema) {
    if (n.rowId && c.name === '_rowId') {
      const id = ctx.datasetId(n.dataset)
      if (id === undefined) return undefined
      select.push(`${rowIdSql(id)} AS ${ident(c.name)}`)
      columns.push({ name: c.name, type: c.type, parts: [{ sqlName: c.name, wire: 'string' }] })
      continue
    }
    const found: { sql: string; part: Omit<Part, 'sqlName'> }[] = []
    if (read.has(c.name))
      for (const t of c.storage) {
        const sql = src.part(c.name, t)
        if (sql !== undefined) found.push({ sql, part: { wire: wireOfStorage(t) } })
      }
    // integer|float read as real (as the local scan merges them): one expression, at most one part is set.
    if (
      c.type === 'real' &&
      found.length === 2 &&
      found.every((f) => f.part.wire === 'long' || f.part.wire === 'real')
    ) {
      const merged = `coalesce(${found.map((f) => `toFloat64(${f.sql})`).join(', ')})`
      found.splice(0, 2, { sql: merged, part: { wire: 'real' } })
    }
    const parts: Part[] = found.map((f) => ({
      sqlName: found.length === 1 ? c.name : ctx.fresh('p'),
      wire: f.part.wire,
    }))
    found.forEach((f, i) => {
      select.push(`${f.sql} AS ${ident(parts[i].sqlName)}`)
    })
    columns.push({ name: c.name, type: c.type, parts })
  }
  select.push(`(_block * ${2 ** SEQ_BITS} + _seq) AS ${POS_COL}`)
  const where: string[] = []
  const lo = [ctx.window.start, n.pushdown?.timeStart].filter((x) => x !== undefined)
  const hi = [ctx.window.end, n.pushdown?.timeEnd].filter((x) => x !== undefined)
  for (const t of lo) where.push(`_time >= ${timeNs(t)}`)
  for (const t of hi) where.push(`_time < ${timeNs(t)}`)
  const cond = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''
  return {
    sql: `SELECT ${select.join(', ')} FROM ${src.table}${cond}`,
    columns,
    hidden: [POS_COL],
    order: [{ name: POS_COL, desc: false, nullsFirst: false, notNull: true }],
  }
}
