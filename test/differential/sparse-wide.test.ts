// Differential test of sparse wide blocks (issue 28 item 5): 300 fields of mixed types, each event
// holding one to three of them, sealed into blocks whose columns are nearly all sparse and many
// enough that the scan cuts each block into row slices (exec/scan/block-slices.ts). The engine and
// the reference evaluator agree on every query, optimizer on and off, parallel executor on and off.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { sliceRows } from '../../src/exec/scan/block-slices.ts'
import { openStore } from '../../src/index.ts'
import { compileApl, schemaFromSnapshot } from '../../src/plan/index.ts'
import { runPlan } from '../../src/query/run-apl.ts'
import { evaluate } from '../reference/evaluate.ts'
import { NOW, NOW_MS } from '../reference/fixture.ts'
import { diffResults } from './result-diff.ts'

const FIELDS = 300
const BLOCK_ROWS = 4096
const EVENTS = 2 * BLOCK_ROWS + 700

/** Event i: one to three of the fields, typed by field number (some fields mix types). */
function wideEvent(i: number): Record<string, unknown> {
  const e: Record<string, unknown> = { _time: new Date(NOW_MS - (EVENTS - i) * 1000).toISOString() }
  const k = 1 + (i % 3)
  for (let j = 0; j < k; j++) {
    const f = (i * 7 + j * 131) % FIELDS
    const name = `f${f}`
    switch (f % 5) {
      case 0:
        e[name] = i % 97
        break
      case 1:
        e[name] = `v${i % 13}`
        break
      case 2:
        e[name] = (i % 11) / 4
        break
      case 3:
        e[name] = i % 2 === 0
        break
      default:
        e[name] = i % 3 === 0 ? `s${i % 5}` : i % 17
    }
  }
  return e
}

const QUERIES = [
  `wide | count`,
  `wide | take 5`,
  `wide | where f0 > 90`,
  `wide | where f4 == 's2' | extend g = f1`,
  // Every column to the end without a top-N: each block goes out in several slices.
  `wide | where isnotnull(f1) or isnotnull(f2) or f3 == true | extend g = f1`,
  `wide | where f0 > 40 or f6 in ('v1', 'v2') or isnotnull(f299)`,
  `wide | take 5 | project _time, f0, f1, f7, f299`,
  `wide | where isnotnull(f10) | count`,
  `wide | where f0 > 50 | project _time, f0, f5, f15 | sort by _time asc`,
  `wide | summarize count() by f1 | sort by f1 asc`,
  `wide | summarize n = count(), s = sum(f2) by f3`,
  `wide | where f4 == 's1' or f9 == 3 | count`,
  `wide | sort by _time desc | take 4 | project _time, f0, f1, f2, f3, f4`,
  `wide | where _time > datetime_add('second', -3000, now()) | summarize count() by bin(_time, 10m)`,
  `wide | where isnotnull(f20) or isnotnull(f21) | project _time, f20, f21 | sort by _time asc`,
  `wide | summarize dcount(f6), min(f5), max(f5), countif(f8) by f13`,
]

async function checkAll(path: string | undefined): Promise<string[]> {
  const store = await openStore({
    clock: () => NOW_MS,
    blockRows: BLOCK_ROWS,
    durability: 'none',
    ...(path ? { path } : {}),
  })
  await store.datasets.create({ name: 'wide' })
  const events = Array.from({ length: EVENTS }, (_, i) => wideEvent(i))
  await store.ingest('wide', events.slice(0, 2 * BLOCK_ROWS))
  await store.flush()
  await store.ingest('wide', events.slice(2 * BLOCK_ROWS))
  await store.settle()
  const snap = store.snapshot()
  const failures: string[] = []
  // The sealed blocks really hold sparse columns (format 2), many enough to be sliced.
  const blocks = snap.dataset('wide')?.blocks ?? []
  expect(blocks.length).toBe(2)
  for (const b of blocks) {
    expect(b.meta.header.formatVersion).toBe(2)
    expect(b.meta.header.columns.filter((c) => c.sparse).length).toBeGreaterThan(FIELDS / 2)
  }
  try {
    for (const apl of QUERIES) {
      const bound = compileApl(apl, schemaFromSnapshot(snap))
      if (!bound.plan) throw new Error(`${apl}: ${bound.diagnostics.map((d) => d.message).join('; ')}`)
      const ref = await evaluate(snap, bound.plan, { now: NOW })
      for (const optimize of [true, false]) {
        const got = await runPlan(snap, bound.plan, { now: NOW, optimize } as never)
        const d = diffResults(got, ref, bound.plan.order === 'explicit')
        if (d) failures.push(`${apl} [optimize=${optimize}${path ? ' parallel' : ''}] ${d}`)
      }
    }
  } finally {
    snap.release()
    await store.close()
  }
  return failures
}

describe('sparse wide blocks: engine = reference', () => {
  it('the blocks are cut into slices (the case under test)', () => {
    expect(sliceRows(BLOCK_ROWS, FIELDS)).toBeLessThan(BLOCK_ROWS)
  })

  it('in memory', async () => {
    expect(await checkAll(undefined)).toEqual([])
  })

  it('on disk, parallel executor forced', async () => {
    const before = process.env.APLDB_PARALLEL
    const dir = await mkdtemp(join(tmpdir(), 'apldb-sparse-wide-'))
    process.env.APLDB_PARALLEL = 'on'
    try {
      expect(await checkAll(dir)).toEqual([])
    } finally {
      if (before === undefined) delete process.env.APLDB_PARALLEL
      else process.env.APLDB_PARALLEL = before
      await rm(dir, { recursive: true, force: true })
    }
  })
})
