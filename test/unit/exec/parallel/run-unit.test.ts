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

  it('stops at its first interrupt check once the shared stop flag is set', async () => {
    const stop = new Int32Array(new SharedArrayBuffer(4))
    Atomics.store(stop, 0, 1)
    await expect(unit(`d | count`, [0, 1], stop)).rejects.toBeInstanceOf(ExecError)
  })
})
