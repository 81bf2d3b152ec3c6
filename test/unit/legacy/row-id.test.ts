// Unit tests: the virtual `_rowId` — ids sort as strings exactly like (`_time`, sequence), parse back,
// are unique per event and dataset; a Scan supplies them only when bound with `rowId`, so APL (`*`,
// tabular results) never shows them (api-contract.md Surprise 20).
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatRowId, parseRowId } from '../../../src/exec/scan/row-id.ts'
import type { Apldb } from '../../../src/index.ts'
import { compileApl, schemaFromSnapshot } from '../../../src/plan/index.ts'
import { runPlan } from '../../../src/query/run-apl.ts'
import { NOW, openLegacyStore } from './fixtures.ts'

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`legacy row-id.test.ts seed ${SEED} (set FC_SEED to replay)`)

// Any int64-ns time: epoch ms within ±9.2e12, and the sub-millisecond ns.
const timeArb = fc.record({
  ms: fc.integer({ min: -9_223_372_036_854, max: 9_223_372_036_853 }),
  ns: fc.integer({ min: 0, max: 999_999 }),
  seq: fc.maxSafeNat(),
})

describe('row id text', () => {
  it('sorts like (_time, sequence) and parses back', () => {
    fc.assert(
      fc.property(timeArb, timeArb, (a, b) => {
        const ia = formatRowId('d1', a.ms, a.ns, a.seq)
        const ib = formatRowId('d1', b.ms, b.ns, b.seq)
        const byValue = a.ms - b.ms || a.ns - b.ns || a.seq - b.seq
        expect(Math.sign(ia < ib ? -1 : ia > ib ? 1 : 0)).toBe(Math.sign(byValue))
        expect(parseRowId(ia)).toEqual({
          timeNs: BigInt(a.ms) * 1_000_000n + BigInt(a.ns),
          seq: a.seq,
          datasetId: 'd1',
        })
      }),
      { seed: SEED, numRuns: 500 },
    )
  })

  it('refuses what it did not make', () => {
    for (const bad of [
      '',
      'c776x1uafkpu-4918f6cb9000095-0',
      '0000000000000f4240-00000000000000-d1',
      'x'.repeat(40),
    ])
      expect(parseRowId(bad)).toBeNull()
    // A sub-millisecond part above 999,999 is not a time.
    expect(parseRowId('000000000000fffff-00000000000000-d1')).toBeNull()
  })
})

describe('the scan supplies _rowId only when asked', () => {
  let store: Apldb
  beforeAll(async () => {
    store = await openLegacyStore()
    await store.datasets.create({ name: 'other' })
    await store.ingest('other', [{ _time: '2026-01-09T23:58:47Z', remote_ip: 'x' }])
  })
  afterAll(async () => {
    await store.close()
  })

  it('APL never sees it: not in `*`, not in tabular results, and an unknown name', async () => {
    const tab = (await store.query("['test'] | take 1")) as { tables: { fields: { name: string }[] }[] }
    expect(tab.tables[0].fields.map((f) => f.name)).not.toContain('_rowId')
    const snap = store.snapshot()
    try {
      expect(compileApl("['test'] | project _rowId", schemaFromSnapshot(snap)).plan).toBeUndefined()
    } finally {
      snap.release()
    }
  })

  it('bound with rowId: unique per event and dataset, in event order, the same on every read', async () => {
    const snap = store.snapshot()
    try {
      const ids = async (ds: string) => {
        const b = compileApl(
          `['${ds}'] | sort by _time asc, _rowId asc | project _rowId`,
          schemaFromSnapshot(snap),
          { rowId: true },
        )
        if (!b.plan) throw new Error('does not bind')
        const r = await runPlan(snap, b.plan, { now: NOW })
        return r.tables[0].columns[0] as string[]
      }
      const test = await ids('test')
      expect(test).toHaveLength(14)
      expect(new Set(test).size).toBe(14)
      expect([...test].sort()).toEqual(test)
      expect(await ids('test')).toEqual(test)
      const other = await ids('other')
      // Same time and sequence number as the first `test` event, another dataset: another id.
      expect(parseRowId(other[0])?.timeNs).toBe(parseRowId(test[0])?.timeNs)
      expect(other[0]).not.toBe(test[0])
    } finally {
      snap.release()
    }
  })
})
