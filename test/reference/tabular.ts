// test/reference/tabular.ts: evaluates a logical plan node to its rows, one handler per node kind
// (an exhaustive table: a new kind breaks compilation). Row at a time, whole inputs in memory;
// simple over fast. Reads datasets only through Snapshot.scan → batchToEvents.

import type { LogicalKind, LogicalNode, LogicalOf, RowSchema } from '../../src/plan/index.ts'
import { batchToEvents } from '../../src/storage/block/index.ts'
import { aggregateOver, argExtremumOver } from './aggregates.ts'
import { sortCompare } from './compare.ts'
import type { EvalContext, Row } from './context.ts'
import { EMPTY_ROW, evalExpr, literalValue, rowEnv } from './expr.ts'
import { externalDataRows } from './external-data.ts'
import { joinRows } from './join.ts'
import { makeSeriesRows } from './make-series.ts'
import { mvExpandRows } from './mv-expand.ts'
import { parseRows } from './parse.ts'
import { redactRows } from './redact.ts'
import { EVENT_SEQ, sampleRows } from './sample.ts'
import { inWindow } from './time-window.ts'
import { conform, DateTime, fromStorage, tupleKey, type Value } from './values.ts'

type Handlers = { readonly [K in LogicalKind]: (n: LogicalOf<K>, ctx: EvalContext) => Promise<Row[]> }

/** A row with every schema column conformed to its type (longs widened in real columns). */
function conformed(values: Map<string, Value>, schema: RowSchema): Row {
  for (const c of schema) {
    const v = values.get(c.name)
    if (v !== undefined) values.set(c.name, conform(v, c.type))
  }
  return values
}

/**
 * A Scan: every event of the dataset (blocks, then the unsealed tail), `_time`/`_sysTime` as
 * datetimes, stored values by storage type, absent fields null; rows outside the window dropped.
 */
async function scan(n: LogicalOf<'Scan'>, ctx: EvalContext): Promise<Row[]> {
  const out: Row[] = []
  const datasetId = String(ctx.snapshot.dataset(n.dataset)?.meta.id ?? '')
  for await (const batch of ctx.snapshot.scan(n.dataset)) {
    const events = batchToEvents({ rowCount: batch.rowCount, columns: batch.columns })
    ctx.stats.rowsExamined += events.length
    for (const [i, e] of events.entries()) {
      if (!inWindow(e.time, ctx.window)) continue
      const row = new Map<string, Value>([
        ['_time', new DateTime(e.time)],
        ['_sysTime', new DateTime(e.sysTime)],
      ])
      for (const [name, v] of Object.entries(e.fields)) row.set(name, fromStorage(v))
      EVENT_SEQ.set(row, batch.firstSeq + i)
      if (n.rowId === true) row.set('_rowId', rowIdText(e.time, batch.firstSeq + i, datasetId))
      out.push(conformed(row, n.schema))
    }
  }
  return out
}

/**
 * An event's row id as the legacy query API documents its cursors (api-contract): the epoch ms plus
 * 2^44 in 12 hex digits and the sub-millisecond ns in 5, the sequence number in 14, the dataset id.
 */
function rowIdText(timeNs: bigint, seq: number, datasetId: string): string {
  const ms = timeNs / 1_000_000n - (timeNs % 1_000_000n < 0n ? 1n : 0n)
  const sub = timeNs - ms * 1_000_000n
  const hex = (v: bigint | number, digits: number) => v.toString(16).padStart(digits, '0')
  return `${hex(ms + 2n ** 44n, 12)}${hex(sub, 5)}-${hex(seq, 14)}-${datasetId}`
}

/** Stable sort by sort keys (each: direction and null placement from the plan). */
function sortRows(rows: readonly Row[], keys: LogicalOf<'Sort'>['keys'], ctx: EvalContext): Row[] {
  const decorated = rows.map((row) => ({ row, k: keys.map((key) => evalExpr(key.expr, rowEnv(row, ctx))) }))
  decorated.sort((a, b) => {
    for (let i = 0; i < keys.length; i++) {
      const c = sortCompare(a.k[i], b.k[i], keys[i].descending, keys[i].nullsFirst)
      if (c !== 0) return c
    }
    return 0
  })
  return decorated.map((d) => d.row)
}

/** Rows whose predicate is exactly true (false and null drop the row). */
function filterRows(
  rows: readonly Row[],
  predicate: LogicalOf<'Filter'>['predicate'],
  ctx: EvalContext,
): Row[] {
  return rows.filter((row) => evalExpr(predicate, rowEnv(row, ctx)) === true)
}

/** summarize: groups in first-seen order; no keys and no rows still gives one row of empty values. */
function aggregateRows(n: LogicalOf<'Aggregate'>, input: readonly Row[], ctx: EvalContext): Row[] {
  const groups = new Map<string, { keys: Value[]; rows: Row[] }>()
  for (const row of input) {
    const keys = n.keys.map((k) => evalExpr(k.expr, rowEnv(row, ctx)))
    const key = tupleKey(keys)
    const g = groups.get(key) ?? { keys, rows: [] }
    g.rows.push(row)
    groups.set(key, g)
  }
  if (n.keys.length === 0 && groups.size === 0) groups.set('', { keys: [], rows: [] })
  ctx.groupCounts.set(n, groups.size)
  // rate() is per second of the group's time bucket, or of the query window without one.
  const bucket = n.timeBucket
  const bucketNs = bucket === null ? null : bucket.step === 'auto' ? ctx.autoStep : bucket.step
  return [...groups.values()].map((g) => {
    const out = new Map<string, Value>()
    for (const [i, k] of n.keys.entries()) out.set(k.name, g.keys[i])
    const env = {
      row: EMPTY_ROW,
      ctx,
      aggregate: (call: Parameters<typeof aggregateOver>[0]) => aggregateOver(call, g.rows, ctx, bucketNs),
    }
    for (const a of n.aggregates) {
      if (a.payload === undefined || a.expr.kind !== 'AggCall') {
        out.set(a.name, evalExpr(a.expr, env))
        continue
      }
      // arg_min/arg_max: the value column, then one column per returned argument (rule 63).
      const [value, ...returned] = argExtremumOver(a.expr, g.rows, ctx)
      out.set(a.name, value)
      a.payload.forEach((name, i) => {
        out.set(name, returned[i])
      })
    }
    return conformed(out, n.schema)
  })
}

const HANDLERS: Handlers = {
  Scan: scan,
  Filter: async (n, ctx) => filterRows(await evaluateNode(n.input, ctx), n.predicate, ctx),
  Search: async (n, ctx) => filterRows(await evaluateNode(n.input, ctx), n.predicate, ctx),
  Project: async (n, ctx) =>
    (await evaluateNode(n.input, ctx)).map((row) =>
      conformed(new Map(n.columns.map((c) => [c.name, evalExpr(c.expr, rowEnv(row, ctx))])), n.schema),
    ),
  Extend: async (n, ctx) =>
    (await evaluateNode(n.input, ctx)).map((row) => {
      // Every assignment sees the input row only, not its siblings.
      const added = n.columns.map((c) => [c.name, evalExpr(c.expr, rowEnv(row, ctx))] as const)
      return conformed(new Map([...row, ...added]), n.schema)
    }),
  Aggregate: async (n, ctx) => aggregateRows(n, await evaluateNode(n.input, ctx), ctx),
  Sort: async (n, ctx) => sortRows(await evaluateNode(n.input, ctx), n.keys, ctx),
  TopN: async (n, ctx) => sortRows(await evaluateNode(n.input, ctx), n.keys, ctx).slice(0, Number(n.count)),
  Limit: async (n, ctx) => {
    const rows = await evaluateNode(n.input, ctx)
    const time = n.input.schema.find((c) => c.name === '_time' && c.type === 'datetime')
    if (!ctx.newestFirst || !time) return rows.slice(0, Number(n.count))
    // Rule 52: without any sort in the query, `take N` keeps the newest N events.
    const key = {
      expr: { kind: 'Column', name: '_time', type: 'datetime', storage: time.storage, span: n.span } as const,
      descending: true,
      nullsFirst: false,
    }
    return sortRows(rows, [key], ctx).slice(0, Number(n.count))
  },
  Distinct: async (n, ctx) => {
    const seen = new Map<string, Row>()
    for (const row of await evaluateNode(n.input, ctx)) {
      const values = n.columns.map((c) => [c.name, evalExpr(c.expr, rowEnv(row, ctx))] as const)
      const key = tupleKey(values.map(([, v]) => v))
      if (!seen.has(key)) seen.set(key, conformed(new Map(values), n.schema))
    }
    return [...seen.values()]
  },
  CountRows: async (n, ctx) => [
    new Map([[n.schema[0].name, BigInt((await evaluateNode(n.input, ctx)).length)]]),
  ],
  Union: async (n, ctx) => {
    const out: Row[] = []
    for (const [i, input] of n.inputs.entries()) {
      for (const row of await evaluateNode(input, ctx)) {
        const values = new Map<string, Value>(n.schema.map((c) => [c.name, row.get(c.name) ?? null]))
        if (n.withSource !== null) values.set(n.withSource, n.sourceNames[i])
        out.push(conformed(values, n.schema))
      }
    }
    return out
  },
  Join: async (n, ctx) => joinRows(n, await evaluateNode(n.left, ctx), await evaluateNode(n.right, ctx), ctx),
  MakeSeries: async (n, ctx) => makeSeriesRows(n, await evaluateNode(n.input, ctx), ctx),
  Print: async (n, ctx) => [
    conformed(new Map(n.columns.map((c) => [c.name, evalExpr(c.expr, rowEnv(EMPTY_ROW, ctx))])), n.schema),
  ],
  Datatable: async (n) =>
    n.rows.map((cells) => new Map(cells.map((lit, i) => [n.schema[i].name, literalValue(lit)] as const))),
  // Rule 64: the rows pass unchanged.
  Render: (n, ctx) => evaluateNode(n.input, ctx),
  MvExpand: async (n, ctx) =>
    mvExpandRows(n, await evaluateNode(n.input, ctx), ctx).map((r) => conformed(r, n.schema)),
  Sample: async (n, ctx) => sampleRows(n, await evaluateNode(n.input, ctx), ctx),
  ExternalData: async (n) => externalDataRows(n).map((r) => conformed(new Map(r), n.schema)),
  Redact: async (n, ctx) =>
    redactRows(n, await evaluateNode(n.input, ctx)).map((r) => conformed(r, n.schema)),
  Parse: async (n, ctx) =>
    parseRows(n, await evaluateNode(n.input, ctx), ctx).map((r) => conformed(r, n.schema)),
}

/** The rows of `n` (counting matched rows at the match points of ctx). */
export async function evaluateNode(n: LogicalNode, ctx: EvalContext): Promise<Row[]> {
  const rows = await (HANDLERS[n.kind] as (x: LogicalNode, c: EvalContext) => Promise<Row[]>)(n, ctx)
  if (ctx.matchPoints.has(n)) ctx.stats.rowsMatched += rows.length
  return rows
}
