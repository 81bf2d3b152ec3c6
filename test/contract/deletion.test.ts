// Contract D2 (RELIABILITY.md §2.2): `POST /v2/datasets/_apl/delete` over raw HTTP: a dry run
// changes no file; a commit hides the rows at once; a repeat deletes nothing; summarize is a 400 with
// code and span; the capability matrix; a restart finishes a queued deletion; maxDeleteRows refuses.
import { readdir, stat } from 'node:fs/promises'
import * as path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './server.ts'

const DEL = '/v2/datasets/_apl/delete'
const T0 = Date.UTC(2024, 7, 25)
const GO_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)? \+0000 UTC$/

/** Every file under `dir` with its size and mtime (the "no byte written" witness). */
async function listing(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue
    const p = path.join(e.parentPath, e.name)
    const s = await stat(p)
    out.push(`${path.relative(dir, p)} ${s.size} ${s.mtimeMs}`)
  }
  return out.sort()
}

async function blockFiles(dir: string): Promise<number> {
  return (await readdir(path.join(dir, 'blocks'), { recursive: true })).filter((f) =>
    String(f).endsWith('.blk'),
  ).length
}

/** 3 blocks of 100 events; `trace` is `t<i % 10>`. */
async function seeded(extra: Parameters<typeof startServer>[0] = {}): Promise<TestServer> {
  const t = await startServer({ disk: true, ...extra, store: { blockRows: 100, ...extra.store } })
  await t.call('POST', '/v2/datasets', { body: { name: 'del' } })
  const events = Array.from({ length: 300 }, (_, i) => ({
    _time: new Date(T0 + i * 1000).toISOString(),
    trace: `t${i % 10}`,
    i,
  }))
  await t.call('POST', '/v1/datasets/del/ingest', { body: events })
  await t.db.flush('del')
  return t
}

const body = (commit: boolean, apl = "['del'] | where trace == 't3'") => ({
  apl,
  startTime: '2024-08-01T00:00:00Z',
  endTime: '2024-09-01T00:00:00Z',
  commit,
})

async function count(t: TestServer, apl = "['del'] | where trace == 't3' | count"): Promise<number> {
  const r = await t.call('POST', '/v1/datasets/_apl?format=tabular', { body: { apl } })
  return r.json.tables[0].columns[0][0]
}

let t: TestServer | undefined
afterEach(async () => {
  await t?.close()
  t = undefined
})

describe('block deletion over HTTP', () => {
  it('a dry run reports what would go and writes no byte', async () => {
    t = await seeded()
    const before = await listing(t.dir as string)
    const r = await t.call('POST', DEL, { body: body(false) })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ dryRun: true, rowsMatched: 30, rowsDeleted: 300, blocksMatched: 3 })
    expect(r.json.firstMatchedEvent).toMatch(GO_TIME)
    expect(r.json.firstMatchedEvent).toBe('2024-08-25 00:00:03 +0000 UTC')
    expect(r.json.lastMatchedEvent).toMatch(GO_TIME)
    expect(await listing(t.dir as string)).toEqual(before)
    expect(await count(t)).toBe(30)
  })

  it('a commit hides the rows at once; an identical second commit deletes nothing', async () => {
    t = await seeded()
    const first = await t.call('POST', DEL, { body: body(true, "['del'] | where i < 100") })
    expect(first.json).toMatchObject({ dryRun: false, rowsMatched: 100, rowsDeleted: 100 })
    expect(await count(t, "['del'] | where i < 100 | count")).toBe(0)
    expect(await count(t, "['del'] | count")).toBe(200)
    const again = await t.call('POST', DEL, { body: body(true, "['del'] | where i < 100") })
    expect(again.json).toMatchObject({ dryRun: false, rowsMatched: 0, rowsDeleted: 0 })
  })

  it('operators other than where/search are a 400 with code and span', async () => {
    t = await seeded()
    const r = await t.call('POST', DEL, { body: body(false, "['del'] | where i > 1 | summarize count()") })
    expect(r.status).toBe(400)
    expect(r.json.detail).toMatchObject({
      code: expect.stringMatching(/^APL0/),
      line: 1,
      start: expect.any(Number),
    })
    const noRange = await t.call('POST', DEL, { body: { apl: "['del'] | where i > 1", commit: false } })
    expect(noRange.status).toBe(400)
    expect(noRange.json.error).toBe('time_range_required')
    const noCommit = await t.call('POST', DEL, {
      body: { apl: "['del']", startTime: 'now-1h', endTime: 'now' },
    })
    expect(noCommit.status).toBe(400)
  })

  it('needs data:delete on the dataset, or org datasets:update', async () => {
    t = await seeded()
    const tt = t
    const status = async (caps: Parameters<TestServer['token']>[0] | null) =>
      (await tt.call('POST', DEL, { token: caps === null ? null : await tt.token(caps), body: body(false) }))
        .status
    expect(await status(null)).toBe(401)
    expect(await status({ datasetCapabilities: { del: { query: ['read'] } } })).toBe(403)
    expect(await status({ datasetCapabilities: { other: { data: ['delete'] } } })).toBe(403)
    expect(await status({ datasetCapabilities: { del: { data: ['delete'] } } })).toBe(200)
    expect(await status({ orgCapabilities: { datasets: ['update'] } })).toBe(200)
  })

  it('a deletion queued at shutdown completes after a restart', async () => {
    t = await seeded({ store: { deletionDelay: 3_600_000 } })
    const dir = t.dir as string
    const filesBefore = await blockFiles(dir)
    const r = await t.call('POST', DEL, { body: body(true, "['del'] | where i >= 200") })
    expect(r.json.rowsDeleted).toBe(100)
    expect(t.db.deletions().map((d) => d.state)).toEqual(['queued'])
    await t.srv.close()
    const t2 = await startServer({ dir, store: { blockRows: 100 } })
    try {
      for (let i = 0; i < 200 && t2.db.deletions().some((d) => d.state !== 'deleted'); i++) {
        await new Promise((res) => setTimeout(res, 25))
      }
      expect(t2.db.deletions().map((d) => d.state)).toEqual(['deleted'])
      expect(await blockFiles(dir)).toBe(filesBefore - 1)
      expect(await count(t2, "['del'] | count")).toBe(200)
    } finally {
      await t2.close()
    }
    t = undefined
  })

  it('a request above maxDeleteRows is refused and deletes nothing', async () => {
    t = await seeded({ store: { maxDeleteRows: 150 } })
    const r = await t.call('POST', DEL, { body: body(true) })
    expect(r.status).toBe(400)
    expect(r.json.error).toBe('delete_too_large')
    expect(r.json.message).toMatch(/narrow/)
    expect(await count(t)).toBe(30)
    expect(t.db.deletions()).toEqual([])
  })
})
