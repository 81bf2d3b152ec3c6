// The top-N bound (ops/top-bound.ts) and late materialization (ops/late-columns.ts): a full heap's
// root prunes blocks whose zone maps prove no row can beat it, blocks are visited best bound first,
// and the answer stays a stable sort's (ties keep the earlier row in block order) with nulls, NaN
// roots, integer|float and mixed fields and time keys; columns the keys and filters do not read are
// fetched for the kept rows only; a parallel run reports the in-process counters.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { PhysicalOperator } from '../../../../src/exec/operator.ts'
import { TopBound } from '../../../../src/exec/ops/top-bound.ts'
import { TopNExec } from '../../../../src/exec/ops/top-n-exec.ts'
import type { QueryResult } from '../../../../src/exec/result.ts'
import { type Apldb, openStore } from '../../../../src/index.ts'
import { compileForSnapshot, runPlan } from '../../../../src/query/run-apl.ts'
import type { ZoneMap } from '../../../../src/storage/block/index.ts'
import type { BlockHandle } from '../../../../src/storage/snapshot.ts'
import { diffResults } from '../../../differential/result-diff.ts'
import { evaluate } from '../../../reference/evaluate.ts'

const NOW_MS = Date.UTC(2026, 0, 10)
const NOW = BigInt(NOW_MS) * 1_000_000n

type Event = Record<string, unknown>

/** `values[i]` as event `id: i`, one second apart in ingest (= block) order; undefined: no field. */
function events(values: readonly unknown[], field = 'v'): Event[] {
  return values.map((v, id) => ({
    _time: new Date(NOW_MS - 86_400_000 + id * 1000).toISOString(),
    id,
    pad: `row ${id}`,
    ...(v === undefined ? {} : { [field]: v }),
  }))
}

const stores: Apldb[] = []
afterAll(async () => {
  for (const s of stores) await s.close()
})

/** An in-memory store with dataset `d` holding `evs` in blocks of `blockRows` (the rest in the tail). */
async function storeOf(evs: readonly Event[], blockRows: number, sealAll = true): Promise<Apldb> {
  const db = await openStore({ durability: 'none', blockRows, sealWorker: false, clock: () => NOW_MS })
  stores.push(db)
  await db.datasets.create({ name: 'd' })
  await db.ingest('d', evs as Event[])
  if (sealAll) await db.flush()
  return db
}

interface Run {
  readonly result: QueryResult
  readonly top: TopNExec | undefined
}

function findTop(op: PhysicalOperator): TopNExec | undefined {
  if (op instanceof TopNExec) return op
  for (const c of op.children) {
    const t = findTop(c)
    if (t) return t
  }
  return undefined
}

async function run(db: Apldb, apl: string, extra: Record<string, unknown> = {}): Promise<Run> {
  const snap = db.snapshot()
  try {
    let top: TopNExec | undefined
    const observe = (op: PhysicalOperator) => {
      top = findTop(op)
    }
    const plan = compileForSnapshot(snap, apl)
    const result = await runPlan(snap, plan, { now: NOW, parallel: 'off', observe, ...extra } as never)
    return { result, top }
  } finally {
    snap.release()
  }
}

/** The engine's answer equals the reference evaluator's (a stable sort then take), optimizer on and off. */
async function expectReference(db: Apldb, apl: string): Promise<void> {
  const snap = db.snapshot()
  try {
    const plan = compileForSnapshot(snap, apl)
    const ref = await evaluate(snap, plan, { now: NOW })
    for (const optimize of [true, false]) {
      const got = await runPlan(snap, plan, { now: NOW, optimize, parallel: 'off' })
      expect(diffResults(got, ref, true), `${apl} optimize=${optimize}`).toBeUndefined()
    }
  } finally {
    snap.release()
  }
}

function column(r: QueryResult, name: string): readonly unknown[] {
  const t = r.tables[0]
  return t.columns[t.fields.findIndex((f) => f.name === name)]
}

/** Ids of a stable sort of `values` (null = absent) by one key, first `n`: what `top n` must return. */
function expectedIds(
  values: readonly (number | null | undefined)[],
  desc: boolean,
  nullsFirst: boolean,
  n: number,
) {
  const ids = values.map((_, i) => i)
  ids.sort((a, b) => {
    const x = values[a] ?? null
    const y = values[b] ?? null
    if (x === null || y === null) return x === y ? 0 : (x === null) === nullsFirst ? -1 : 1
    return desc ? y - x : x - y
  })
  return ids.slice(0, n)
}

describe('block skipping', () => {
  it('prunes every block the root rules out, in either direction, counted as pruned', async () => {
    // v falls with ingest order: the 5 largest are in block 0, the 5 smallest in block 39.
    const values = Array.from({ length: 4000 }, (_, i) => 10_000 - i)
    const db = await storeOf(events(values), 100)
    const desc = await run(db, 'd | top 5 by v desc')
    expect(column(desc.result, 'id')).toEqual([0, 1, 2, 3, 4])
    expect(desc.result.status).toMatchObject({ blocksExamined: 1, blocksPruned: 39, rowsExamined: 100 })
    expect(desc.top?.link?.bound?.skipped).toBe(39)
    // Blocks are visited best zone bound first, so the answer in the last block costs one block too.
    const asc = await run(db, 'd | top 5 by v asc')
    expect(column(asc.result, 'id')).toEqual([3999, 3998, 3997, 3996, 3995])
    expect(asc.result.status).toMatchObject({ blocksExamined: 1, blocksPruned: 39 })
    // A filter above the scan: the root comes from the rows that pass it.
    const filtered = await run(db, 'd | where v % 3 == 0 | sort by v desc | take 40')
    expect(column(filtered.result, 'id')).toEqual(
      expectedIds(
        values.map((v) => (v % 3 === 0 ? v : null)),
        true,
        false,
        40,
      ),
    )
    expect(filtered.result.status.blocksExamined).toBe(2)
    await expectReference(db, 'd | where v % 3 == 0 | sort by v desc | take 40')
  })

  it('keeps the earlier row on a tie at the bound, whatever order blocks are visited in', async () => {
    // Block 1 (max 9) is visited first; its 5s tie with the 5s of block 0, which come earlier and
    // win; block 2's 5s come later and lose, so block 2 (and block 3, all 1s) are pruned.
    const values = [5, 5, 5, 5, 9, 5, 5, 5, 5, 5, 5, 5, 1, 1, 1, 1]
    const db = await storeOf(events(values), 4)
    const r = await run(db, 'd | top 3 by v desc')
    expect(column(r.result, 'id')).toEqual([4, 0, 1])
    expect(r.result.status).toMatchObject({ blocksExamined: 2, blocksPruned: 2 })
    const asc = await run(db, 'd | top 6 by v asc')
    expect(column(asc.result, 'id')).toEqual(expectedIds(values, false, true, 6))
    for (const n of [1, 2, 4, 5, 9]) {
      for (const dir of ['asc', 'desc'] as const) {
        const got = await run(db, `d | top ${n} by v ${dir}`)
        expect(column(got.result, 'id'), `top ${n} ${dir}`).toEqual(
          expectedIds(values, dir === 'desc', dir === 'asc', n),
        )
      }
    }
  })

  it('places nulls as the sort says: blocks with nulls are read when nulls come first', async () => {
    // Blocks of 5: all null, no nulls, some nulls, and ties among them.
    const values = [
      ...[null, null, null, null, null],
      ...[3, 8, 1, 8, 2],
      ...[null, 7, null, 1, 9],
      ...[4, 4, null, 4, 4],
      ...[2, 2, 2, 2, 2],
    ]
    const db = await storeOf(events(values.map((v) => v ?? undefined)), 5)
    const cases: [string, boolean, boolean][] = [
      ['asc', false, true],
      ['desc', true, false],
      ['desc nulls first', true, true],
      ['asc nulls last', false, false],
    ]
    for (const [order, desc, nullsFirst] of cases) {
      for (const n of [1, 3, 6, 8]) {
        const r = await run(db, `d | top ${n} by v ${order}`)
        expect(column(r.result, 'id'), `top ${n} by v ${order}`).toEqual(
          expectedIds(values, desc, nullsFirst, n),
        )
        await expectReference(db, `d | top ${n} by v ${order}`)
      }
    }
    // Nulls last and a full heap of values: the all-null block is never read.
    const r = await run(db, 'd | top 3 by v desc')
    expect(r.result.status.blocksPruned).toBeGreaterThan(0)
  })

  it('a field with integer and float values bounds like a real; with strings too, no bound and the same answer', async () => {
    const nums = Array.from({ length: 600 }, (_, i) => (i % 2 === 0 ? (i * 37) % 101 : ((i * 53) % 97) + 0.5))
    const db = await storeOf(events(nums), 50)
    const real = await run(db, 'd | top 7 by v desc')
    expect(real.top?.link?.bound?.kind).toBe('num')
    expect(column(real.result, 'id')).toEqual(expectedIds(nums, true, false, 7))
    expect(real.result.status.blocksPruned).toBeGreaterThan(0)
    await expectReference(db, 'd | top 7 by v asc')
    await expectReference(db, 'd | where v > 10 | sort by v desc | take 20')
    const mixed = await storeOf(events(nums.map((v, i) => (i % 11 === 0 ? `s${i}` : v))), 50)
    const m = await run(mixed, 'd | top 7 by v desc')
    expect(m.top?.link?.bound).toBeUndefined()
    for (const apl of [
      'd | top 7 by v desc',
      'd | top 30 by v asc',
      'd | where id > 100 | top 9 by v desc',
    ]) {
      await expectReference(mixed, apl)
    }
  })

  it('bounds on time: top by _time and the default newest-first take read few blocks', async () => {
    const db = await storeOf(events(Array.from({ length: 1000 }, (_, i) => i % 17)), 100)
    const oldest = await run(db, 'd | top 3 by _time asc')
    expect(column(oldest.result, 'id')).toEqual([0, 1, 2])
    expect(oldest.result.status).toMatchObject({ blocksExamined: 1, blocksPruned: 9 })
    const newest = await run(db, 'd | take 5')
    expect(column(newest.result, 'id')).toEqual([999, 998, 997, 996, 995])
    expect(newest.result.status).toMatchObject({ blocksExamined: 1, blocksPruned: 9 })
    // Without `take`, a query's rows are the newest `limit + 1` (run.ts): that cap never prunes,
    // so rowsMatched still counts every matching row.
    const capped = await run(db, 'd | where v < 16', { limit: 5 })
    expect(column(capped.result, 'id')).toEqual([999, 998, 997, 996, 995])
    expect(capped.result.status).toMatchObject({ blocksExamined: 10, blocksPruned: 0, rowsMatched: 942 })
    expect(capped.top?.link?.bound).toBeUndefined()
    expect(capped.top?.link?.late).toBeDefined()
    await expectReference(db, 'd | top 12 by _time desc')
    await expectReference(db, 'd | where v < 4 | sort by _time asc | take 30')
  })

  it('the unsealed tail is read after the blocks and never skipped', async () => {
    const values = Array.from({ length: 250 }, (_, i) => (i * 7919) % 1000)
    const db = await storeOf(events(values), 100, false)
    for (const apl of ['d | top 4 by v desc', 'd | top 4 by v asc', 'd | take 3']) {
      await expectReference(db, apl)
    }
  })
})

describe('late materialization', () => {
  it('reads only the key and filter fields up front and fetches the others for the kept rows', async () => {
    const values = Array.from({ length: 3000 }, (_, i) => (i * 7919) % 3001)
    const db = await storeOf(events(values), 250)
    const r = await run(db, "d | where pad != 'x' | top 6 by v desc")
    expect([...(r.top?.link?.late?.early ?? [])].sort()).toEqual(['pad', 'v'])
    expect(column(r.result, 'id')).toEqual(expectedIds(values, true, false, 6))
    expect(column(r.result, 'pad')).toEqual(expectedIds(values, true, false, 6).map((i) => `row ${i}`))
    expect(column(r.result, '_time')).toHaveLength(6)
    await expectReference(db, "d | where pad != 'x' | top 6 by v desc")
    // Heap compactions (many batches taken) keep each row's way back to its block.
    await expectReference(db, 'd | top 400 by v asc')
  })

  it('fetches late columns through a disk store and its decoded-column cache', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apldb-top-late-'))
    const db = await openStore({ path: dir, durability: 'none', blockRows: 500, clock: () => NOW_MS })
    try {
      await db.datasets.create({ name: 'd' })
      await db.ingest('d', events(Array.from({ length: 5000 }, (_, i) => (i * 31) % 5003)))
      await db.flush()
      const fresh = db.health().cacheBytes
      expect(fresh).toBe(0)
      const r = await run(db, 'd | top 3 by v desc')
      expect(column(r.result, 'pad')).toHaveLength(3)
      const late = db.health().cacheBytes
      await run(db, 'd | project id, pad, v, _time')
      // The full scan decodes every column of every block; the top read one column of most blocks.
      expect(late).toBeLessThan(db.health().cacheBytes / 2)
    } finally {
      await db.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('TopBound on zone maps', () => {
  const handle = (zm: ZoneMap, columns: { field: string; type: string }[]): BlockHandle =>
    ({ meta: { header: { columns }, zoneMap: zm } }) as unknown as BlockHandle
  const zone = (cols: ZoneMap['columns'], rowCount = 10): ZoneMap => ({
    rowCount,
    minTime: '0',
    maxTime: '0',
    columns: cols,
  })
  const num = (values: number[]) =>
    ({ kind: 'num', type: 'real', values: Float64Array.from(values), valid: null }) as const

  it('a NaN root: every number beats it descending, none ascending', () => {
    const zm = zone([{ field: 'x', type: 'float', nullCount: 0, min: 1, max: 2 }])
    const h = handle(zm, [{ field: 'x', type: 'float' }])
    const desc = new TopBound('x', 'num', true, false)
    desc.set(num([Number.NaN]), 0, 5)
    expect(desc.mayBeat(zm, h, 9)).toBe(true)
    const asc = new TopBound('x', 'num', false, true)
    asc.set(num([Number.NaN]), 0, 5)
    expect(asc.mayBeat(zm, h, 9)).toBe(false)
  })

  it('statistics cut for a worker, or missing bounds (NaN, ±Infinity), prove nothing', () => {
    const b = new TopBound('x', 'num', true, false)
    b.set(num([100]), 0, 0)
    expect(b.mayBeat(zone([]), handle(zone([]), [{ field: 'x', type: 'float' }]), 1)).toBe(true)
    const noBounds = zone([{ field: 'x', type: 'float', nullCount: 0 }])
    expect(b.mayBeat(noBounds, handle(noBounds, [{ field: 'x', type: 'float' }]), 1)).toBe(true)
    const below = zone([
      { field: 'x', type: 'integer', nullCount: 5, min: '1', max: '100' },
      { field: 'x', type: 'float', nullCount: 5, min: 0.5, max: 99.5 },
    ])
    const h = handle(below, [
      { field: 'x', type: 'integer' },
      { field: 'x', type: 'float' },
    ])
    // 100 ties the root: it beats it only from a block earlier in the list.
    expect(b.mayBeat(below, h, 1)).toBe(false)
    b.set(num([100]), 0, 3)
    expect(b.mayBeat(below, h, 1)).toBe(true)
  })

  it('a null root: values beat it when nulls sort last, nothing beats it when they sort first', () => {
    const zm = zone([{ field: 'x', type: 'integer', nullCount: 3, min: '1', max: '2' }])
    const h = handle(zm, [{ field: 'x', type: 'integer' }])
    const nullVal = {
      kind: 'num',
      type: 'long',
      values: new Float64Array(1),
      valid: new Uint8Array(1),
    } as const
    const last = new TopBound('x', 'num', true, false)
    last.set(nullVal, 0, 0)
    expect(last.mayBeat(zm, h, 1)).toBe(true)
    const first = new TopBound('x', 'num', false, true)
    first.set(nullVal, 0, 0)
    expect(first.mayBeat(zm, h, 1)).toBe(false)
    // …except null rows of an earlier block, which tie and come first.
    first.set(nullVal, 0, 4)
    expect(first.mayBeat(zm, h, 1)).toBe(true)
  })
})

describe('parallel executor', () => {
  it('a parallel top-N reports the in-process counters although its units prune less', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apldb-top-parallel-'))
    const db = await openStore({ path: dir, durability: 'none', blockRows: 200, clock: () => NOW_MS })
    try {
      await db.datasets.create({ name: 'd' })
      // About ten rows per value: ties at the root across blocks and units (rows carry their places).
      const values = Array.from(
        { length: 6000 },
        (_, i) => (((i * 7919) % 6007) % 300) + (i % 3 === 0 ? 0.5 : 0),
      )
      await db.ingest('d', events(values))
      await db.flush()
      await db.ingest('d', events([1e9, 2e9]))
      const snap = db.snapshot()
      try {
        for (const apl of [
          'd | top 20 by v desc',
          'd | top 45 by v asc',
          'd | where id % 2 == 0 | sort by v asc | take 15',
          'd | top 4 by _time asc',
          'd | take 7',
        ]) {
          const plan = compileForSnapshot(snap, apl)
          const off = await runPlan(snap, plan, { now: NOW, parallel: 'off' })
          const on = await runPlan(snap, plan, { now: NOW, parallel: 'on' })
          expect(off.status.blocksPruned, apl).toBeGreaterThan(0)
          expect({ ...on.status, elapsedTime: 0 }, apl).toEqual({ ...off.status, elapsedTime: 0 })
          expect(on.tables, apl).toEqual(off.tables)
        }
      } finally {
        snap.release()
      }
    } finally {
      await db.close()
      await rm(dir, { recursive: true, force: true })
    }
  })
})
