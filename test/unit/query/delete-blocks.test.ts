// Block deletion through the in-process API (RELIABILITY.md §2.2, D2 without HTTP): dry runs write
// no byte, commits hide whole blocks at once and the worker removes the files, repeats delete 0,
// queued deletions survive restarts and checkpoints, the size limit refuses and deletes nothing,
// only where/search pass validation (APL0322 with a span), and unsealed events are covered.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type Apldb,
  AplError,
  DeleteError,
  type DeleteRequest,
  openStore,
  type StoreOptions,
} from '../../../src/index.ts'
import type { Fs } from '../../../src/storage/fs.ts'
import {
  applyEdit,
  deserializeState,
  emptyState,
  serializeState,
} from '../../../src/storage/manifest/edits.ts'
import { createMemFs } from '../../../src/storage/mem-fs.ts'

const NOW = Date.UTC(2024, 7, 25, 12)
const HOUR = 3_600_000
const dirs: string[] = []
const open: Apldb[] = []
afterEach(async () => {
  for (const s of open.splice(0)) await s.close().catch(() => {})
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
})
async function tmp(): Promise<string> {
  const d = await mkdtemp(path.join(tmpdir(), 'apldb-del-'))
  dirs.push(d)
  return d
}
async function store(opts: StoreOptions = {}): Promise<Apldb> {
  const s = await openStore({ clock: () => NOW, blockRows: 10, sealWorker: false, ...opts })
  open.push(s)
  return s
}
async function reopen(s: Apldb, opts: StoreOptions = {}): Promise<Apldb> {
  await s.close()
  open.splice(open.indexOf(s), 1)
  return store({ path: s.path, ...opts })
}

/** `n` events one second apart from `startMs`; every 7th has g = 'x'. */
function events(n: number, startMs = NOW - HOUR, from = 0) {
  return Array.from({ length: n }, (_, k) => {
    const i = from + k
    return { _time: new Date(startMs + k * 1000).toISOString(), i, g: i % 7 === 0 ? 'x' : 'y' }
  })
}

async function seeded(opts: StoreOptions = {}, n = 35): Promise<Apldb> {
  const s = await store(opts)
  await s.datasets.create({ name: 'logs' })
  await s.ingest('logs', events(n))
  await s.flush()
  return s
}

async function count(s: Apldb, where = ''): Promise<number> {
  const r = await s.queryResult(`['logs'] ${where} | count`, { startTime: '1970-01-01T00:00:00Z' })
  return Number(r.tables[0].columns[0][0])
}

/** Every file under `dir` with its size, sorted (to prove that nothing was written). */
async function tree(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue
    const p = path.join(e.parentPath, e.name)
    out.push(`${path.relative(dir, p)}:${(await stat(p)).size}`)
  }
  return out.sort()
}

async function blockFiles(dir: string): Promise<string[]> {
  return (await tree(path.join(dir, 'blocks'))).map((f) => f.split(':')[0])
}

const X: DeleteRequest = {
  apl: "['logs'] | where g == 'x'",
  startTime: 'now-1d',
  endTime: 'now',
  commit: false,
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p
  } catch (e) {
    return e
  }
  throw new Error('expected a rejection')
}

describe('dry run', () => {
  it('reports matches and whole-block rows and writes no byte', async () => {
    const dir = await tmp()
    const s = await seeded({ path: dir })
    await s.ingest('logs', events(4, NOW - HOUR / 2, 35)) // unsealed: covered by prediction, not sealed
    const before = await tree(dir)
    const r = await s.deleteBlocks(X)
    // i = 0,7 | 14 | 21,28 in blocks 0-9, 10-19, 20-29 (not 30-34); i = 35 in the unsealed 35-38.
    expect(r).toMatchObject({ dryRun: true, rowsMatched: 6, blocksMatched: 4, rowsDeleted: 10 + 10 + 10 + 4 })
    expect(r.requestId).toBeUndefined()
    expect(await tree(dir)).toEqual(before)
    expect(s.deletions()).toEqual([])
    expect(await count(s, "| where g == 'x'")).toBe(6)
  })

  it('omits first/last when nothing matches; uses Go time.String() otherwise', async () => {
    const s = await store()
    await s.datasets.create({ name: 'logs' })
    await s.ingest('logs', [
      { _time: '2024-08-25T00:18:19Z', g: 'x' },
      { _time: '2024-08-25T00:18:20.5Z', g: 'x' },
      { _time: '2024-08-25T03:00:00Z', g: 'y' },
    ])
    const r = await s.deleteBlocks(X)
    expect(r).toEqual({
      dryRun: true,
      rowsMatched: 2,
      rowsDeleted: 3,
      blocksMatched: 1,
      firstMatchedEvent: '2024-08-25 00:18:19 +0000 UTC',
      lastMatchedEvent: '2024-08-25 00:18:20.5 +0000 UTC',
      // The whole block goes: its span reaches the unmatched 03:00 event.
      firstDeletedEvent: '2024-08-25 00:18:19 +0000 UTC',
      lastDeletedEvent: '2024-08-25 03:00:00 +0000 UTC',
    })
    expect(await s.deleteBlocks({ ...X, apl: "['logs'] | where g == 'nope'" })).toEqual({
      dryRun: true,
      rowsMatched: 0,
      rowsDeleted: 0,
      blocksMatched: 0,
    })
  })

  it('counts only matches inside the window, but a matched block goes whole', async () => {
    const s = await seeded()
    // The window covers i = 0..4 (the first five seconds): only i = 0 matches, block 0-9 goes.
    const start = new Date(NOW - HOUR).toISOString()
    const end = new Date(NOW - HOUR + 5000).toISOString()
    const r = await s.deleteBlocks({ ...X, startTime: start, endTime: end })
    expect(r).toMatchObject({ rowsMatched: 1, rowsDeleted: 10, blocksMatched: 1 })
  })

  it('search is allowed, alone or after where', async () => {
    const s = await seeded()
    expect(await s.deleteBlocks({ ...X, apl: "['logs'] | search 'x'" })).toMatchObject({ rowsMatched: 5 })
    expect(await s.deleteBlocks({ ...X, apl: "['logs'] | where i < 10 | search 'x'" })).toMatchObject({
      rowsMatched: 2,
      rowsDeleted: 10,
    })
  })
})

describe('commit', () => {
  it('hides the blocks at once, the worker removes the files, a repeat deletes 0', async () => {
    const dir = await tmp()
    const s = await seeded({ path: dir })
    const files = await blockFiles(dir)
    expect(files.length).toBe(4)
    const r = await s.deleteBlocks({ ...X, commit: true })
    expect(r).toMatchObject({
      dryRun: false,
      rowsMatched: 5,
      rowsDeleted: 30,
      blocksMatched: 3,
      requestId: 'del_1',
    })
    expect(await count(s, "| where g == 'x'")).toBe(0)
    expect(await count(s)).toBe(5)
    const info = s.deletions()
    expect(info).toHaveLength(1)
    expect(info[0]).toMatchObject({ requestId: 'del_1', dataset: 'logs', rowsDeleted: 30 })
    expect(info[0].blockIds).toHaveLength(3)
    await s.storage.deletion.idle()
    expect(s.deletions()[0].state).toBe('deleted')
    expect(s.deletions()[0].appliedAt).toBeDefined()
    expect(await blockFiles(dir)).toEqual([files[3]])
    const log = path.join(dir, 'manifest', 'LOG-0.log')
    const size = (await stat(log)).size
    expect(await s.deleteBlocks({ ...X, commit: true })).toEqual({
      dryRun: false,
      rowsMatched: 0,
      rowsDeleted: 0,
      blocksMatched: 0,
    })
    expect((await stat(log)).size).toBe(size)
  })

  it('seals unsealed (WAL) events first so they are covered, and they stay gone after a restart', async () => {
    const dir = await tmp()
    let s = await store({ path: dir, blockRows: 1000 })
    await s.datasets.create({ name: 'logs' })
    await s.ingest('logs', events(20))
    expect(await blockFiles(dir)).toEqual([])
    const r = await s.deleteBlocks({ ...X, apl: "['logs'] | where i == 3", commit: true })
    expect(r).toMatchObject({ rowsMatched: 1, rowsDeleted: 20, blocksMatched: 1 })
    expect(await count(s)).toBe(0)
    s = await reopen(s, { blockRows: 1000 })
    expect(await count(s)).toBe(0)
    await s.ingest('logs', events(3))
    expect(await count(s)).toBe(3)
  })

  it('never touches blocks sealed after the request', async () => {
    const s = await seeded()
    await s.deleteBlocks({ ...X, commit: true })
    await s.ingest('logs', events(10, NOW - HOUR, 100))
    await s.flush()
    expect(await count(s)).toBe(15)
    await s.storage.deletion.idle()
    expect(await count(s)).toBe(15)
  })

  it('waits for a pinned snapshot before unlinking; the snapshot keeps reading its rows', async () => {
    const dir = await tmp()
    const s = await seeded({ path: dir })
    const snap = s.snapshot()
    await s.deleteBlocks({ ...X, commit: true })
    await s.storage.deletion.idle()
    expect(s.deletions()[0].state).toBe('queued')
    expect((await blockFiles(dir)).length).toBe(4)
    expect(snap.rowCount('logs')).toBe(35)
    let rows = 0
    for await (const b of snap.scan('logs')) rows += b.rowCount
    expect(rows).toBe(35)
    snap.release()
    await s.storage.deletion.idle()
    expect(s.deletions()[0].state).toBe('deleted')
    expect((await blockFiles(dir)).length).toBe(1)
  })

  it('a queued deletion survives a restart (and a checkpoint) and then completes', async () => {
    const dir = await tmp()
    let s = await seeded({ path: dir, deletionDelay: 600_000 })
    const r = await s.deleteBlocks({ ...X, apl: "['logs'] | where i == 12", commit: true })
    expect(r).toMatchObject({ rowsMatched: 1, rowsDeleted: 10, requestId: 'del_1' })
    await s.storage.deletion.idle()
    expect(s.deletions().map((d) => d.state)).toEqual(['queued'])
    expect((await blockFiles(dir)).length).toBe(4)
    await (
      s.storage as unknown as { context: { manifest: { checkpoint(): Promise<void> } } }
    ).context.manifest.checkpoint()
    s = await reopen(s, { deletionDelay: 600_000 })
    expect(s.deletions().map((d) => [d.requestId, d.state, d.rowsDeleted])).toEqual([['del_1', 'queued', 10]])
    expect(await count(s)).toBe(25)
    s = await reopen(s, { deletionDelay: 0 })
    await s.storage.deletion.idle()
    expect(s.deletions().map((d) => d.state)).toEqual(['deleted'])
    expect((await blockFiles(dir)).length).toBe(3)
    // DeleteApplied is durable: the next open has nothing queued; opstamps keep counting.
    s = await reopen(s)
    expect(s.deletions()).toEqual([])
    const again = await s.deleteBlocks({ ...X, apl: "['logs'] | where i == 0", commit: true })
    expect(again.requestId).toBe('del_2')
    expect(await count(s)).toBe(15)
  })

  it('retries after an I/O error (failed, then deleted); a missing file counts as deleted', async () => {
    let failures = 1
    const mem = createMemFs()
    const fs: Fs = {
      ...mem,
      async unlink(file) {
        if (file.endsWith('.blk') && failures-- > 0)
          throw Object.assign(new Error('EIO: injected'), { code: 'EIO' })
        return mem.unlink(file)
      },
    }
    const s = await seeded({ path: '/mem-delete-retry', fs })
    await s.deleteBlocks({ ...X, apl: "['logs'] | where i == 3", commit: true })
    await s.storage.deletion.idle()
    expect(s.deletions()[0]).toMatchObject({ state: 'failed', attempts: 1, lastError: 'EIO: injected' })
    await new Promise((r) => setTimeout(r, 150))
    await s.storage.deletion.idle()
    expect(s.deletions()[0]).toMatchObject({ state: 'deleted', attempts: 1 })

    // The file is already gone when the worker comes: ENOENT is success.
    const snap = s.snapshot()
    const file = snap.dataset('logs')?.blocks[0].file as string
    await s.deleteBlocks({ ...X, apl: "['logs'] | where i == 13", commit: true })
    await mem.unlink(file)
    snap.release()
    await s.storage.deletion.idle()
    expect(s.deletions()[1]).toMatchObject({ state: 'deleted', attempts: 0 })
  })
})

describe('refusals', () => {
  it('refuses a deletion above maxDeleteRows and deletes nothing', async () => {
    const dir = await tmp()
    const s = await seeded({ path: dir, maxDeleteRows: 15 })
    const before = await tree(dir)
    for (const commit of [true, false]) {
      const e = await rejection(s.deleteBlocks({ ...X, apl: "['logs'] | where i < 15", commit }))
      expect(e).toBeInstanceOf(DeleteError)
      expect(e).toMatchObject({ code: 'delete_too_large', httpStatus: 400 })
      expect((e as Error).message).toMatch(/at least 20 rows in at least 2 blocks .*narrow the time range/)
    }
    expect(await tree(dir)).toEqual(before)
    expect(await count(s)).toBe(35)
    expect(await s.deleteBlocks({ ...X, apl: "['logs'] | where i < 10", commit: true })).toMatchObject({
      rowsDeleted: 10,
    })
  })

  it('refuses operators other than where and search with APL0322 and the operator span', async () => {
    const s = await seeded()
    const cases: [string, string][] = [
      ["['logs'] | where g == 'x' | summarize count()", 'summarize count()'],
      ["['logs'] | take 3 | where g == 'x'", 'take 3'],
      ["['logs'] | extend y = 1 | where y == 1", 'extend y = 1'],
      ["['logs'] | where g == 'x' | project g", 'project g'],
      ["union ['logs'], ['logs'] | where g == 'x'", "union ['logs'], ['logs']"],
      ["let t = ['logs'] | summarize count() by g;\nt | where g == 'x'", 'summarize count() by g'],
      ['print x = 1', 'print x = 1'],
    ]
    for (const [apl, at] of cases) {
      const e = await rejection(s.deleteBlocks({ ...X, apl, commit: true }))
      expect(e, apl).toBeInstanceOf(AplError)
      const d = (e as AplError).diagnostics[0]
      expect(d.code, apl).toBe('APL0322')
      expect(d.span, apl).toEqual({ start: apl.indexOf(at), length: at.length })
      expect(d.message, apl).toMatch(/^line: \d+, col: \d+: `\w+` is not allowed in a block deletion/)
      expect((e as AplError).httpStatus).toBe(400)
    }
    expect(await count(s)).toBe(35)
    expect(s.deletions()).toEqual([])
  })

  it('passes bind errors through and requires the fields and a time range', async () => {
    const s = await seeded()
    const unknown = await rejection(s.deleteBlocks({ ...X, apl: "['nope'] | where a == 1" }))
    expect((unknown as AplError).diagnostics[0].code).toBe('APL0303')
    const cases: [Partial<DeleteRequest>, string, RegExp][] = [
      [{ endTime: undefined }, 'time_range_required', /set endTime/],
      [{ startTime: undefined, endTime: undefined }, 'time_range_required', /startTime and endTime/],
      [{ startTime: 'yesterday' }, 'invalid_argument', /startTime "yesterday"/],
      [{ startTime: 'now', endTime: 'now-1h' }, 'invalid_argument', /must be before/],
      [{ apl: '' }, 'invalid_argument', /apl is required/],
      [{ commit: 'yes' as unknown as boolean }, 'invalid_argument', /commit is required/],
      [{ variables: { a: 1 } }, 'invalid_argument', /variables/],
    ]
    for (const [patch, code, msg] of cases) {
      const e = await rejection(s.deleteBlocks({ ...X, ...patch } as DeleteRequest))
      expect(e, JSON.stringify(patch)).toBeInstanceOf(DeleteError)
      expect(e).toMatchObject({ code })
      expect((e as Error).message).toMatch(msg)
    }
    expect(await s.deleteBlocks({ ...X, variables: {} })).toMatchObject({ rowsMatched: 5 })
  })
})

describe('manifest edits', () => {
  it('DeleteRequested hides blocks and queues; a replay over gone blocks is a no-op; checkpoints keep the queue', () => {
    const state = emptyState()
    const meta = {
      id: 'd1',
      name: 'logs',
      description: '',
      kind: 'axiom:events:v1',
      who: '',
      created: '',
      updatedAt: '',
      useRetentionPeriod: false,
      retentionDays: 0,
    }
    applyEdit(state, { kind: 'DatasetCreated', dataset: meta })
    const header = { rowCount: 10, columns: [] } as never
    for (const id of ['b1', 'b2'])
      applyEdit(state, {
        kind: 'BlockAdded',
        datasetId: 'd1',
        block: { blockId: id, fileSize: 1, firstSeq: 0, header, zoneMap: {} as never },
      })
    const req = {
      opstamp: 7,
      datasetId: 'd1',
      dataset: 'logs',
      blockIds: ['b1'],
      rowsDeleted: 10,
      createdAt: '2024-08-25T00:00:00Z',
    }
    applyEdit(state, { kind: 'DeleteRequested', ...req })
    expect(state.datasets.get('d1')?.blocks.map((b) => b.blockId)).toEqual(['b2'])
    expect([...state.pendingDeletions.values()]).toEqual([req])
    expect(state.nextOpstamp).toBe(8)
    applyEdit(state, { kind: 'DeleteRequested', ...req }) // replay: block already gone
    expect(state.datasets.get('d1')?.blocks.map((b) => b.blockId)).toEqual(['b2'])
    const copy = deserializeState(JSON.parse(JSON.stringify(serializeState(state))))
    expect([...copy.pendingDeletions.values()]).toEqual([req])
    expect(copy.nextOpstamp).toBe(8)
    applyEdit(state, { kind: 'DeleteApplied', opstamp: 7 })
    expect(state.pendingDeletions.size).toBe(0)
    expect(state.nextOpstamp).toBe(8)
    // A checkpoint from before block deletion existed reads with an empty queue.
    const old = serializeState(emptyState()) as Record<string, unknown>
    delete old.pendingDeletions
    delete old.nextOpstamp
    expect(deserializeState(old)).toMatchObject({ nextOpstamp: 1, pendingDeletions: new Map() })
  })
})
