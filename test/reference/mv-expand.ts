// test/reference/mv-expand.ts: the oracle's mv-expand (rules 206–208), row at a time from Axiom's and
// Kusto's mv-expand pages.

import type { AplType } from '../../src/catalog/index.ts'
import type { LogicalOf } from '../../src/plan/index.ts'
import type { EvalContext, Row } from './context.ts'
import { parseDateText, parseNumber } from './convert.ts'
import { evalExpr, rowEnv } from './expr.ts'
import { DateTime, fromJson, type Json, toJson, type Value } from './values.ts'

/**
 * Rule 206: what one value expands to: an array its elements; a property bag one entry per property,
 * `[key, value]` (kind=array, Axiom's default) or `{key: value}` (kind=bag); an empty array nothing;
 * any other value (null included) itself, once.
 */
function parts(v: Value, asBag: boolean): Value[] {
  if (Array.isArray(v)) return (v as Json[]).map((j) => fromJson(j))
  if (v !== null && typeof v === 'object' && !(v instanceof DateTime) && !('ns' in v)) {
    return Object.keys(v).map((k) => {
      const val = (v as Record<string, Json>)[k]
      return (asBag ? { [k]: val } : [k, val]) as Value
    })
  }
  return [v]
}

/** Rule 207: `to typeof(T)`: an element as T when it is one (numbers truncate to long), else null. */
function asType(t: AplType | null, v: Value): Value {
  if (t === null || t === 'dynamic' || t === 'unknown' || v === null) return v
  if (t === 'string') return typeof v === 'string' ? v : JSON.stringify(toJson(v))
  if (t === 'long') {
    if (typeof v === 'bigint') return v
    if (typeof v === 'number') return BigInt(Math.trunc(v))
    return typeof v === 'string' && /^[-+]?\d+$/.test(v) ? BigInt(v) : null
  }
  if (t === 'real') {
    if (typeof v === 'number' || typeof v === 'bigint') return Number(v)
    const n = typeof v === 'string' ? parseNumber(v) : null
    return n === null ? null : Number(n)
  }
  if (t === 'bool') return typeof v === 'boolean' ? v : null
  if (t === 'datetime') {
    const ns = typeof v === 'string' ? parseDateText(v) : null
    return ns === null ? null : new DateTime(ns)
  }
  return null
}

/**
 * Rule 208: each input row gives as many rows as its longest expanded list (at most `limit`); the
 * items are zipped, a shorter list giving null; other columns are repeated; `with_itemindex` counts
 * from 0.
 */
export function mvExpandRows(
  n: LogicalOf<'MvExpand'>,
  rows: readonly Row[],
  ctx: EvalContext,
): Map<string, Value>[] {
  const out: Map<string, Value>[] = []
  for (const row of rows) {
    const lists = n.items.map((it) => parts(evalExpr(it.expr, rowEnv(row, ctx)), n.bagAs === 'bag'))
    let count = 0
    for (const l of lists) count = Math.max(count, l.length)
    if (n.limit !== null) count = Math.min(count, n.limit)
    for (let k = 0; k < count; k++) {
      const next = new Map(row)
      n.items.forEach((it, m) => {
        next.set(it.name, k < lists[m].length ? asType(it.toType, lists[m][k]) : null)
      })
      if (n.itemIndex !== null) next.set(n.itemIndex, BigInt(k))
      out.push(next)
    }
  }
  return out
}
