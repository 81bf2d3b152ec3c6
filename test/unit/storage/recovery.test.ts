// Recovery and verification: torn and corrupt logs, orphan and temp files, damaged blocks
// (quarantined, reported, never served), checkpoints, and the cross-process lock.
import { spawn } from 'node:child_process'
import { appendFile, mkdtemp, readdir, readFile, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Apldb as Store } from '../../../src/index.ts'
import { openStore } from '../../../src/index.ts'
import { frameRecord, scanRecords } from '../../../src/storage/record-log.ts'
import { plain, readAll } from '../../fixtures/read-all.ts'
import { V3_EVENTS, V3_RECORD } from './wal/v3-fixture.ts'

const dirs: string[] = []
const stores: Store[] = []
afterEach(async () => {
  for (const s of stores.splice(0)) await s.close().catch(() => {})
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})
async function tmp(): Promise<string> {
  const d = await mkdtemp(path.join(tmpdir(), 'apldb-rec-'))
  dirs.push(d)
  return d
}
async function open(dir: string): Promise<Store> {
  const s = await openStore({ path: dir, blockRows: 10 })
  stores.push(s)
  return s
}
async function blockFiles(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const d of await readdir(path.join(dir, 'blocks')))
    for (const f of await readdir(path.join(dir, 'blocks', d))) out.push(path.join(dir, 'blocks', d, f))
  return out.sort()
}

describe('record framing', () => {
  const recs = [new Uint8Array([1, 2, 3]), new Uint8Array(100).fill(9), new Uint8Array([4])]
  const bytes = Buffer.concat(recs.map(frameRecord))
  it('reads clean logs', () => {
    expect(scanRecords(bytes)).toMatchObject({ ending: 'clean', validEnd: bytes.length })
    expect(scanRecords(bytes).records.length).toBe(3)
  })
  it('treats a cut or garbled last record, or a zero-filled tail, as torn', () => {
    for (let cut = 1; cut < 9; cut++)
      expect(scanRecords(bytes.subarray(0, bytes.length - cut)).ending).toBe('torn')
    const garbled = Buffer.from(bytes)
    garbled[garbled.length - 1] ^= 0xff
    const scan = scanRecords(garbled)
    expect(scan.ending).toBe('torn')
    expect(scan.records.map((r) => [...r])).toEqual([[...recs[0]], [...recs[1]]])
    expect(scanRecords(Buffer.concat([bytes, Buffer.alloc(4096)]))).toMatchObject({
      ending: 'torn',
      validEnd: bytes.length,
    })
  })
  it('treats a bad record followed by good ones as corruption', () => {
    const bad = Buffer.from(bytes)
    bad[30] ^= 0x01 // inside the second record's payload
    expect(scanRecords(bad).ending).toBe('corrupt')
  })
})

describe('recovery', () => {
  it('truncates a torn WAL tail, keeps acknowledged events, and cleans tmp/ and orphans', async () => {
    const dir = await tmp()
    let s = await open(dir)
    await s.datasets.create({ name: 'r' })
    await s.ingest(
      'r',
      Array.from({ length: 25 }, (_, i) => ({ i })),
    )
    const want = plain(await readAll(s, 'r'))
    await s.settle()
    // Simulate a crash: no close(). Then add a torn record, a temp file and an orphan block.
    const ds = (await readdir(path.join(dir, 'wal')))[0]
    const segs = (await readdir(path.join(dir, 'wal', ds))).sort(
      (a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10),
    )
    await appendFile(
      path.join(dir, 'wal', ds, segs[segs.length - 1]),
      Buffer.from([200, 0, 0, 0, 1, 2, 3, 4, 5]),
    )
    await writeFile(path.join(dir, 'tmp', 'x.tmp'), 'partial')
    await writeFile(path.join(dir, 'blocks', ds, 'b999.blk'), 'orphan')
    stores.pop()
    await s.close() // releases the lock; the WAL file keeps the torn tail we appended
    await appendFile(
      path.join(dir, 'wal', ds, segs[segs.length - 1]),
      Buffer.from([200, 0, 0, 0, 1, 2, 3, 4, 5]),
    )
    await writeFile(path.join(dir, 'blocks', ds, 'b999.blk'), 'orphan')
    s = await open(dir)
    expect(s.recovery).toMatchObject({ tmpFilesRemoved: 1, orphanBlocksRemoved: 1 })
    expect(s.recovery.walTornBytesTruncated).toBeGreaterThan(0)
    expect(plain(await readAll(s, 'r'))).toEqual(want)
    expect(await readdir(path.join(dir, 'tmp'))).toEqual([])
  })

  it('replays a WAL segment in the row-wise format of version 3, then seals it', async () => {
    const dir = await tmp()
    let s = await open(dir)
    await s.datasets.create({ name: 'old' })
    await s.close()
    stores.pop()
    // The fixture's events as the first ones of the dataset (sequence numbers from 0).
    const payload = Buffer.from(V3_RECORD, 'base64')
    payload.writeDoubleLE(0, 1)
    const ds = (await readdir(path.join(dir, 'wal')))[0]
    await writeFile(path.join(dir, 'wal', ds, '99.wal'), frameRecord(payload))
    s = await open(dir)
    expect(s.recovery).toMatchObject({ walEventsReplayed: 3, walBatchesReplayed: 1 })
    const want = plain(V3_EVENTS)
    expect(plain(await readAll(s, 'old'))).toEqual(want)
    await s.close() // seals the replayed events into a block
    stores.pop()
    s = await open(dir)
    expect(s.recovery.walEventsReplayed).toBe(0)
    expect(plain(await readAll(s, 'old'))).toEqual(want)
  })

  it('refuses to open when the manifest LOG is corrupt in the middle', async () => {
    const dir = await tmp()
    const s = await open(dir)
    for (const n of ['a', 'b', 'c']) await s.datasets.create({ name: n })
    await s.close()
    stores.pop()
    const log = path.join(dir, 'manifest', 'LOG-0.log')
    const bytes = await readFile(log)
    bytes[10] ^= 0x40
    await writeFile(log, bytes)
    await expect(openStore({ path: dir })).rejects.toMatchObject({ code: 'manifest_corrupt' })
  })

  it('checkpoints and replays to the same state', async () => {
    const dir = await tmp()
    let s = await open(dir)
    await s.datasets.create({ name: 'c1', description: 'one' })
    await s.ingest(
      'c1',
      Array.from({ length: 30 }, (_, i) => ({ i })),
    )
    await (
      s.storage as unknown as { context: { manifest: { checkpoint(): Promise<void> } } }
    ).context.manifest.checkpoint()
    await s.datasets.create({ name: 'c2' })
    const want = plain(await readAll(s, 'c1'))
    await s.close()
    stores.pop()
    expect((await readdir(path.join(dir, 'manifest'))).sort()).toEqual(['CHECKPOINT-1.json', 'LOG-1.log'])
    s = await open(dir)
    expect((await s.datasets.list()).map((d) => [d.name, d.description])).toEqual([
      ['c1', 'one'],
      ['c2', ''],
    ])
    expect(plain(await readAll(s, 'c1'))).toEqual(want)
  })

  it('quarantines a truncated block at open and a bit-flipped one on read; never serves them', async () => {
    const dir = await tmp()
    let s = await open(dir)
    await s.datasets.create({ name: 'q' })
    await s.ingest(
      'q',
      Array.from({ length: 30 }, (_, i) => ({ i, s: `v${i}` })),
    )
    await s.close()
    stores.pop()
    const [b1, b2] = await blockFiles(dir)
    await truncate(b1, 50)
    const bytes = await readFile(b2)
    bytes[bytes.length - 40] ^= 0x10 // inside the last column chunk's body
    await writeFile(b2, bytes)
    s = await open(dir)
    expect(s.recovery.quarantined.map((q) => q.blockId)).toEqual(['b1'])
    await expect(readAll(s, 'q')).rejects.toMatchObject({
      code: 'block_corrupt',
      message: expect.stringContaining('b1'),
    })
    // The bit flip is caught before any Arrow decode, when its column is first read.
    const snap = s.snapshot()
    const blocks = snap.dataset('q')?.blocks ?? []
    snap.release()
    expect(blocks.map((b) => b.meta.blockId)).toContain('b2')
    {
      const snap2 = s.snapshot()
      const err = await (async () => {
        for await (const _ of snap2.scan('q', { prune: (_z, b) => b.meta.blockId === 'b2' })) {
        }
      })().catch((e) => e)
      snap2.release()
      expect(err).toMatchObject({ code: 'block_corrupt' })
      expect(s.health().quarantined.map((q) => q.blockId)).toContain('b2')
    }
  })

  it('a second process cannot open a store another process holds', async () => {
    const dir = await tmp()
    const child = spawn(
      process.execPath,
      [path.join(import.meta.dirname, '../../crash/ingest-child.ts'), dir, '0', '1'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    await new Promise<void>((resolve) =>
      child.stdout.on('data', (d: Buffer) => d.toString().includes('READY') && resolve()),
    )
    await expect(openStore({ path: dir })).rejects.toMatchObject({
      code: 'store_locked',
      message: expect.stringContaining(`${child.pid}`),
    })
    child.kill('SIGKILL')
    await new Promise((r) => child.on('exit', r))
    const s = await open(dir) // the dead owner's lock is taken over
    expect((await s.datasets.list()).map((d) => d.name)).toEqual(['crash'])
  })
})
