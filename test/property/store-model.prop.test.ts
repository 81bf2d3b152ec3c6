// D1 (RELIABILITY.md §2.2): a model-based test of the store with block deletion. fast-check drives
// Ingest, Seal, DryRunDelete, CommitDelete, RunDeleteWorker, Query, Restart and Crash(k) (power loss
// after k more writes, simulated by CrashFs) against a model of the live events. After every
// command the store's rows equal the model's; dry runs write no byte and predict exactly what a
// commit would remove (whole blocks); refused (too large) requests change nothing; a deletion is
// all-or-nothing across a crash and durable once acknowledged; nothing deleted ever reappears;
// and once the worker is idle the block files on disk are exactly the live blocks' files.
import fc from 'fast-check'
import { expect, it } from 'vitest'
import { type Apldb, AplError, DeleteError, openStore } from '../../src/index.ts'
import { batchToEvents } from '../../src/storage/block/index.ts'
import { CrashFs } from './crash-fs.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`store-model seed=${seed}`)

const NOW = Date.UTC(2026, 0, 10)
const HOUR = 3_600_000
const DS = 'ds'
const MAX_DELETE_ROWS = 30
const ALL = { startTime: '1970-01-01T00:00:00Z', endTime: '2100-01-01T00:00:00Z' }

interface Ev {
  readonly i: number
  readonly g: string
  readonly k: number
  /** `_time`, epoch ms. */
  readonly t: number
}

type Pred =
  | { readonly kind: 'g'; readonly v: string }
  | { readonly kind: 'k'; readonly op: '<' | '=='; readonly v: number }
  | { readonly kind: 'and'; readonly g: string; readonly k: number }

/** A delete window in hours before NOW: [NOW - from h, NOW - to h). */
interface Win {
  readonly from: number
  readonly to: number
}

function aplOf(p: Pred): string {
  if (p.kind === 'g') return `['${DS}'] | where g == '${p.v}'`
  if (p.kind === 'k') return `['${DS}'] | where k ${p.op} ${p.v}`
  return `['${DS}'] | where g == '${p.g}' and k >= ${p.k}`
}

function matches(e: Ev, p: Pred): boolean {
  if (p.kind === 'g') return e.g === p.v
  if (p.kind === 'k') return p.op === '<' ? e.k < p.v : e.k === p.v
  return e.g === p.g && e.k >= p.k
}

function inWin(e: Ev, w: Win): boolean {
  return e.t >= NOW - w.from * HOUR && e.t < NOW - w.to * HOUR
}

function winReq(w: Win) {
  return {
    startTime: new Date(NOW - w.from * HOUR).toISOString(),
    endTime: new Date(NOW - w.to * HOUR).toISOString(),
  }
}

interface Model {
  readonly live: Map<number, Ev>
  readonly deleted: Set<number>
  nextId: number
}

interface Real {
  fs: CrashFs
  store: Apldb
  readonly root: string
  readonly blockRows: number
  readonly random: () => number
}

const figures = { sequences: 0, commands: 0, restarts: 0, crashes: 0, commits: 0, refused: 0, dryRuns: 0 }

function openReal(r: { fs: CrashFs; root: string; blockRows: number }): Promise<Apldb> {
  return openStore({
    path: r.root,
    fs: r.fs,
    blockRows: r.blockRows,
    sealWorker: false,
    clock: () => NOW,
    maxDeleteRows: MAX_DELETE_ROWS,
  })
}

/** True for the error of a query naming a field the (empty) dataset does not have. */
function unknownField(e: unknown): boolean {
  return e instanceof AplError && e.diagnostics[0]?.code === 'APL0301'
}

/** Ids a query returns, sorted; [] when the dataset never held an event (its fields are unknown then). */
async function idsOf(r: Real, apl: string): Promise<number[]> {
  try {
    const res = await r.store.queryResult(`${apl} | project i | take 100000`, ALL)
    return (res.tables[0].columns[0] as number[]).map(Number).sort((a, b) => a - b)
  } catch (e) {
    if (unknownField(e)) return []
    throw e
  }
}

/** The store's live event ids through the query engine, sorted. */
function storeIds(r: Real): Promise<number[]> {
  return idsOf(r, `['${DS}']`)
}

function modelIds(m: Model, p?: Pred): number[] {
  return [...m.live.values()]
    .filter((e) => p === undefined || matches(e, p))
    .map((e) => e.i)
    .sort((a, b) => a - b)
}

/** The blocks a commit would name: sealed blocks, then the tail in chunks of blockRows (ids). */
async function units(r: Real): Promise<number[][]> {
  await r.store.settle()
  const snap = r.store.snapshot()
  try {
    const out: number[][] = []
    for await (const b of snap.scan(DS)) {
      const ids = batchToEvents({ rowCount: b.rowCount, columns: b.columns }).map((e) => Number(e.fields.i))
      if (b.kind === 'block') out.push(ids)
      else for (let o = 0; o < ids.length; o += r.blockRows) out.push(ids.slice(o, o + r.blockRows))
    }
    return out
  } finally {
    snap.release()
  }
}

interface Prediction {
  readonly rowsMatched: number
  readonly rowsDeleted: number
  readonly blocksMatched: number
  readonly gone: number[]
}

async function predict(m: Model, r: Real, p: Pred, w: Win): Promise<Prediction> {
  const us = await units(r)
  // The store's blocks and tail hold exactly the live events.
  expect(us.flat().sort((a, b) => a - b)).toEqual(modelIds(m))
  const hit = (id: number) => {
    const e = m.live.get(id) as Ev
    return matches(e, p) && inWin(e, w)
  }
  const affected = us.filter((u) => u.some(hit))
  return {
    rowsMatched: us.flat().filter(hit).length,
    rowsDeleted: affected.reduce((n, u) => n + u.length, 0),
    blocksMatched: affected.length,
    gone: affected.flat(),
  }
}

async function checkRows(m: Model, r: Real): Promise<void> {
  const ids = await storeIds(r)
  expect(ids).toEqual(modelIds(m))
  for (const id of ids) expect(m.deleted.has(id)).toBe(false)
}

/** After the worker is idle, the block files on disk are exactly the live blocks' files. */
async function checkFiles(r: Real): Promise<void> {
  await r.store.settle()
  await r.store.storage.deletion.idle()
  for (const d of r.store.deletions()) expect(d.state).toBe('deleted')
  const snap = r.store.snapshot()
  const live = (snap.dataset(DS)?.blocks ?? []).map((b) => b.file).sort()
  snap.release()
  expect(r.fs.filesUnder(`${r.root}/blocks`)).toEqual(live)
}

function evArb(): fc.Arbitrary<Omit<Ev, 'i'>> {
  return fc.record({
    g: fc.constantFrom('a', 'b', 'c'),
    k: fc.integer({ min: 0, max: 4 }),
    t: fc.integer({ min: 0, max: 5 * 60 }).map((min) => NOW - 1 - min * 60_000),
  })
}
const predArb: fc.Arbitrary<Pred> = fc.oneof(
  fc.record({ kind: fc.constant('g' as const), v: fc.constantFrom('a', 'b', 'c', 'z') }),
  fc.record({
    kind: fc.constant('k' as const),
    op: fc.constantFrom('<' as const, '==' as const),
    v: fc.integer({ min: 0, max: 5 }),
  }),
  fc.record({
    kind: fc.constant('and' as const),
    g: fc.constantFrom('a', 'b'),
    k: fc.integer({ min: 0, max: 4 }),
  }),
)
const winArb: fc.Arbitrary<Win> = fc
  .tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 6 }))
  .filter(([a, b]) => a !== b)
  .map(([a, b]) => ({ from: Math.max(a, b), to: Math.min(a, b) }))

async function ingest(m: Model, r: Real, batch: readonly Omit<Ev, 'i'>[]): Promise<Ev[]> {
  const evs = batch.map((e, n) => ({ ...e, i: m.nextId + n }))
  m.nextId += evs.length
  await r.store.ingest(
    DS,
    evs.map((e) => ({ _time: new Date(e.t).toISOString(), i: e.i, g: e.g, k: e.k })),
  )
  return evs
}

type Cmd = fc.AsyncCommand<Model, Real>

/** A command that always applies (the model has no preconditions). */
function command(name: string, run: (m: Model, r: Real) => Promise<void>): Cmd {
  return { check: () => true, run, toString: () => name }
}

function ingestCmd(batch: readonly Omit<Ev, 'i'>[]): Cmd {
  return command(`Ingest(${batch.length})`, async (m, r) => {
    for (const e of await ingest(m, r, batch)) m.live.set(e.i, e)
    await checkRows(m, r)
  })
}

const sealCmd = command('Seal', async (m, r) => {
  await r.store.flush(DS)
  await checkRows(m, r)
})

/**
 * True once the dataset's schema has fields: some event is live, or was deleted (the fields of
 * deleted blocks stay in the schema until a vacuum, which this model never runs).
 */
function fieldsKnown(m: Model): boolean {
  return m.live.size > 0 || m.deleted.size > 0
}

/** How a deletion request ended: 'ok', 'too_large', or 'unknown_field' (empty dataset). */
async function outcome(p: Promise<unknown>): Promise<string> {
  try {
    await p
    return 'ok'
  } catch (e) {
    if (e instanceof DeleteError && e.code === 'delete_too_large') return 'too_large'
    if (unknownField(e)) return 'unknown_field'
    throw e
  }
}

function dryRunCmd(p: Pred, w: Win): Cmd {
  return command(`DryRunDelete(${aplOf(p)}, ${w.from}h..${w.to}h)`, async (m, r) => {
    figures.dryRuns++
    const want = await predict(m, r, p, w)
    await r.store.storage.deletion.idle()
    const before = r.fs.fingerprint()
    const req = { apl: aplOf(p), ...winReq(w), commit: false }
    if (!fieldsKnown(m)) expect(await outcome(r.store.deleteBlocks(req))).toBe('unknown_field')
    else if (want.rowsDeleted > MAX_DELETE_ROWS)
      expect(await outcome(r.store.deleteBlocks(req))).toBe('too_large')
    else {
      const res = await r.store.deleteBlocks(req)
      expect(res).toMatchObject({
        dryRun: true,
        rowsMatched: want.rowsMatched,
        rowsDeleted: want.rowsDeleted,
        blocksMatched: want.blocksMatched,
      })
      expect(res.rowsDeleted).toBeGreaterThanOrEqual(res.rowsMatched)
    }
    expect(r.fs.fingerprint()).toEqual(before)
    await checkRows(m, r)
  })
}

function commitCmd(p: Pred, w: Win): Cmd {
  return command(`CommitDelete(${aplOf(p)}, ${w.from}h..${w.to}h)`, async (m, r) => {
    const want = await predict(m, r, p, w)
    const req = { apl: aplOf(p), ...winReq(w), commit: true }
    if (!fieldsKnown(m)) expect(await outcome(r.store.deleteBlocks(req))).toBe('unknown_field')
    else if (want.rowsDeleted > MAX_DELETE_ROWS) {
      figures.refused++
      expect(await outcome(r.store.deleteBlocks(req))).toBe('too_large')
    } else {
      figures.commits++
      const res = await r.store.deleteBlocks(req)
      expect(res).toMatchObject({
        dryRun: false,
        rowsMatched: want.rowsMatched,
        rowsDeleted: want.rowsDeleted,
        blocksMatched: want.blocksMatched,
      })
      expect(res.requestId !== undefined).toBe(want.blocksMatched > 0)
      for (const id of want.gone) {
        m.live.delete(id)
        m.deleted.add(id)
      }
    }
    await checkRows(m, r)
  })
}

const workerCmd = command('RunDeleteWorker', async (m, r) => {
  await checkFiles(r)
  await checkRows(m, r)
})

function queryCmd(p: Pred): Cmd {
  return command(`Query(${aplOf(p)})`, async (m, r) => {
    expect(await idsOf(r, aplOf(p))).toEqual(modelIds(m, p))
  })
}

const restartCmd = command('Restart', async (m, r) => {
  figures.restarts++
  await r.store.close()
  r.store = await openReal(r)
  await checkRows(m, r)
})

type Victim =
  | { readonly kind: 'ingest'; readonly batch: readonly Omit<Ev, 'i'>[] }
  | { readonly kind: 'commit'; readonly p: Pred; readonly w: Win }
  | { readonly kind: 'seal' }
  | { readonly kind: 'worker' }

/** Runs the victim with the disk set to die after `k` writes; true when it completed. */
async function runVictim(m: Model, r: Real, v: Victim, k: number): Promise<boolean> {
  r.fs.failAfter(k)
  try {
    if (v.kind === 'ingest') await ingest(m, r, v.batch)
    else if (v.kind === 'commit')
      await r.store.deleteBlocks({ apl: aplOf(v.p), ...winReq(v.w), commit: true })
    else if (v.kind === 'seal') await r.store.flush(DS)
    else await r.store.storage.deletion.idle()
    return true
  } catch {
    return false // the failure the dying disk caused; the outcome is checked after the restart
  }
}

/** Power loss after `k` more writes while `victim` runs; then reopen and reconcile the model. */
function crashCmd(k: number, v: Victim): Cmd {
  return command(`Crash(${k}, ${v.kind})`, async (m, r) => {
    figures.crashes++
    const want = v.kind === 'commit' ? await predict(m, r, v.p, v.w) : undefined
    const ingested = v.kind === 'ingest' ? v.batch.map((e, n) => ({ ...e, i: m.nextId + n })) : []
    const acked = await runVictim(m, r, v, k)
    const next = r.fs.crash(r.random)
    await r.store.close().catch(() => {})
    r.fs = next
    r.store = await openReal(r)
    const ids = new Set(await storeIds(r))
    // An interrupted operation may have happened or not, but only as a whole; an acked one did.
    const present = ingested.filter((e) => ids.has(e.i))
    if (acked) expect(present.length).toBe(ingested.length)
    else expect([0, ingested.length]).toContain(present.length)
    for (const e of present) m.live.set(e.i, e)
    const gone = want && want.rowsDeleted <= MAX_DELETE_ROWS ? want.gone : []
    const goneNow = gone.filter((i) => !ids.has(i)).length
    if (acked) expect(goneNow).toBe(gone.length)
    else expect([0, gone.length]).toContain(goneNow)
    if (goneNow > 0) {
      for (const id of gone) {
        m.live.delete(id)
        m.deleted.add(id)
      }
    }
    await checkRows(m, r)
  })
}

const victimArb: fc.Arbitrary<Victim> = fc.oneof(
  fc.record({
    kind: fc.constant('ingest' as const),
    batch: fc.array(evArb(), { minLength: 1, maxLength: 12 }),
  }),
  fc.record({ kind: fc.constant('commit' as const), p: predArb, w: winArb }),
  fc.constant({ kind: 'seal' as const }),
  fc.constant({ kind: 'worker' as const }),
)

const commandArbs = [
  fc.array(evArb(), { minLength: 1, maxLength: 12 }).map(ingestCmd),
  fc.array(evArb(), { minLength: 1, maxLength: 12 }).map(ingestCmd),
  fc.constant(sealCmd),
  fc.tuple(predArb, winArb).map(([p, w]) => dryRunCmd(p, w)),
  fc.tuple(predArb, winArb).map(([p, w]) => commitCmd(p, w)),
  fc.constant(workerCmd),
  predArb.map(queryCmd),
  fc.constant(restartCmd),
  fc.tuple(fc.integer({ min: 0, max: 12 }), victimArb).map(([k, v]) => crashCmd(k, v)),
]

let runId = 0
it('store with block deletion matches its model through restarts and crashes (D1)', async () => {
  const t0 = performance.now()
  await fc.assert(
    fc.asyncProperty(
      fc.commands(commandArbs, { maxCommands: 40, size: 'max' }),
      fc.constantFrom(3, 5, 16),
      fc.integer({ min: 1, max: 2 ** 30 }),
      async (cmds, blockRows, rngSeed) => {
        figures.sequences++
        let state = rngSeed
        // Deterministic per run (mulberry32), so a failing run replays with its seed and path.
        const random = () => {
          state = (state + 0x6d2b79f5) | 0
          let t = Math.imul(state ^ (state >>> 15), 1 | state)
          t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
          return ((t ^ (t >>> 14)) >>> 0) / 4294967296
        }
        const fs = new CrashFs()
        const root = `/apldb-store-model-${process.pid}-${runId++}`
        const real: Real = { fs, root, blockRows, random, store: await openReal({ fs, root, blockRows }) }
        await real.store.datasets.create({ name: DS })
        try {
          await fc.asyncModelRun(async () => {
            const model: Model = { live: new Map(), deleted: new Set(), nextId: 0 }
            return { model, real }
          }, cmds)
          figures.commands += [...cmds].length
          await checkFiles(real)
        } finally {
          await real.store.close().catch(() => {})
        }
      },
    ),
    { seed, numRuns: 300, interruptAfterTimeLimit: 45_000, markInterruptAsFailure: false },
  )
  const f = figures
  console.log(
    `store-model sequences=${f.sequences} commands_total=${f.commands} restarts=${f.restarts} crashes=${f.crashes} commits=${f.commits} refused=${f.refused} dry_runs=${f.dryRuns} divergences=0 ms=${Math.round(performance.now() - t0)}`,
  )
}, 120_000)
