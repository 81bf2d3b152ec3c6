// test/unit/wire/contract-checks.ts: the wire contract transcribed from api-contract.md (not
// imported from src, so the two can disagree): Go strict keys (§11), status keys (§1.5), canonical agg
// names (§1.4), message enums (§2.6), RFC3339 times, rectangular columns. Throws (vitest expect) on a miss.
import { expect } from 'vitest'
import { parseRfc3339 } from '../../../src/util/time/index.ts'

// §11 whitelist, §1.5 status keys, §1.4 agg names, §2.6 enums — copied from the contract text.
/** Allowed keys per wire object. */
export const KEYS = {
  tabularTop: ['tables', 'status', 'format', 'request', 'datasetNames', 'fieldsMetaMap'],
  table: ['name', 'sources', 'fields', 'order', 'groups', 'range', 'buckets', 'columns'],
  source: ['name'],
  field: ['name', 'type', 'agg'],
  agg: ['name', 'fields', 'args'],
  order: ['field', 'desc'],
  group: ['name'],
  range: ['field', 'start', 'end'],
  buckets: ['field', 'size'],
  legacyTop: ['status', 'matches', 'buckets', 'fieldsMeta', 'format'],
  entry: ['_time', '_sysTime', '_rowId', 'data'],
  timeseries: ['series', 'totals'],
  interval: ['startTime', 'endTime', 'groups'],
  entryGroup: ['id', 'group', 'aggregations'],
  entryGroupAgg: ['op', 'value'],
  status: [
    'elapsedTime',
    'rowsExamined',
    'rowsMatched',
    'minCursor',
    'maxCursor',
    'blocksExamined',
    'numGroups',
    'isPartial',
    'continuationToken',
    'isEstimate',
    'cacheStatus',
    'minBlockTime',
    'maxBlockTime',
    'messages',
  ],
  message: ['priority', 'count', 'code', 'msg'],
}
/** §1.4, verbatim. */
export const CANONICAL_AGGS =
  'count, countif, distinct, distinctif, sum, sumif, avg, avgif, min, minif, max, maxif, topk, topkif, percentiles, percentilesif, histogram, histogramif, stdev, stdevif, variance, varianceif, argmin, argmax, rate, makeset, makesetif, makelist, makelistif, computed, spotlight'.split(
    ', ',
  )
/** §2.6 priorities. */
export const PRIORITIES = ['', 'trace', 'debug', 'info', 'warn', 'error', 'fatal']
/** §2.6 codes (besides `apl_…`). */
export const CODES = [
  '',
  'virtual_field_finalize_error',
  'missing_column',
  'license_limit_for_query_warning',
  'default_limit_warning',
]

/** A parsed JSON object. */
export type Json = Record<string, unknown>

function keysIn(o: unknown, allowed: readonly string[], where: string): Json {
  expect(o, where).toBeTypeOf('object')
  for (const k of Object.keys(o as Json)) expect(allowed, `${where}: key '${k}'`).toContain(k)
  return o as Json
}

function isTime(v: unknown): boolean {
  return typeof v === 'string' && v.endsWith('Z') && parseRfc3339(v) !== null
}

function checkStatus(s: unknown): void {
  const st = keysIn(s, KEYS.status, 'status')
  expect(Number.isInteger(st.elapsedTime)).toBe(true)
  for (const k of ['minBlockTime', 'maxBlockTime']) if (k in st) expect(isTime(st[k]), k).toBe(true)
  for (const m of st.messages as unknown[]) {
    const msg = keysIn(m, KEYS.message, 'message')
    expect(PRIORITIES).toContain(msg.priority)
    const code = msg.code as string
    expect(code.startsWith('apl_') || CODES.includes(code), `code ${code}`).toBe(true)
  }
}

/** Checks a parsed tabular response against the contract. */
export function checkTabular(w: Json): void {
  keysIn(w, KEYS.tabularTop, 'tabular')
  checkStatus(w.status)
  expect(Array.isArray(w.tables)).toBe(true)
  for (const t of w.tables as Json[]) {
    keysIn(t, KEYS.table, 'table')
    for (const s of t.sources as unknown[]) keysIn(s, KEYS.source, 'source')
    for (const o of t.order as unknown[]) keysIn(o, KEYS.order, 'order')
    for (const g of t.groups as unknown[]) keysIn(g, KEYS.group, 'group')
    const fields = t.fields as Json[]
    for (const f of fields) {
      keysIn(f, KEYS.field, 'field')
      expect(f.name).not.toBe('_rowId')
      if (f.agg !== undefined) {
        const agg = keysIn(f.agg, KEYS.agg, 'agg')
        expect(CANONICAL_AGGS).toContain(agg.name)
        for (const k of ['fields', 'args'])
          if (k in agg) expect((agg[k] as unknown[]).length).toBeGreaterThan(0)
      }
    }
    if (t.range !== undefined) {
      const r = keysIn(t.range, KEYS.range, 'range')
      expect(isTime(r.start) && isTime(r.end)).toBe(true)
    }
    if (t.buckets !== undefined) expect(typeof keysIn(t.buckets, KEYS.buckets, 'buckets').size).toBe('number')
    if (fields.length === 0) {
      expect(t.columns === undefined || (t.columns as unknown[]).length > 0).toBe(true)
    } else {
      const cols = t.columns as unknown[][]
      expect(cols).toHaveLength(fields.length)
      for (const c of cols) expect(c).toHaveLength(cols[0].length)
    }
  }
}

function checkGroup(g: unknown): void {
  const eg = keysIn(g, KEYS.entryGroup, 'entryGroup')
  expect(Number.isInteger(eg.id) && (eg.id as number) > 0).toBe(true)
  for (const a of eg.aggregations as unknown[]) keysIn(a, KEYS.entryGroupAgg, 'aggregation')
}

/** Checks a parsed legacy response against the contract. */
export function checkLegacy(w: Json): void {
  keysIn(w, KEYS.legacyTop, 'legacy')
  checkStatus(w.status)
  for (const m of w.matches as unknown[]) {
    const e = keysIn(m, KEYS.entry, 'entry')
    expect(isTime(e._time) && isTime(e._sysTime), `${e._time} ${e._sysTime}`).toBe(true)
    expect(typeof e._rowId === 'string' && e._rowId.length > 0).toBe(true)
  }
  const b = keysIn(w.buckets, KEYS.timeseries, 'buckets')
  for (const i of b.series as unknown[]) {
    const iv = keysIn(i, KEYS.interval, 'interval')
    expect(isTime(iv.startTime) && isTime(iv.endTime)).toBe(true)
    for (const g of iv.groups as unknown[]) checkGroup(g)
  }
  for (const g of b.totals as unknown[]) checkGroup(g)
}
