// test/unit/exec/ops/group-strategy.test.ts: a summarize's grouping strategy is chosen once from the
// plan and named by explain, with the path each batch took after the run: time bins found on ordered
// times (and the run fallback when the times are out of order), counts per dictionary entry or per
// run, per (run, entry), a small string key's codes as slots of the typed columns once every entry
// has a group, and a group id per row otherwise; and each aggregation's column layout
// (typed arrays for count, sum, avg, min, max, countif; a state per group for the rest, and a typed
// column that meets a vector it does not take turns into states). The answers are checked too, so a
// path that miscounts fails here as well.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Apldb, openStore } from '../../../../src/index.ts'

const T0 = Date.UTC(2026, 0, 1)
const N = 600
const KINDS = ['GET', 'PUT', 'POST', 'HEAD']

/** Event i: one minute after event i − 1; `n` in runs of 32; `s` cycles through four strings. */
function event(i: number) {
  return {
    _time: new Date(T0 + i * 60_000).toISOString(),
    s: KINDS[i % 4],
    n: Math.floor(i / 32) % 5,
    flag: i % 3 === 0,
    v: i / 2,
  }
}

let db: Apldb
beforeAll(async () => {
  db = await openStore({
    clock: () => T0 + 30 * 86_400_000,
    blockRows: 128,
    sealWorker: false,
    durability: 'none',
  })
  await db.datasets.create({ name: 'e' })
  await db.ingest(
    'e',
    Array.from({ length: N }, (_, i) => event(i)),
  )
  await db.settle()
  // The same events newest first, left unsealed: the tail's times descend.
  await db.datasets.create({ name: 'd' })
  await db.ingest(
    'd',
    Array.from({ length: N }, (_, i) => event(N - 1 - i)),
  )
})
afterAll(async () => {
  await db.close()
})

/** The AggregateExec line of the query's physical plan, after running it. */
async function aggregateLine(apl: string): Promise<string> {
  const report = (await db.explain(apl)) as unknown as { physical: string }
  const line = report.physical.split('\n').find((l) => l.trim().startsWith('AggregateExec'))
  if (line === undefined) throw new Error(`no AggregateExec in\n${report.physical}`)
  return line.trim()
}

/** The first table's rows as objects. */
async function rows(apl: string): Promise<Record<string, unknown>[]> {
  const r = (await db.query(apl)) as unknown as {
    tables: { fields: { name: string }[]; columns: unknown[][] }[]
  }
  const t = r.tables[0]
  return (t.columns[0] ?? []).map((_, i) =>
    Object.fromEntries(t.fields.map((f, c) => [f.name, t.columns[c][i]])),
  )
}

describe('summarize grouping strategy', () => {
  it.each([
    ['e | summarize count() by bin(_time, 1h)', 'count-time-bins', /^time-bins \d+$/],
    ['d | summarize count() by bin(_time, 1h)', 'count-time-bins', /^runs \d+$/],
    [
      'e | summarize count() by bin(_time, 1h), s',
      'count-time-bins-and-key',
      /^time-bins-and-dictionary \d+$/,
    ],
    // Sealed blocks answer with their distinct values and counts (weighted batches); the tail per entry.
    ['e | summarize count() by s', 'count-per-entry', /^weighted \d+, dictionary \d+$/],
    ['e | summarize count() by n', 'count-per-entry', /^runs \d+$/],
    ['e | summarize count() by n, s', 'count-runs-and-entries', /^runs-and-dictionary \d+$/],
    ['e | summarize count() by flag', 'hash', /^ids \d+$/],
    ['e | summarize dcount(s)', 'ungrouped', /^one-group \d+$/],
    ['e | summarize avg(v) by s', 'hash', /^ids 1, codes \d+$/],
    ['e | summarize avg(v) by n', 'hash', /^ids \d+$/],
  ])('%s: %s', async (apl, strategy, paths) => {
    const m = (await aggregateLine(apl)).match(/ strategy (\S+) columns \[[^\]]*\] \(batches: ([^)]*)\)$/)
    expect(m?.[1]).toBe(strategy)
    expect(m?.[2]).toMatch(paths)
  })

  it.each([
    ['e | summarize count() by s', 'counts'],
    ['e | summarize count(), avg(v) by s', 'count: typed, avg: typed'],
    [
      'e | summarize sum(n), min(v), max(n), countif(flag) by s',
      'sum: typed, min: typed, max: typed, count: typed',
    ],
    [
      'e | summarize sumif(v, flag), dcount(s), percentile(v, 50) by n',
      'sum: typed, dcount: states, percentile: states',
    ],
    ['e | summarize arg_max(v, s), make_set(s) by n', 'arg_max: states, make_set: states'],
    // A dynamic value is a states column from the start.
    ['e | summarize sum(parse_json(tostring(v))) by s', 'sum: states'],
  ])('%s: columns [%s]', async (apl, columns) => {
    const m = (await aggregateLine(apl)).match(/ columns \[([^\]]*)\]/)
    expect(m?.[1]).toBe(columns)
  })

  it("the result's status names each summarize's strategy and columns", async () => {
    const r = (await db.queryResult(
      'e | summarize count(), avg(v) by s | summarize max(avg_v)',
    )) as unknown as {
      status: { aggregations?: string[] }
    }
    expect(r.status.aggregations).toEqual([
      'strategy ungrouped columns [max: typed]',
      'strategy hash columns [count: typed, avg: typed]',
    ])
  })

  it('every path counts what the general path counts', async () => {
    const byHour = (list: Record<string, unknown>[]) =>
      list.map((r) => JSON.stringify(r)).sort((a, b) => (a < b ? -1 : 1))
    // Ordered and reversed times give the same hours; the bins agree with a computed key (a group id per row).
    const ordered = await rows('e | summarize c = count() by h = bin(_time, 1h)')
    expect(byHour(await rows('d | summarize c = count() by h = bin(_time, 1h)'))).toEqual(byHour(ordered))
    expect(byHour(await rows('e | extend h = bin(_time, 1h) | summarize c = count() by h'))).toEqual(
      byHour(ordered),
    )
    expect(ordered.reduce((s, r) => s + (r.c as number), 0)).toBe(N)
    const bySn = await rows('e | summarize c = count() by n, s')
    const byIds = await rows("e | summarize c = count() by n, s2 = strcat(s, '')")
    expect(byHour(bySn.map(({ n, s, c }) => ({ n, s2: s, c })))).toEqual(byHour(byIds))
    const avg = await rows('e | summarize a = avg(v) by s')
    expect(avg.map((r) => [r.s, r.a]).sort()).toEqual(
      KINDS.map((k, j) => {
        const vs = Array.from({ length: N }, (_, i) => i)
          .filter((i) => i % 4 === j)
          .map((i) => i / 2)
        return [k, vs.reduce((a, b) => a + b, 0) / vs.length]
      }).sort(),
    )
    // The codes path (a small string key's codes as slots) against group ids per row (two keys).
    const aggs = 'c = count(), ci = countif(flag), s1 = sum(n), lo = min(v), hi = max(v), a = avg(v)'
    expect(await aggregateLine(`e | summarize ${aggs} by s`)).toMatch(/codes \d+\)$/)
    const bySlots = await rows(`e | summarize ${aggs} by s`)
    const byTwo = await rows(`e | summarize ${aggs} by s, one = 1 | project-away one`)
    expect(byHour(bySlots)).toEqual(byHour(byTwo))
    expect(bySlots.reduce((s, r) => s + (r.c as number), 0)).toBe(N)
    // States on the codes path (rows grouped by code, no group id per row) against two keys; with
    // arg_max beside them every row gets a group id again (codes for the typed columns only).
    const states = 'p = percentile(v, 90), d = dcount(n), m = make_set(n), a = avg(v)'
    expect(await aggregateLine(`e | summarize ${states} by s`)).toMatch(/\(batches: ids \d+, codes \d+\)$/)
    const statesBySlots = await rows(`e | summarize ${states} by s`)
    const statesByTwo = await rows(`e | summarize ${states} by s, one = 1 | project-away one`)
    expect(byHour(statesBySlots)).toEqual(byHour(statesByTwo))
    expect(await aggregateLine(`e | summarize arg_max(v, n), ${states} by s`)).toMatch(/codes-and-ids \d+\)$/)
  })
})
