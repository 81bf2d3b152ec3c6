// The parallel executor answers exactly like the in-process one: for every query below, on a
// disk-backed store (sealed blocks are files) with an unsealed tail, `parallel: 'on'` and 'off'
// give the same result (rows, order, shape, `_totals`, status counters; elapsed time aside), with
// the optimizer on and off, and the plan shows the parallel operators. 'auto' keeps small scans and
// bounded top-N in-process, in-memory stores never go parallel, APLDB_PARALLEL sets the default mode.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpLogs } from '../../../../bench/data-gen.ts'
import { AUTO_MIN_CHEAP_ROWS, AUTO_MIN_ROWS } from '../../../../src/exec/parallel/index.ts'
import { type Apldb, openStore } from '../../../../src/index.ts'
import {
  canonical,
  expectParallelEqualsInProcess,
  NOW_MS,
  openParallelStore,
  type ParallelStore,
} from './store-fixture.ts'

const SEALED = 24_000
const TAIL = 700

const QUERIES = [
  `h | where status == '500' | count`,
  `h | count`,
  `h | summarize count() by status`,
  `h | summarize avg(req_duration_ms), max(req_duration_ms), min(req_duration_ms), sum(resp_body_size_bytes) by method`,
  `h | summarize count() by bin(_time, 1h)`,
  `h | summarize n = count(), s = sum(req_duration_ms) by method, bin(_time, 1d)`,
  `h | summarize percentile(req_duration_ms, 95), percentiles_array(req_duration_ms, 50, 99) by server_datacenter`,
  `h | summarize dcount(id), dcount(['geo.city']) by ['geo.country']`,
  `h | summarize topk(uri, 3), make_set(method), countif(status == '404')`,
  `h | where ['geo.country'] == 'Peru' | summarize make_list(req_duration_ms) by server_datacenter`,
  `h | summarize a = toint(avg(req_duration_ms)) * 2, c = count() + 1 by is_tls`,
  `h | where status == 'no such status' | summarize count(), avg(req_duration_ms)`,
  `h | where status == 'no such status' | summarize count() by method`,
  `h | summarize count() by uri | top 10 by count_`,
  `h | where uri startswith '/api' and method !~ 'get' | summarize count() by ['geo.country'] | top 5 by count_`,
  `h | where req_duration_ms > 500 | sort by req_duration_ms desc | take 100`,
  `h | sort by status asc | take 7`,
  `h | top 5 by status desc`,
  `h | sort by method asc, req_duration_ms desc | take 9`,
  `h | top 9 by req_duration_ms desc`,
  `h | where status == '500' | project _time, uri, status`,
  `h | take 5`,
  `h | extend slow = req_duration_ms > 100, d2 = req_duration_ms * 2 | where slow | summarize max(d2) by slow`,
  `h | search "delete" | count`,
  `h | where * has 'json' | summarize count() by content_type`,
  `h | summarize c = count(), ci = countif(req_duration_ms > 100), m = max(req_duration_ms), cs = countif(tostring(status) == '200') by id | summarize sum(c), sum(ci), max(m), sum(cs), count()`,
  `h | summarize c = count(), cd = countif(todynamic(req_duration_ms) > 100) by method, is_tls`,
  `h | summarize n = count() by id | join kind=leftouter (h | where status == '500' | summarize e = count() by id) on id | count`,
  `union (h | where method == 'GET' | count), (h | where method == 'PUT' | count)`,
]

let fixture: ParallelStore
let db: Apldb

beforeAll(async () => {
  fixture = await openParallelStore({ seed: 7, blockRows: 2000, sealed: SEALED, tail: TAIL })
  db = fixture.db
}, 60_000)

afterAll(async () => {
  await fixture.close()
})

async function physical(apl: string, parallel: 'on' | 'off' | 'auto' | undefined): Promise<string> {
  const report = await db.explain(apl, parallel === undefined ? {} : ({ parallel } as never))
  return (report as unknown as { physical: string }).physical
}

describe('parallel executor = in-process executor', () => {
  for (const apl of QUERIES) {
    it(apl, async () => {
      await expectParallelEqualsInProcess(db, apl, { limit: 500 })
    })
  }

  it('shows the parallel operators in the physical plan', async () => {
    expect(await physical(`h | summarize count() by status`, 'on')).toMatch(
      /^AggregateExec .* parallel: \d+ units/,
    )
    expect(await physical(`h | where status == '500' | count`, 'on')).toMatch(
      /^CountExec\n {2}ParallelExec count parallel/,
    )
    // The optimizer turns sort + take into top (optimize/sort-limit.ts).
    expect(await physical(`h | sort by status | take 3`, 'on')).toMatch(
      /^TopNExec 3 .*\n {2}ParallelExec top parallel/,
    )
    expect(await physical(`h | summarize count() by status`, 'off')).not.toMatch(/parallel/)
  })
})

describe('when the parallel executor is used', () => {
  it("'auto' keeps a scan below the row threshold in-process", async () => {
    expect(await physical(`h | summarize count() by status`, 'auto')).not.toMatch(/parallel/)
  })

  it('an in-memory store runs in-process even when asked', async () => {
    const mem = await openStore({ clock: () => NOW_MS, blockRows: 100 })
    try {
      await mem.datasets.create({ name: 'h' })
      await mem.ingest('h', httpLogs(1000, { seed: 1, startMs: NOW_MS - 86_400_000 }))
      await mem.flush()
      const report = await mem.explain(`h | count`, { parallel: 'on' } as never)
      expect((report as unknown as { physical: string }).physical).not.toMatch(/parallel/)
    } finally {
      await mem.close()
    }
  })

  it('APLDB_PARALLEL sets the default; the query option wins over it', async () => {
    const before = process.env.APLDB_PARALLEL
    process.env.APLDB_PARALLEL = 'on'
    try {
      expect(await physical(`h | count`, undefined)).toMatch(/parallel/)
      expect(await physical(`h | count`, 'off')).not.toMatch(/parallel/)
    } finally {
      if (before === undefined) delete process.env.APLDB_PARALLEL
      else process.env.APLDB_PARALLEL = before
    }
  })

  it("'auto' runs a scan above the threshold in parallel; cheap aggregations, exact percentiles and near-unique keys not", async () => {
    const bigDir = await mkdtemp(join(tmpdir(), 'apldb-parallel-auto-'))
    const big = await openStore({ path: bigDir, durability: 'none', clock: () => NOW_MS })
    try {
      await big.datasets.create({ name: 'b' })
      const rows = AUTO_MIN_ROWS + 10_000
      for (let at = 0; at < rows; at += 50_000) {
        const n = Math.min(50_000, rows - at)
        await big.ingest(
          'b',
          Array.from({ length: n }, (_, i) => ({
            _time: new Date(NOW_MS - 1000 - at - i).toISOString(),
            k: (at + i) % 7,
            u: `u${at + i}`,
          })),
        )
      }
      await big.flush()
      const plan = async (apl: string) =>
        ((await big.explain(apl)) as unknown as { physical: string }).physical
      expect(await plan(`b | summarize stdev(k) by k`)).toMatch(/parallel: /)
      expect(await plan(`b | summarize sum(k), variance(k) by k`)).toMatch(/parallel: /)
      // Percentiles and histograms keep their values exactly: a partial would carry every value to
      // the main thread. In-process under 'auto'; 'on' still splits them.
      expect(await plan(`b | summarize percentile(k, 50) by k`)).not.toMatch(/parallel/)
      expect(await plan(`b | summarize stdev(k), percentiles_array(k, 5, 95) by k`)).not.toMatch(/parallel/)
      expect(
        (
          (await big.explain(`b | summarize percentile(k, 50) by k`, {
            parallel: 'on',
          } as never)) as unknown as {
            physical: string
          }
        ).physical,
      ).toMatch(/parallel: /)
      // Counts, sums, averages, extremes and dcount are cheap in-process: parallel from
      // AUTO_MIN_CHEAP_ROWS rows on.
      expect(rows).toBeLessThan(AUTO_MIN_CHEAP_ROWS)
      expect(await plan(`b | summarize count() by k`)).not.toMatch(/parallel/)
      expect(await plan(`b | summarize sum(k), avg(k), max(k) by k`)).not.toMatch(/parallel/)
      expect(await plan(`b | summarize dcount(k) by k`)).not.toMatch(/parallel/)
      // Grouped by a field with a distinct value per row, the merge would redo the whole summarize
      // on the main thread (merge-bound.ts): in-process under 'auto', even for costlier aggregations.
      expect(await plan(`b | summarize stdev(k) by u`)).not.toMatch(/parallel/)
      expect(await plan(`b | summarize stdev(k) by u, k`)).not.toMatch(/parallel/)
      expect(await plan(`b | extend v = strcat(u, '') | summarize stdev(k) by v`)).toMatch(/parallel: /)
      // A bounded top-N (one plain-column key) stays in-process under 'auto'; 'on' still splits it.
      expect(await plan(`b | where k > 2 | top 5 by k`)).not.toMatch(/parallel/)
      expect(
        (
          (await big.explain(`b | top 5 by k`, { parallel: 'on' } as never)) as unknown as {
            physical: string
          }
        ).physical,
      ).toMatch(/parallel/)
      const on = await big.queryResult(`b | summarize dcount(k)`, { parallel: 'on' } as never)
      const off = await big.queryResult(`b | summarize dcount(k)`, { parallel: 'off' } as never)
      expect(canonical(on)).toBe(canonical(off))
    } finally {
      await big.close()
      await rm(bigDir, { recursive: true, force: true })
    }
  })

  it('rejects an unknown mode', async () => {
    await expect(db.queryResult(`h | count`, { parallel: 'fast' } as never)).rejects.toMatchObject({
      code: 'invalid_argument',
    })
  })
})
