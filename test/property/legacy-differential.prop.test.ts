// Differential property test (issue 5 acceptance): random legacy requests (every filter op and spelling,
// both case flags, every supported aggregation and argument shape — argmin/argmax included, their
// object values rebuilt from the APL's columns —, groupBy, resolution, order, limit,
// project) against the APL this test writes for them itself (test/property/legacy-gen.ts): the legacy
// result must equal what the APL gives, on blocks of 4 rows plus a tail and on a tail only; and the APL
// must agree with the reference evaluator. Prints the seed first (FC_SEED replays), counts last.
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { chooseBinAutoStep } from '../../src/exec/kernels/binning/binning.ts'
import type { QueryResult, ResultTable } from '../../src/exec/result.ts'
import { openStore } from '../../src/index.ts'
import { compileApl, type LogicalPlan, schemaFromSnapshot } from '../../src/plan/index.ts'
import { runPlan } from '../../src/query/run-apl.ts'
import { runLegacy } from '../../src/query/run-legacy.ts'
import type { Snapshot } from '../../src/storage/snapshot.ts'
import { parseTimeBound } from '../../src/util/time/index.ts'
import { toLegacy, wireCell, wireTime } from '../../src/wire/index.ts'
import { diffResults, show } from '../differential/result-diff.ts'
import { evaluate } from '../reference/evaluate.ts'
import { OracleUnsupported } from '../reference/expr.ts'
import { NOW, NOW_MS } from '../reference/fixture.ts'
import {
  ARG_OPS,
  ARRAY_OPS,
  aggregationApl,
  argExtremumApl,
  col,
  DATASET,
  datasetArb,
  predicateApl,
  requestGen,
} from './legacy-gen.ts'

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`legacy-differential.prop.test.ts seed ${SEED} (set FC_SEED to replay)`)
const TIME_LIMIT_MS = Number(process.env.APLDB_LEGACY_DIFF_MS ?? 25_000)
const BLOCK_ROWS = [4, 1000]
const REQUESTS_PER_DATASET = 6

type Json = Record<string, unknown>
const counts = { runs: 0, mismatches: 0, oracleRuns: 0, oracleSkipped: 0, matches: 0, aggregates: 0 }
const failures: string[] = []
afterAll(() => {
  console.log(
    `legacy-differential runs=${counts.runs} mismatches=${counts.mismatches} ` +
      `(matches=${counts.matches} aggregates=${counts.aggregates}; reference checks=${counts.oracleRuns}, ` +
      `reference-unsupported=${counts.oracleSkipped})`,
  )
})

/** Numbers equal within 1e-9 relative, everything else by JSON text. */
function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b))
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]))
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a)
    const kb = Object.keys(b)
    return show(ka) === show(kb) && ka.every((k) => same((a as Json)[k], (b as Json)[k]))
  }
  return show(a) === show(b)
}

function bind(snap: Snapshot, apl: string): LogicalPlan {
  const b = compileApl(apl, schemaFromSnapshot(snap), { rowId: true })
  if (!b.plan)
    throw new Error(`test APL does not bind: ${apl}\n${b.diagnostics.map((d) => d.message).join('\n')}`)
  return b.plan
}

/** The window options of a request as the APL runs get them (Go's zero time = unset). */
function windowOf(req: Json): { startTime?: string; endTime?: string } {
  const w: { startTime?: string; endTime?: string } = {}
  if (typeof req.startTime === 'string' && !req.startTime.startsWith('0001-')) w.startTime = req.startTime
  if (typeof req.endTime === 'string' && !req.endTime.startsWith('0001-')) w.endTime = req.endTime
  return w
}

/**
 * What the reference evaluator can be held to here: no `_rowId` column (it has no row ids) and no
 * `fields[].agg` (legacy results do not carry it; the engine lists a `real(null)` argument there).
 */
function comparable(r: QueryResult): QueryResult {
  const strip = (t: ResultTable): ResultTable => {
    const keep = t.fields.map((f) => f.name !== '_rowId')
    return {
      ...t,
      fields: t.fields.filter((_, i) => keep[i]).map((f) => ({ name: f.name, type: f.type })),
      columns: t.columns.filter((_, i) => keep[i]),
      order: t.order.filter((o) => o.field !== '_rowId'),
    }
  }
  return { ...r, tables: r.tables.map(strip) }
}

/** Engine result of `plan`, checked against the reference evaluator; undefined or a failure text. */
async function withOracle(
  snap: Snapshot,
  plan: LogicalPlan,
  opts: Json,
  limited: boolean,
): Promise<{ got: QueryResult; diff?: string }> {
  const got = await runPlan(snap, plan, { now: NOW, ...opts })
  try {
    const ref = await evaluate(snap, plan, { now: NOW, ...opts })
    counts.oracleRuns++
    const d = diffResults(comparable(got), comparable(ref), plan.order === 'explicit', limited)
    return d === undefined ? { got } : { got, diff: `APL vs reference: ${d}` }
  } catch (e) {
    if (!(e instanceof OracleUnsupported)) throw e
    counts.oracleSkipped++
    return { got }
  }
}

const present = (snap: Snapshot) => new Set(['_time', '_sysTime', ...snap.schema(DATASET).map((f) => f.name)])

async function checkMatches(snap: Snapshot, req: Json, legacy: Json): Promise<string | undefined> {
  const fields = present(snap)
  const limit = (req.limit as number) || 1000
  const dir = (req.order as { desc: boolean }[] | undefined)?.[0]?.desc === false ? 'asc' : 'desc'
  const where = (req.filter as Json).op === '' ? '' : ` | where ${predicateApl(req.filter as Json, fields)}`
  const project = req.project
    ? ` | project _time, _sysTime, _rowId${(req.project as Json[])
        .filter((p) => fields.has(p.field as string))
        .map((p) => `, ${col((p.alias as string) ?? p.field)} = ${col(p.field as string)}`)
        .join('')}`
    : ''
  const apl = `${col(DATASET)}${where} | sort by _time ${dir}, _rowId ${dir} | take ${limit + 1}${project}`
  const { got, diff } = await withOracle(snap, bind(snap, apl), windowOf(req), true)
  if (diff) return `${apl}\n  ${diff}`
  const all = toLegacy(got).matches
  const expected = all.slice(0, limit)
  const matches = legacy.matches as Json[]
  if (!same(matches, JSON.parse(JSON.stringify(expected))))
    return `${apl}\n  legacy ${show(matches)}\n  apl    ${show(expected)}`
  const token = (legacy.status as Json).continuationToken
  if ((token !== undefined) !== all.length > limit)
    return `${apl}\n  continuationToken ${token} with ${all.length} rows, limit ${limit}`
  return undefined
}

const SECONDS: Readonly<Record<string, number>> = { '1h': 3600, '6h': 21600, '1h30m': 5400, '24h': 86400 }

/** Rows of a result table as wire cells, column by column in order. */
function wireRows(t: ResultTable): unknown[][] {
  const n = t.columns[0]?.length ?? 0
  return Array.from({ length: n }, (_, r) =>
    t.fields.map((f, c) => JSON.parse(JSON.stringify(wireCell(f.type, t.columns[c][r])))),
  )
}

async function checkAggregates(snap: Snapshot, req: Json, legacy: Json): Promise<string | undefined> {
  const fields = present(snap)
  const aggs = req.aggregations as Json[]
  const groups = req.groupBy as string[]
  const limit = (req.limit as number) || 1000
  const w = windowOf(req)
  const start = w.startTime === undefined ? 0n : (parseTimeBound(w.startTime, NOW) as bigint)
  const end = w.endTime === undefined ? NOW : (parseTimeBound(w.endTime, NOW) as bigint)
  const res = req.resolution as string
  const step =
    SECONDS[res] !== undefined ? BigInt(SECONDS[res]) * 1_000_000_000n : chooseBinAutoStep(start, end)
  const aliases = aggs.map((a) => (a.alias as string | undefined) ?? (a.op as string).toUpperCase())
  const args = aggs.map((a, i) =>
    ARG_OPS.includes((a.op as string).toLowerCase()) ? argExtremumApl(a, i, fields) : null,
  )
  const aggText = (seconds: number) =>
    aggs.map((a, i) => `a${i} = ${args[i]?.apl ?? aggregationApl(a, fields, seconds)}`).join(', ')
  const by = groups.map((g) => (fields.has(g) ? col(g) : `${col(g)} = dynamic(null)`))
  const order = (req.order as { field: string; desc: boolean }[] | undefined) ?? []
  const keys = order.map((o) => {
    const name = groups.includes(o.field) ? col(o.field) : `a${aliases.indexOf(o.field)}`
    return { name, text: `${name} ${o.desc ? 'desc' : 'asc'}` }
  })
  // Default: the first aggregation with a scalar value, descending; then the groups.
  const first = aggs.findIndex((a) => !ARRAY_OPS.includes((a.op as string).toLowerCase()))
  if (keys.length === 0 && first >= 0) keys.push({ name: `a${first}`, text: `a${first} desc` })
  for (const g of groups)
    if (!keys.some((k) => k.name === col(g))) keys.push({ name: col(g), text: `${col(g)} asc` })
  const sortBy = keys.map((k) => k.text).join(', ')
  const where = (req.filter as Json).op === '' ? '' : ` | where ${predicateApl(req.filter as Json, fields)}`
  const windowSeconds = Number(end - start) / 1e9
  const totalsApl = `${col(DATASET)}${where} | summarize ${aggText(windowSeconds)}${by.length ? ` by ${by.join(', ')}` : ''}${sortBy === '' ? '' : ` | sort by ${sortBy}`} | take ${limit}`
  const binKey = SECONDS[res] !== undefined ? `bin(_time, ${SECONDS[res]}s)` : 'bin_auto(_time)'
  const seriesApl = `${col(DATASET)}${where} | summarize ${aggText(Number(step) / 1e9)} by ${[binKey, ...by].join(', ')} | sort by ${['_time asc', ...keys.map((k) => k.text)].join(', ')}`
  const t = await withOracle(snap, bind(snap, totalsApl), w, true)
  if (t.diff) return `${totalsApl}\n  ${t.diff}`
  const s = await withOracle(snap, bind(snap, seriesApl), { ...w, limit: 50_000 }, false)
  if (s.diff) return `${seriesApl}\n  ${s.diff}`
  const g = groups.length
  // Where each aggregation's columns start: argmin/argmax have one per returned field after the value.
  const starts = args.map(
    (_, i) => g + args.slice(0, i).reduce((n, x) => n + 1 + (x?.returned.length ?? 0), 0),
  )
  const value = (row: unknown[], i: number): unknown => {
    const arg = args[i]
    const v = row[starts[i]]
    if (arg === null || v === null) return v
    // The extreme row as one object: its field first, then the returned fields that are not null.
    const out: Json = { [arg.field]: v }
    arg.returned.forEach((f, j) => {
      const x = row[starts[i] + 1 + j]
      if (x !== null) out[f] = x
    })
    return out
  }
  const entry = (row: unknown[]) => ({
    group: Object.fromEntries(groups.map((name, i) => [name, row[i]])),
    aggregations: aliases.map((op, i) => ({ op, value: value(row, i) })),
  })
  const expectedTotals = wireRows(t.got.tables[0]).map(entry)
  const b = legacy.buckets as {
    totals: Json[]
    series: { startTime: string; endTime: string; groups: Json[] }[]
  }
  const totals = b.totals.map((e) => ({ group: e.group, aggregations: e.aggregations }))
  if (!same(totals, expectedTotals))
    return `${totalsApl}\n  legacy totals ${show(totals)}\n  apl           ${show(expectedTotals)}`
  // Series: the APL rows of groups that made it into the totals, interval by interval.
  const kept = new Set(expectedTotals.map((e) => show(e.group)))
  const expectedSeries = wireRows(s.got.tables[0])
    .map((row) => ({ start: row[0], ...entry(row.slice(1)) }))
    .filter((e) => kept.has(show(e.group)))
  const series = b.series.flatMap((iv) =>
    iv.groups.map((e) => ({ start: iv.startTime, group: e.group, aggregations: e.aggregations })),
  )
  if (!same(series, expectedSeries))
    return `${seriesApl}\n  legacy series ${show(series)}\n  apl           ${show(expectedSeries)}`
  for (const iv of b.series) {
    const startNs = parseTimeBound(iv.startTime, NOW) as bigint
    if (iv.endTime !== wireTime(startNs + step))
      return `interval ${iv.startTime}…${iv.endTime} is not ${step} ns wide`
  }
  // One id per group key, the same in totals and series.
  const ids = new Map<string, unknown>()
  for (const e of [...b.totals, ...b.series.flatMap((iv) => iv.groups)]) {
    const k = show(e.group)
    if (ids.has(k) && ids.get(k) !== e.id) return `group ${k} has ids ${ids.get(k)} and ${e.id}`
    ids.set(k, e.id)
  }
  if (new Set(ids.values()).size !== ids.size) return `two groups share an id: ${show([...ids])}`
  return undefined
}

async function check(snap: Snapshot, req: Json, blockRows: number): Promise<string | undefined> {
  let legacy: Json
  try {
    legacy = JSON.parse(JSON.stringify(await runLegacy(snap, DATASET, req, { now: NOW })))
  } catch (e) {
    return `legacy request refused: ${(e as Error).message}\n  request ${show(req)}`
  }
  counts.runs++
  const aggregating = Array.isArray(req.aggregations) && req.aggregations.length > 0
  if (aggregating) counts.aggregates++
  else counts.matches++
  const f = aggregating ? await checkAggregates(snap, req, legacy) : await checkMatches(snap, req, legacy)
  return f === undefined ? undefined : `[blockRows=${blockRows}] ${f}\n  request ${show(req)}`
}

describe('legacy requests = the APL the test writes = the reference evaluator', () => {
  it('over random datasets and requests', async () => {
    await fc.assert(
      fc.asyncProperty(datasetArb, fc.gen(), async (events, g) => {
        const requests = Array.from({ length: REQUESTS_PER_DATASET }, () => requestGen(g))
        for (const blockRows of BLOCK_ROWS) {
          const store = await openStore({
            clock: () => NOW_MS,
            blockRows,
            sealWorker: false,
            durability: 'none',
          })
          await store.datasets.create({ name: DATASET })
          await store.ingest(DATASET, events)
          await store.settle()
          const snap = store.snapshot()
          try {
            for (const req of requests) {
              const failure = await check(snap, req, blockRows)
              if (failure !== undefined) {
                counts.mismatches++
                if (failures.length < 5) failures.push(`${failure}\n  data ${show(events)}`)
              }
            }
          } finally {
            snap.release()
            await store.close()
          }
        }
      }),
      { seed: SEED, numRuns: 1000, interruptAfterTimeLimit: TIME_LIMIT_MS },
    )
    for (const f of failures) console.log(`MISMATCH ${f}`)
    expect(counts.mismatches).toBe(0)
    expect(counts.runs).toBeGreaterThan(50)
  }, 120_000)
})
