// Paging test (issue 5 acceptance): walking a dataset of several sealed blocks plus an unsealed tail
// (7-row blocks; events ingested out of time order, with tied times) page by page — with minCursor,
// with continuationToken, ascending with maxCursor, inclusive cursors — returns every event exactly
// once, in order; `_rowId`s are unique and survive sealing unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpLogs } from '../../../bench/data-gen.ts'
import type { Apldb } from '../../../src/index.ts'
import type { QueryRequest } from '../../../src/legacy/index.ts'
import type { LegacyResult } from '../../../src/wire/index.ts'
import { NOW_MS, openLegacyStore } from './fixtures.ts'

const TOTAL = 101
const PAGE = 9

/** 101 events over a day, every third sharing its predecessor's time, in a scrambled ingest order. */
function events(): Record<string, unknown>[] {
  const base = httpLogs(TOTAL, { seed: 7, startMs: NOW_MS - 86_400_000, spanMs: 80_000_000 })
  const withIds = base.map((e, i) => ({ ...e, n: i, _time: base[i - (i % 3 === 2 ? 1 : 0)]._time }))
  // A fixed shuffle: ingest order differs from time order, so sequence numbers do too.
  return withIds.map((_, i) => withIds[(i * 37) % TOTAL])
}

let store: Apldb
beforeAll(async () => {
  const all = events()
  store = await openLegacyStore(all.slice(0, 60), 7)
  await store.ingest('test', all.slice(60))
  await store.settle()
})
afterAll(async () => {
  await store.close()
})

type Page = (req: QueryRequest) => Promise<LegacyResult>
const page: Page = (req) => store.queryLegacy('test', { limit: PAGE, ...req })

/** Follows `next` until a page comes back empty (or has no way on); returns every match in order. */
async function walk(first: QueryRequest, next: (r: LegacyResult) => QueryRequest | undefined) {
  const seen: LegacyResult['matches'][number][] = []
  let req: QueryRequest | undefined = first
  for (let pages = 0; req !== undefined && pages < 100; pages++) {
    const r = await page(req)
    if (r.matches.length === 0) break
    expect(r.matches.length).toBeLessThanOrEqual(PAGE)
    seen.push(...r.matches)
    req = next(r)
  }
  return seen
}

function expectEveryEventOnce(seen: LegacyResult['matches'], desc: boolean): void {
  const ns = seen.map((m) => m.data.n as number)
  expect(ns).toHaveLength(TOTAL)
  expect(new Set(ns).size).toBe(TOTAL)
  const ids = seen.map((m) => m._rowId)
  const sorted = [...ids].sort()
  expect(ids).toEqual(desc ? sorted.reverse() : sorted)
  for (let i = 1; i < seen.length; i++) {
    const [a, b] = [seen[i - 1]._time, seen[i]._time]
    expect(desc ? a >= b : a <= b, `${a} then ${b}`).toBe(true)
  }
}

describe('paging over blocks and the unsealed tail', () => {
  it('the dataset really has several blocks and a tail', () => {
    const snap = store.snapshot()
    try {
      const view = snap.dataset('test')
      expect(view?.blocks.length).toBeGreaterThanOrEqual(3)
      expect(view?.tail.length).toBeGreaterThan(0)
    } finally {
      snap.release()
    }
  })

  it('newest first, resuming at minCursor (exclusive)', async () => {
    const seen = await walk({}, (r) => (r.status.minCursor ? { cursor: r.status.minCursor } : undefined))
    expectEveryEventOnce(seen, true)
  })

  it('newest first, resuming with continuationToken until none is sent', async () => {
    let pages = 0
    const seen = await walk({}, (r) => {
      pages++
      return r.status.continuationToken ? { continuationToken: r.status.continuationToken } : undefined
    })
    expectEveryEventOnce(seen, true)
    expect(pages).toBe(Math.ceil(TOTAL / PAGE))
  })

  it('oldest first (order _time asc), resuming at maxCursor', async () => {
    const asc = { order: [{ field: '_time', desc: false }] }
    const seen = await walk(asc, (r) =>
      r.status.maxCursor ? { ...asc, cursor: r.status.maxCursor } : undefined,
    )
    expectEveryEventOnce(seen, false)
  })

  it('from every row, one step either way is the neighbouring row (ties in `_time` included)', async () => {
    const asc = { order: [{ field: '_time', desc: false }] }
    const all = (await store.queryLegacy('test', { limit: 1000 })).matches
    for (let i = 0; i < all.length; i++) {
      const older = await page({ cursor: all[i]._rowId, limit: 1 })
      expect(older.matches[0]?._rowId).toBe(all[i + 1]?._rowId)
      const newer = await page({ ...asc, cursor: all[i]._rowId, limit: 1 })
      expect(newer.matches[0]?._rowId).toBe(all[i - 1]?._rowId)
    }
  })

  it('includeCursor repeats the cursor row first', async () => {
    const first = await page({})
    const last = first.matches[PAGE - 1]
    const again = await page({ cursor: last._rowId, includeCursor: true })
    expect(again.matches[0]).toEqual(last)
    const after = await page({ cursor: last._rowId })
    expect(after.matches[0]._rowId < last._rowId).toBe(true)
  })

  it('a filter and paging combine: each matching event once', async () => {
    const filter = { op: 'starts-with', field: 'method', value: 'p' }
    const all = (await store.queryLegacy('test', { filter, limit: 1000 })).matches
    const seen = await walk({ filter }, (r) =>
      r.status.minCursor ? { filter, cursor: r.status.minCursor } : undefined,
    )
    expect(seen).toEqual(all)
    expect(all.length).toBeGreaterThan(PAGE)
  })

  it('row ids are stable across queries and across sealing the tail', async () => {
    const byN = async () =>
      new Map((await store.queryLegacy('test', { limit: 1000 })).matches.map((m) => [m.data.n, m._rowId]))
    const before = await byN()
    expect(await byN()).toEqual(before)
    await store.flush('test')
    const snap = store.snapshot()
    expect(snap.dataset('test')?.tail.length).toBe(0)
    snap.release()
    expect(await byN()).toEqual(before)
  })
})

describe("APL's cursor_current()", () => {
  it("is each row's _rowId, and the legacy query resumes after it", async () => {
    const apl = await store.queryResult("['test'] | extend c = cursor_current() | project n, c")
    const t = apl.tables[0]
    const [nCol, cCol] = ['n', 'c'].map((f) => t.columns[t.fields.findIndex((x) => x.name === f)])
    const all = (await store.queryLegacy('test', { limit: 1000 })).matches
    const rowIdOf = new Map(all.map((m) => [m.data.n as number, m._rowId]))
    expect(nCol).toHaveLength(TOTAL)
    expect(cCol).toEqual(nCol.map((n) => rowIdOf.get(n as number)))
    const cursor = cCol[nCol.indexOf(all[10].data.n)] as string
    const next = await page({ cursor, limit: 1 })
    expect(next.matches[0]._rowId).toBe(all[11]._rowId)
  })
})
