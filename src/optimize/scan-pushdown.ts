// optimize/scan-pushdown.ts: pushes what a Filter directly above a Scan says about `_time` and
// about stored fields into the Scan, so blocks are pruned by time and by zone maps before any
// decode (issue 4 item 1). Only AND-ed conjuncts of `column op literal` are used; the Filter stays,
// since zone maps only prove absence. Case-insensitive string tests are pushed as `*_ci` and can
// prune only through a block's list of distinct values.
import type { BoundExpr, Filter, LogicalNode, Scan, ScanPushdown, ZonePredicate } from '../plan/index.ts'
import { preorderNodes } from '../plan/node-walk.ts'
import { mapNodes } from '../plan/rewrite.ts'

const FLIP: Readonly<Record<string, string>> = { lt: 'gt', le: 'ge', gt: 'lt', ge: 'le', eq: 'eq' }

function conjuncts(e: BoundExpr, out: BoundExpr[] = []): BoundExpr[] {
  if (e.kind === 'Binary' && e.kernel === 'and') {
    conjuncts(e.left, out)
    conjuncts(e.right, out)
  } else out.push(e)
  return out
}

interface Bounds {
  start?: bigint
  end?: bigint
}

function narrowTime(b: Bounds, op: string, t: bigint): boolean {
  const start = op === 'gt' ? t + 1n : op === 'ge' || op === 'eq' ? t : undefined
  const end = op === 'lt' ? t : op === 'le' || op === 'eq' ? t + 1n : undefined
  if (start === undefined && end === undefined) return false
  if (start !== undefined && (b.start === undefined || start > b.start)) b.start = start
  if (end !== undefined && (b.end === undefined || end < b.end)) b.end = end
  return true
}

/** A stored column reference (a field of the scanned dataset, not a computed column). */
function field(e: BoundExpr, scan: Scan): string | undefined {
  return e.kind === 'Column' && e.storage.length > 0 && scan.fields.includes(e.name) ? e.name : undefined
}

function stringLit(e: BoundExpr): string | undefined {
  return e.kind === 'Literal' && typeof e.value === 'string' ? e.value : undefined
}

function numberLit(e: BoundExpr): number | undefined {
  if (e.kind !== 'Literal' || (e.type !== 'long' && e.type !== 'real')) return undefined
  return typeof e.value === 'bigint' ? Number(e.value) : typeof e.value === 'number' ? e.value : undefined
}

/** A timespan literal's ns as a number, when exact (within ±2^53 ns: a rounded bound could prune wrongly). */
function spanLit(e: BoundExpr): number | undefined {
  if (e.kind !== 'Literal' || e.type !== 'timespan' || typeof e.value !== 'bigint') return undefined
  const n = Number(e.value)
  return Number.isSafeInteger(n) ? n : undefined
}

const STRING_OPS: Readonly<Record<string, 'eq' | 'eq_ci' | 'prefix' | 'prefix_ci'>> = {
  eq: 'eq',
  eq_ci: 'eq_ci',
  startswith_cs: 'prefix',
  startswith: 'prefix_ci',
}

/** Reads one conjunct into the time bounds or the zone list (conjuncts it cannot use are left to the Filter). */
function absorb(e: BoundExpr, scan: Scan, time: Bounds, zone: ZonePredicate[]): void {
  if (e.kind === 'Between' && e.kernel === 'between') {
    const low = e.low.kind === 'Literal' && e.low.type === 'datetime' ? e.low.value : undefined
    const high = e.high.kind === 'Literal' && e.high.type === 'datetime' ? e.high.value : undefined
    if (
      e.left.kind === 'Column' &&
      e.left.name === '_time' &&
      typeof low === 'bigint' &&
      typeof high === 'bigint'
    ) {
      narrowTime(time, 'ge', low)
      narrowTime(time, 'le', high)
    }
    return
  }
  if (e.kind === 'InList' && e.kernel === 'in' && e.coercion === 'none') {
    const f = field(e.left, scan)
    const values = e.values.map(stringLit)
    if (f && e.left.type === 'string' && values.every((v) => v !== undefined))
      zone.push({ op: 'in', field: f, values: values as string[] })
    return
  }
  if (e.kind !== 'Binary' || e.coercion !== 'none') return
  let [col, val, op] = [e.left, e.right, e.kernel as string]
  if (col.kind === 'Literal' && FLIP[op]) [col, val, op] = [e.right, e.left, FLIP[op]]
  if (
    col.kind === 'Column' &&
    col.name === '_time' &&
    val.kind === 'Literal' &&
    val.type === 'datetime' &&
    typeof val.value === 'bigint'
  ) {
    narrowTime(time, op, val.value)
    return
  }
  const f = field(col, scan)
  if (!f) return
  const s = stringLit(val)
  if (s !== undefined && col.type === 'string' && STRING_OPS[op]) {
    zone.push({ op: STRING_OPS[op], field: f, value: s })
    return
  }
  // A timespan column's blocks hold ns (numbers beside timespans are read as ns too): same ranges.
  const n = col.type === 'timespan' ? spanLit(val) : numberLit(val)
  if (n === undefined || (col.type !== 'long' && col.type !== 'real' && col.type !== 'timespan')) return
  if (op === 'eq') zone.push({ op: 'range', field: f, min: n, max: n })
  else if (op === 'gt' || op === 'ge') zone.push({ op: 'range', field: f, min: n })
  else if (op === 'lt' || op === 'le') zone.push({ op: 'range', field: f, max: n })
}

/**
 * The pushdown the whole chain of Filters directly over `scan` allows. Computed afresh (never merged
 * with an earlier annotation): a bottom-up pass meets the chain's lower filters first.
 */
export function pushdownFor(filters: readonly Filter[], scan: Scan): ScanPushdown {
  const time: Bounds = {}
  const zone: ZonePredicate[] = []
  for (const f of filters) for (const c of conjuncts(f.predicate)) absorb(c, scan, time, zone)
  return {
    ...(time.start !== undefined ? { timeStart: time.start } : {}),
    ...(time.end !== undefined ? { timeEnd: time.end } : {}),
    zone,
  }
}

/** Node rule: a Filter chain ending in a Scan gets the Scan annotated. */
export function pushIntoScan(n: LogicalNode): LogicalNode {
  if (n.kind !== 'Filter') return n
  const filters: Filter[] = [n]
  let below: LogicalNode = n.input
  while (below.kind === 'Filter') {
    filters.push(below)
    below = below.input
  }
  if (below.kind !== 'Scan') return n
  const scan: Scan = { ...below, pushdown: pushdownFor(filters, below) }
  // Rebuild the chain over the annotated scan.
  let out: LogicalNode = scan
  for (let i = filters.length - 1; i >= 0; i--) out = { ...filters[i], input: out }
  return out
}

/**
 * Plan rule: every Filter chain ending in a Scan gets the Scan annotated, each chain once (from its
 * top Filter), so a chain of thousands of filters costs its length, not its length squared.
 */
export function pushIntoScans(root: LogicalNode): LogicalNode {
  const inner = new Set<LogicalNode>()
  for (const n of preorderNodes(root))
    if (n.kind === 'Filter' && n.input.kind === 'Filter') inner.add(n.input)
  return mapNodes(root, (n) => (inner.has(n) ? n : pushIntoScan(n)))
}
