// Store behaviour through the public API: datasets, ingest forms, visibility, seals, reopen,
// trim and retention, locking, composite types, failure isolation of bad events.
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { httpLogs } from '../../../bench/data-gen.ts'
import type { Apldb as Store } from '../../../src/index.ts'
import { openStore, StoreError } from '../../../src/index.ts'
import { plain, readAll } from '../../fixtures/read-all.ts'

const NOW = Date.UTC(2026, 10, 22)
const dirs: string[] = []
const open: Store[] = []
async function tmp(): Promise<string> {
  const d = await mkdtemp(path.join(tmpdir(), 'apldb-store-'))
  dirs.push(d)
  return d
}
async function store(opts: Parameters<typeof openStore>[0] = {}): Promise<Store> {
  const s = await openStore({ clock: () => NOW, ...opts })
  open.push(s)
  return s
}
afterEach(async () => {
  for (const s of open.splice(0)) await s.close()
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})

async function code(p: Promise<unknown>): Promise<string> {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(StoreError)
    return (e as StoreError).code
  }
  return 'no error'
}

describe('datasets', () => {
  it('create, get, list, update, delete', async () => {
    const s = await store()
    const d = await s.datasets.create({ name: 'http-logs', description: 'logs' })
    expect(d).toMatchObject({
      id: 'http-logs',
      name: 'http-logs',
      kind: 'axiom:events:v1',
      description: 'logs',
      retentionDays: 0,
      useRetentionPeriod: false,
    })
    expect(d.created).toBe('2026-11-22T00:00:00Z')
    await s.datasets.create({ name: 'a.b_c-1' })
    expect((await s.datasets.list()).map((x) => x.name)).toEqual(['a.b_c-1', 'http-logs'])
    const u = await s.datasets.update('http-logs', { retentionDays: 30 })
    expect(u).toMatchObject({ retentionDays: 30, useRetentionPeriod: true, description: 'logs' })
    expect(await s.datasets.get('http-logs')).toEqual(u)
    await s.datasets.delete('a.b_c-1')
    expect(await code(s.datasets.get('a.b_c-1'))).toBe('dataset_not_found')
    expect((await s.datasets.list()).length).toBe(1)
  })

  it('refuses bad names and duplicates with clear errors', async () => {
    const s = await store()
    for (const bad of ['', '-a', 'a-', 'a b', 'x'.repeat(129), 'é', '.a']) {
      expect(await code(s.datasets.create({ name: bad }))).toBe('invalid_dataset_name')
    }
    expect(await code(s.datasets.create({ name: 'x'.repeat(128) }))).toBe('no error')
    await s.datasets.create({ name: 'dup' })
    await expect(s.datasets.create({ name: 'dup' })).rejects.toThrow(/already exists/)
    expect(await code(s.datasets.create({ name: 'k', kind: 'nope' }))).toBe('invalid_argument')
    expect(await code(s.ingest('missing', [{ a: 1 }]))).toBe('dataset_not_found')
  })

  it('a second open of a directory fails while the first holds it', async () => {
    const dir = await tmp()
    await store({ path: dir })
    await expect(openStore({ path: dir })).rejects.toThrow(/already open|locked/)
  })
})

describe('ingest', () => {
  it('accepts objects, a JSON array, NDJSON and CSV; one bad event fails alone', async () => {
    const s = await store()
    await s.datasets.create({ name: 'd' })
    expect(await s.ingest('d', [{ a: 1 }, { a: 'x', _time: 'not a time' }, 42 as never])).toMatchObject({
      ingested: 1,
      failed: 2,
    })
    const arr = '[{"a":2,"_time":"2026-01-01T00:00:00.123456789Z"}]'
    expect(await s.ingest('d', arr)).toMatchObject({ ingested: 1, failed: 0, processedBytes: arr.length })
    expect(await s.ingest('d', '{"a":3}\n{bad json\n{"a":4}\n')).toMatchObject({ ingested: 2, failed: 1 })
    expect(await s.ingest('d', 'a,b\n5,x\n', { format: 'csv' })).toMatchObject({ ingested: 1 })
    const rows = plain(await readAll(s, 'd'))
    expect(rows.map((r) => r.fields.a)).toEqual([1, 2, 3, 4, 5])
    expect(rows[1].time).toBe('1767225600123456789')
    const st = await s.ingest('d', [{ _time: 'nope' }])
    expect(st.failures[0].error).toMatch(/_time/)
    expect(st.failures[0].timestamp).toMatch(/^\d{4}-\d\d-\d\dT/)
  })

  it('keeps every value of a mixed-type field and reports a composite type', async () => {
    const s = await store({ blockRows: 2 })
    await s.datasets.create({ name: 'm' })
    await s.ingest('m', [{ v: 1 }, { v: 1.5 }, { v: '200' }, { v: true }, { v: [1, { a: 2 }] }])
    expect(plain(await readAll(s, 'm')).map((r) => r.fields.v)).toEqual([1, 1.5, '200', true, [1, { a: 2 }]])
    const f = await s.datasets.fields('m')
    expect(f.find((x) => x.name === 'v')?.type).toBe('string|integer|float|boolean|array')
    expect(f.map((x) => x.name)).toEqual(['_sysTime', '_time', 'v'])
  })

  it('stores lone surrogates as U+FFFD before and after sealing, so every reader agrees', async () => {
    const s = await store({ blockRows: 2 })
    await s.datasets.create({ name: 'u' })
    await s.ingest('u', [{ 'k\ud800': 'a\udc00b' }])
    const before = plain(await readAll(s, 'u'))
    await s.flush('u')
    expect(plain(await readAll(s, 'u'))).toEqual(before)
    expect(before[0].fields).toEqual({ 'k\ufffd': 'a\ufffdb' })
  })

  it('labels, timestamp field and Go layouts', async () => {
    const s = await store()
    await s.datasets.create({ name: 't' })
    await s.ingest('t', [{ ts: '17/Aug/2024:10:00:00 +0000', x: 1 }], {
      timestampField: 'ts',
      timestampFormat: '2/Jan/2006:15:04:05 -0700',
      labels: { region: 'eu-west-1' },
    })
    const [e] = await readAll(s, 't')
    expect(e.time).toBe(BigInt(Date.UTC(2024, 7, 17, 10)) * 1_000_000n)
    expect({ ...e.fields }).toEqual({ x: 1, region: 'eu-west-1' })
  })

  it('events are visible after ack, before any seal, and snapshots are isolated', async () => {
    const s = await store({ blockRows: 1000 })
    await s.datasets.create({ name: 'v' })
    const before = s.snapshot()
    await s.ingest('v', [{ a: 1 }])
    const after = s.snapshot()
    expect((await readAll(before, 'v')).length).toBe(0)
    expect((await readAll(after, 'v')).length).toBe(1)
    before.release()
    after.release()
  })
})

describe('blocks and durability', () => {
  it('seals at blockRows, on flush and on close; reopen sees everything', async () => {
    const dir = await tmp()
    let s = await openStore({ path: dir, blockRows: 1000, clock: () => NOW })
    open.push(s)
    await s.datasets.create({ name: 'h' })
    const events = httpLogs(2500, { seed: 7 })
    await s.ingest('h', events.slice(0, 1500))
    await s.ingest('h', events.slice(1500))
    await s.settle()
    const snap = s.snapshot()
    expect(snap.dataset('h')?.blocks.length).toBe(2)
    expect(snap.dataset('h')?.tail.length).toBe(500)
    snap.release()
    const want = plain(await readAll(s, 'h'))
    await s.close()
    s = await openStore({ path: dir, blockRows: 1000, clock: () => NOW })
    open.push(s)
    const snap2 = s.snapshot()
    expect(snap2.dataset('h')?.blocks.length).toBe(3)
    snap2.release()
    expect(plain(await readAll(s, 'h'))).toEqual(want)
    expect(want[0].fields['geo.city']).toBeDefined()
    expect(await readdir(path.join(dir, 'tmp'))).toEqual([])
  })

  it('seals the same blocks on the seal worker as in-process', async () => {
    const events = httpLogs(13_000, { seed: 11 })
    const blocks: [number, unknown][][] = []
    for (const sealWorker of [true, false]) {
      const s = await store({ blockRows: 5000, sealWorker })
      await s.datasets.create({ name: 'w' })
      for (let i = 0; i < events.length; i += 2000) await s.ingest('w', events.slice(i, i + 2000))
      await s.flush()
      const snap = s.snapshot()
      blocks.push(snap.dataset('w')?.blocks.map((b) => [b.meta.header.rowCount, b.meta.zoneMap]) ?? [])
      snap.release()
      expect(plain(await readAll(s, 'w')).length).toBe(13_000)
      // The 3,000-event block is under WORKER_MIN_ROWS but its WAL records pass WORKER_MIN_BYTES.
      if (sealWorker) expect(s.storage.context.sealer.stats.workerBlocks).toBe(3)
    }
    expect(blocks[0]).toEqual(blocks[1])
    expect(blocks[0].map(([n]) => n)).toEqual([5000, 5000, 3000])
  })

  it('keeps every event once and in order while seals run ahead of their commits', async () => {
    const dir = await tmp()
    const s = await openStore({ path: dir, blockRows: 100, clock: () => NOW })
    open.push(s)
    await s.datasets.create({ name: 'p' })
    const seen: number[] = []
    let next = 0
    // 8 calls in flight, 60 × 37 events: seals start while others are still being written.
    const worker = async () => {
      while (next < 60) {
        const call = next++
        await s.ingest(
          'p',
          Array.from({ length: 37 }, (_, i) => ({ call, i })),
        )
        const snap = s.snapshot()
        seen.push(snap.dataset('p')?.tail.length ?? -1)
        snap.release()
      }
    }
    await Promise.all(Array.from({ length: 8 }, worker))
    await s.flush()
    const snap = s.snapshot()
    const rows = snap.dataset('p')?.blocks.map((b) => b.meta.header.rowCount)
    snap.release()
    // Only the flush's last block is partial; every call landed whole, in its own order.
    expect(rows?.slice(0, -1).every((n) => n === 100)).toBe(true)
    expect(rows?.reduce((a, b) => a + b, 0)).toBe(60 * 37)
    const got = (await readAll(s, 'p')).map((e) => [e.fields.call, e.fields.i] as [number, number])
    expect(new Set(got.map(([c, i]) => `${c}/${i}`)).size).toBe(60 * 37)
    for (let k = 1; k < got.length; k++) {
      const [c, i] = got[k]
      const [pc, pi] = got[k - 1]
      if (c === pc) expect(i).toBe(pi + 1)
      else expect(i).toBe(0)
    }
    expect(seen.every((n) => n >= 0)).toBe(true)
  })

  it('scan prunes by time range and zone maps, and decodes only requested fields', async () => {
    const s = await store({ blockRows: 100 })
    await s.datasets.create({ name: 'p' })
    await s.ingest('p', httpLogs(1000, { seed: 3, startMs: Date.UTC(2026, 0, 1), spanMs: 10 * 86_400_000 }))
    await s.flush('p')
    const snap = s.snapshot()
    const stats = { blocksTotal: 0, blocksPruned: 0, blocksScanned: 0, rowsScanned: 0, blocksFromStats: 0 }
    const start = BigInt(Date.UTC(2026, 0, 3)) * 1_000_000n
    const end = BigInt(Date.UTC(2026, 0, 4)) * 1_000_000n
    let fields = new Set<string>()
    for await (const b of snap.scan('p', { timeRange: { start, end }, fields: ['_time', 'status'], stats })) {
      fields = new Set([...fields, ...b.columns.map((c) => c.field)])
    }
    snap.release()
    expect(stats.blocksTotal).toBe(10)
    expect(stats.blocksScanned).toBeLessThanOrEqual(2)
    expect(stats.blocksPruned).toBeGreaterThanOrEqual(8)
    expect([...fields].sort()).toEqual(['_time', 'status'])
  })

  it('keeps decoded columns within cacheBytes', async () => {
    const s = await store({ blockRows: 2000, cacheBytes: 256 * 1024 })
    await s.datasets.create({ name: 'c' })
    await s.ingest('c', httpLogs(20_000, { seed: 5 }))
    await s.flush('c')
    expect((await readAll(s, 'c')).length).toBe(20_000)
    expect(s.health().cacheBytes).toBeGreaterThan(0)
    expect(s.health().cacheBytes).toBeLessThanOrEqual(256 * 1024)
  })

  it('trim removes whole blocks older than the cut-off; retention applies on update', async () => {
    const s = await store({ blockRows: 10 })
    await s.datasets.create({ name: 'tr' })
    const old = Array.from({ length: 25 }, (_, i) => ({
      _time: new Date(NOW - 40 * 86_400_000 + i).toISOString(),
      i,
    }))
    const recent = Array.from({ length: 5 }, (_, i) => ({
      _time: new Date(NOW - 60_000 + i).toISOString(),
      i: 100 + i,
    }))
    await s.ingest('tr', [...old, ...recent])
    expect(await code(s.datasets.trim('tr', 'bogus'))).toBe('invalid_argument')
    const r = await s.datasets.trim('tr', '720h0m0s')
    expect(r).toEqual({ blocksRemoved: 2, rowsRemoved: 20 })
    // Block-granular: the block holding old rows 20–24 and the 5 recent ones survives whole.
    expect((await readAll(s, 'tr')).length).toBe(10)
    await s.ingest('tr', old.slice(0, 10))
    await s.flush('tr')
    await s.datasets.update('tr', { retentionDays: 7 })
    expect((await readAll(s, 'tr')).length).toBe(10)
  })

  it('a pinned snapshot keeps reading while blocks are trimmed and the dataset is deleted', async () => {
    const dir = await tmp()
    const s = await store({ path: dir, blockRows: 10 })
    await s.datasets.create({ name: 'pin' })
    await s.ingest(
      'pin',
      Array.from({ length: 30 }, (_, i) => ({ _time: new Date(NOW - 90 * 86_400_000).toISOString(), i })),
    )
    const snap = s.snapshot()
    const want = plain(await readAll(snap, 'pin'))
    await s.datasets.trim('pin', '1h')
    await s.datasets.delete('pin')
    expect(plain(await readAll(snap, 'pin'))).toEqual(want)
    snap.release()
    await new Promise((r) => setTimeout(r, 20))
    const left = await readdir(path.join(dir, 'blocks')).then(async (ds) =>
      (await Promise.all(ds.map((d) => readdir(path.join(dir, 'blocks', d))))).flat(),
    )
    expect(left).toEqual([])
  })
})
