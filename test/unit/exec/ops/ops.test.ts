// test/unit/exec/ops/ops.test.ts: each operator through real plans (datatable/print sources and a
// small in-memory store for the scan): filter selections, project/extend, limit, count, sort and top
// with null placement, aggregation (keys, no keys on empty input, *if, wrapped aggregates), print.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createContext, newStats } from '../../../../src/exec/context.ts'
import { ScanExec } from '../../../../src/exec/ops/scan-exec.ts'
import type { QueryResult } from '../../../../src/exec/result.ts'
import { runQuery } from '../../../../src/exec/run.ts'
import { cellAt } from '../../../../src/exec/vector.ts'
import type { Apldb as Store } from '../../../../src/index.ts'
import { openStore } from '../../../../src/index.ts'
import { compileApl, schemaFromSnapshot, staticSchema } from '../../../../src/plan/index.ts'
import type { Snapshot } from '../../../../src/storage/snapshot.ts'

const NOW = 2_000_000_000_000_000_000n
const DT =
  "datatable(n:long, s:string, r:real)[3, 'b', 1.5, 1, 'a', 0.5, 2, 'b', 2.5, 5, 'c', 4.0, 4, 'a', 3.0]"

async function q(text: string, snap?: Snapshot): Promise<QueryResult> {
  const r = compileApl(text, snap ? schemaFromSnapshot(snap) : staticSchema({}))
  if (r.plan === undefined) throw new Error(r.diagnostics[0].message)
  return runQuery(snap as Snapshot, r.plan, { now: NOW })
}

const cols = (res: QueryResult) =>
  Object.fromEntries(res.tables[0].fields.map((f, i) => [f.name, res.tables[0].columns[i]]))

describe('row operators over a datatable', () => {
  it('FilterExec keeps true rows; all-pass and none-pass fast paths', async () => {
    expect(cols(await q(`${DT} | where n > 2 and s != 'c'`)).n).toEqual([3, 4])
    expect(cols(await q(`${DT} | where n > 0`)).n).toEqual([3, 1, 2, 5, 4])
    expect(cols(await q(`${DT} | where n > 100`)).n).toEqual([])
    expect(cols(await q(`${DT} | where n > 1 | where s == 'a'`)).n).toEqual([4])
  })

  it('ProjectExec / ExtendExec compute columns; extend replaces and moves a name to the end', async () => {
    const p = await q(`${DT} | project s, m = n * 2 + 1`)
    expect(cols(p)).toEqual({ s: ['b', 'a', 'b', 'c', 'a'], m: [7, 3, 5, 11, 9] })
    const e = await q(`${DT} | extend n = n % 2, h = r / 2`)
    expect(e.tables[0].fields.map((f) => f.name)).toEqual(['s', 'r', 'n', 'h'])
    expect(cols(e).n).toEqual([1, 1, 0, 1, 0])
    expect(cols(e).h).toEqual([0.75, 0.25, 1.25, 2, 1.5])
  })

  it('LimitExec, CountExec', async () => {
    expect(cols(await q(`${DT} | take 2`)).n).toEqual([3, 1])
    expect(cols(await q(`${DT} | where s == 'b' | count`))).toEqual({ count_: [2] })
  })

  it('SortExec is stable and multi-key; TopNExec caps', async () => {
    expect(cols(await q(`${DT} | sort by s asc, n desc`)).n).toEqual([4, 1, 3, 2, 5])
    expect(cols(await q(`${DT} | top 2 by r`)).n).toEqual([5, 4])
    expect((await q(`${DT} | sort by s asc`)).tables[0].order).toEqual([{ field: 's', desc: false }])
  })

  it('sort puts nulls last for desc and first for asc (§10.4)', async () => {
    const t = 'datatable(x:long)[2, long(null), 1] | sort by x'
    expect(cols(await q(t)).x).toEqual([2, 1, null])
    expect(cols(await q(`${t} asc`)).x).toEqual([null, 1, 2])
  })

  it('AggregateExec: keys, *if, wrapped aggregates, sum exact for longs', async () => {
    const res = await q(
      `${DT} | summarize c = count(), t = sum(n), big = countif(r > 1), h = avg(r) * 2 by s`,
    )
    expect(cols(res)).toEqual({
      s: ['b', 'a', 'c'],
      c: [2, 2, 1],
      t: [5, 5, 5],
      big: [2, 1, 1],
      h: [4, 3.5, 8],
    })
    expect(res.tables[0].fields[4].agg).toEqual({ name: 'computed' })
    expect(res.status.numGroups).toBe(3)
  })

  it('no keys over no rows gives one row (count 0); with keys, no rows', async () => {
    expect(cols(await q(`${DT} | where n > 9 | summarize count(), avg(r)`))).toEqual({
      count_: [0],
      avg_r: [null],
    })
    expect(cols(await q(`${DT} | where n > 9 | summarize count() by s`))).toEqual({ s: [], count_: [] })
  })

  it('PrintExec evaluates one row', async () => {
    expect(cols(await q("print a = 1 + 2, b = 'x' startswith 'X', c = bin(17, 5)"))).toEqual({
      a: [3],
      b: [true],
      c: [15],
    })
  })
})

describe('ScanExec', () => {
  let store: Store
  let snap: Snapshot
  beforeAll(async () => {
    store = await openStore({ durability: 'none', blockRows: 3 })
    await store.datasets.create({ name: 'd' })
    await store.ingest('d', [
      { _time: '2026-01-01T00:00:00Z', v: 1, s: 'x' },
      { _time: '2026-01-01T00:00:01Z', v: 2.5, s: 'y' },
      { _time: '2026-01-01T00:00:02Z', v: 3, s: 7 },
      { _time: '2026-01-01T00:00:03Z', v: 4, s: 'z' },
      { _time: '2026-01-01T00:00:04Z', v: 5.5 },
    ])
    await store.settle()
    snap = store.snapshot()
  })
  afterAll(async () => {
    snap.release()
    await store.close()
  })

  it('reads only the scan fields, integer|float as real, other mixes as cells, window via the selection', async () => {
    const r = compileApl('d | project v, s', schemaFromSnapshot(snap))
    if (!r.plan) throw new Error('bind')
    let scan = r.plan.root
    while (scan.kind !== 'Scan') scan = (scan as { input: typeof scan }).input
    const op = new ScanExec(scan)
    const start = BigInt(Date.UTC(2026, 0, 1)) * 1_000_000n + 1_000_000_000n
    const ctx = createContext({
      snapshot: snap,
      window: { start, end: start + 3_000_000_000n },
      now: NOW,
      strictTypes: false,
      deadline: undefined,
      signal: undefined,
      stats: newStats(),
    })
    const seen: unknown[][] = []
    const vAt = scan.schema.findIndex((c) => c.name === 'v')
    const sAt = scan.schema.findIndex((c) => c.name === 's')
    for await (const b of op.batches(ctx)) {
      expect(b.cols[vAt].kind).toBe('num')
      const rows = b.sel ?? Array.from({ length: b.length }, (_, i) => i)
      for (const i of rows) seen.push([cellAt(b.cols[vAt], i), cellAt(b.cols[sAt], i)])
    }
    expect(seen).toEqual([
      [2.5, 'y'],
      [3, 7],
      [4, 'z'],
    ])
    expect(ctx.stats.rowsExamined).toBe(3)
    expect(scan.fields).toEqual(['_time', 's', 'v'])
  })

  it('counts the window rows the same end to end', async () => {
    const res = await q('d | where v > 2 | count', snap)
    expect(cols(res)).toEqual({ count_: [4] })
    expect(res.status.blocksExamined).toBe(2)
  })
})
