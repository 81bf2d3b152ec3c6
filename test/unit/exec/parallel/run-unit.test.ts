// One unit run directly (as a worker runs it): the partial of each fragment kind over a unit
// snapshot, and the shared stop flag: once set, the unit stops at its first interrupt check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ExecError } from '../../../../src/exec/context.ts'
import { fragmentAt } from '../../../../src/exec/parallel/fragment.ts'
import { AggregateMerge } from '../../../../src/exec/parallel/merge-aggregate.ts'
import type { AggPartial } from '../../../../src/exec/parallel/partial-aggregate.ts'
import { decodeOutput, encodeOutput } from '../../../../src/exec/parallel/partial-wire.ts'
import { runUnit, type UnitParams } from '../../../../src/exec/parallel/run-unit.ts'
import { EMPTY_TAIL, storeSource, unitSnapshot } from '../../../../src/exec/parallel/unit-snapshot.ts'
import { type Apldb, openStore } from '../../../../src/index.ts'
import type { Aggregate } from '../../../../src/plan/index.ts'
import { compileForSnapshot } from '../../../../src/query/run-apl.ts'
import type { Snapshot } from '../../../../src/storage/snapshot.ts'

const NOW_MS = Date.UTC(2026, 0, 10)
let db: Apldb
let snap: Snapshot

beforeAll(async () => {
  db = await openStore({ blockRows: 10, clock: () => NOW_MS })
  await db.datasets.create({ name: 'd' })
  await db.ingest(
    'd',
    Array.from({ length: 45 }, (_, i) => ({
      _time: new Date(NOW_MS - 1000 * (i + 1)).toISOString(),
      k: `k${i % 3}`,
      n: i,
    })),
  )
  await db.flush()
  snap = db.snapshot()
})
afterAll(async () => {
  snap.release()
  await db.close()
})

async function unit(apl: string, blocks: number[], stop?: Int32Array) {
  const plan = compileForSnapshot(snap, apl)
  const f = fragmentAt(plan.root, false)
  if (!f) throw new Error(`no fragment in ${apl}`)
  const view = snap.dataset('d')
  if (!view) throw new Error('no dataset')
  const source = await storeSource(snap, 'd', false)
  const us = unitSnapshot(
    'd',
    view.meta,
    blocks.map((i) => view.blocks[i]),
    EMPTY_TAIL,
    source,
  )
  const params: UnitParams = {
    kind: f.kind,
    env: { strictTypes: false, binAutoStep: 1n, now: 0n },
    timeDesc: false,
    window: {},
    now: 0n,
    strictTypes: false,
  }
  return runUnit(f.partial, params, us, undefined, undefined, stop)
}

describe('runUnit', () => {
  it('returns partial states, top rows and counts of its blocks only', async () => {
    const agg = await unit(`d | summarize count(), sum(n) by k`, [1, 2])
    expect(agg.partial.kind).toBe('aggregate')
    if (agg.partial.kind !== 'aggregate') return
    expect(agg.partial.keys).toEqual([['k1', 'k2', 'k0']])
    // count() travels as one typed array of counts (no state per group); sum(n) as states.
    expect(agg.partial.states[0]).toEqual([])
    expect([...(agg.partial.counts[0] ?? [])]).toEqual([7, 7, 6])
    expect(agg.partial.counts[1]).toBeNull()
    expect(agg.partial.states[1]).toHaveLength(3)
    expect(agg.stats.scan.blocksScanned).toBe(2)
    expect(agg.stats.rowsExamined).toBe(20)
    expect(agg.metrics.map((m) => m.rowsIn)).toEqual([20, 20])

    // Block 3 (n 30…39) is visited first; the top-2 bound (38) then prunes block 0 (n 0…9) unread.
    const top = await unit(`d | top 2 by n desc`, [0, 3])
    expect(top.partial).toMatchObject({ kind: 'top', rowsIn: 10 })
    expect(top.stats.scan).toMatchObject({ blocksScanned: 1, blocksPruned: 1 })
    const count = await unit(`d | where n % 2 == 0 | count`, [0, 1, 4])
    expect(count.partial).toEqual({ kind: 'count', count: 13 })
  })

  it('merges counts that arrive as typed arrays (through the wire) or as count states alike', async () => {
    const apl = `d | summarize c = count(), s = sum(n) by k`
    const a = await unit(apl, [0, 1])
    const b = await unit(apl, [2, 3, 4])
    if (a.partial.kind !== 'aggregate' || b.partial.kind !== 'aggregate') throw new Error('not aggregate')
    // Unit a as a worker sends it; unit b also with its counts as count states (what a unit whose
    // count column fell back to states ships).
    const wired = decodeOutput(encodeOutput(a).wire).partial as AggPartial
    const counts = b.partial.counts[0] as Float64Array
    const countStates = [...counts].map((c) => ({ result: () => c }))
    const bStates: AggPartial = {
      ...b.partial,
      counts: [null, null],
      states: [countStates as never, b.partial.states[1]],
    }
    const node = fragmentAt(compileForSnapshot(snap, apl).root, false)?.node as Aggregate
    for (const second of [b.partial, bStates]) {
      const merge = new AggregateMerge(node, { strictTypes: false, binAutoStep: 1n, now: 0n })
      await merge.add(wired, async () => {})
      await merge.add(second, async () => {})
      const n = merge.finish()
      expect(n).toBe(3)
      const out = merge.piece(merge.outputKeys(), 0, n)
      const keys = out.cols[0] as unknown as { codes: Int32Array; dict: string[] }
      const c = out.cols[1] as unknown as { values: Float64Array }
      const byKey = Object.fromEntries([...keys.codes].map((code, g) => [keys.dict[code], c.values[g]]))
      expect(byKey).toEqual({ k0: 15, k1: 15, k2: 15 })
    }
  })

  it('sends a key column of thousands of strings packed as UTF-8 and merges it to the same groups', async () => {
    const apl = `d | summarize c = count() by k`
    const node = fragmentAt(compileForSnapshot(snap, apl).root, false)?.node as Aggregate
    const n = 5000
    const keysA = Array.from({ length: n }, (_, i) =>
      i === 7 ? 'é' : i === 8 ? '😀' : i === 9 ? '' : `k${i}`,
    )
    const partial = (keys: readonly (string | number)[], count: number): AggPartial => ({
      kind: 'aggregate',
      size: keys.length,
      keys: [keys],
      states: [[]],
      counts: [new Float64Array(keys.length).fill(count)],
      ordinals: 0,
    })
    const stats = { scan: {} } as never
    const wire = (p: AggPartial) =>
      decodeOutput(encodeOutput({ partial: p, stats, metrics: [] }).wire).partial as AggPartial
    const a = wire(partial(keysA, 1))
    expect('bytes' in a.keys[0]).toBe(true)
    // Not packed: a lone surrogate (it would come back as U+FFFD), a number among the strings, few groups.
    const lone = [...keysA.slice(0, n - 1), 'x\ud800']
    expect(Array.isArray(wire(partial(lone, 1)).keys[0])).toBe(true)
    expect(Array.isArray(wire(partial([...keysA.slice(0, n - 1), 5], 1)).keys[0])).toBe(true)
    expect(Array.isArray(wire(partial(keysA.slice(0, 100), 1)).keys[0])).toBe(true)
    // Unit b (cells, as in-process) shares half of a's keys and adds its own.
    const keysB = Array.from({ length: n }, (_, i) => (i < n / 2 ? keysA[i] : `b${i}`))
    const merge = new AggregateMerge(node, { strictTypes: false, binAutoStep: 1n, now: 0n })
    await merge.add(a, async () => {})
    await merge.add(wire(partial(lone.slice(n - 1), 5)), async () => {})
    await merge.add(partial(keysB, 2), async () => {})
    const groups = merge.finish()
    const got = new Map<string, number>()
    const out = merge.outputKeys()
    for (let from = 0; from < groups; from += 4096) {
      const piece = merge.piece(out, from, Math.min(groups, from + 4096))
      const k = piece.cols[0] as unknown as { codes: Int32Array; dict: string[] }
      const c = piece.cols[1] as unknown as { values: Float64Array }
      for (let g = 0; g < k.codes.length; g++) got.set(k.dict[k.codes[g]], c.values[g])
    }
    const want = new Map<string, number>()
    for (const k of keysA) want.set(k, 1)
    want.set('x\ud800', 5)
    for (const k of keysB) want.set(k, (want.get(k) ?? 0) + 2)
    expect(groups).toBe(want.size)
    expect(got).toEqual(want)
  })

  it('stops at its first interrupt check once the shared stop flag is set', async () => {
    const stop = new Int32Array(new SharedArrayBuffer(4))
    Atomics.store(stop, 0, 1)
    await expect(unit(`d | count`, [0, 1], stop)).rejects.toBeInstanceOf(ExecError)
  })
})
