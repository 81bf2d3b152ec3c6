// test/clickhouse/legacy.prop.test.ts: random legacy structured-query requests (the generator of
// test/property/legacy-gen.ts) on a local store and on ClickHouse (chdb): the wire results must be
// equal (status timings and block counters aside, which describe each backend's own work).
// Prints the seed first (FC_SEED replays) and `runs=… mismatches=…` last; time-bounded.
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { runLegacy } from '../../src/query/run-legacy.ts'
import { show } from '../differential/result-diff.ts'
import { DATASET, datasetArb, requestGen } from '../property/legacy-gen.ts'
import { NOW, NOW_MS } from '../reference/fixture.ts'
import { openBoth } from './both-backends.ts'
import { HAVE_CHDB, requireChdbInCi } from './chdb.ts'

requireChdbInCi()

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`clickhouse legacy.prop.test.ts seed ${SEED} (set FC_SEED to replay)`)
const TIME_LIMIT_MS = Number(process.env.APLDB_CH_LEGACY_MS ?? 25_000)
const REQUESTS_PER_DATASET = 6
const counts = { runs: 0, bothRefused: 0, mismatches: 0 }
afterAll(() =>
  console.log(
    `clickhouse-legacy runs=${counts.runs} both-refused=${counts.bothRefused} mismatches=${counts.mismatches}`,
  ),
)

/** Numbers equal within 1e-9 relative, everything else by JSON text. */
function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' && typeof b === 'number')
    return a === b || Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b))
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => same(x, b[i]))
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a)
    const kb = Object.keys(b)
    return show(ka) === show(kb) && ka.every((k) => same((a as never)[k], (b as never)[k]))
  }
  return show(a) === show(b)
}

/**
 * The wire result without what describes a backend's own work: timings, block counters, and a row id's
 * sequence number and dataset id (scan/row-id.ts; its time part is compared).
 */
function comparable(r: unknown): unknown {
  // A continuation token is a row id in base64: compare what it says, masked the same way.
  const text = JSON.stringify(r).replace(
    /"continuationToken":"([A-Za-z0-9+/=_-]+)"/g,
    (_m, t: string) => `"continuationToken":${JSON.stringify(Buffer.from(t, 'base64').toString('utf8'))}`,
  )
  const j = JSON.parse(text.replace(/([0-9a-f]{17})-[0-9a-f]{14}-[A-Za-z0-9_.-]+/g, '$1-row')) as {
    status?: Record<string, unknown>
  }
  if (j.status)
    for (const k of [
      'elapsedTime',
      'blocksExamined',
      'rowsExamined',
      'rowsMatched',
      'minBlockTime',
      'maxBlockTime',
      'cacheStatus',
      'numGroups',
    ])
      delete j.status[k]
  return j
}

async function legacyOn(snapOf: () => import('../../src/storage/snapshot.ts').Snapshot, req: unknown) {
  const snap = snapOf()
  try {
    return comparable(await runLegacy(snap, DATASET, req, { now: NOW }))
  } catch (e) {
    return `refused ${(e as { code?: string }).code ?? String(e)}`
  } finally {
    snap.release()
  }
}

describe.skipIf(!HAVE_CHDB)('random legacy requests: ClickHouse = local', () => {
  it('over random datasets', async () => {
    const failures: string[] = []
    await fc
      .assert(
        fc.asyncProperty(datasetArb, fc.gen(), async (events, g) => {
          const reqs = Array.from({ length: REQUESTS_PER_DATASET }, () => requestGen(g))
          const both = await openBoth({ [DATASET]: events }, { nowMs: NOW_MS, blockRows: 4 })
          try {
            for (const req of reqs) {
              const a = await legacyOn(() => both.local.snapshot(), req)
              const b = await legacyOn(() => both.ch.snapshot(), req)
              counts.runs++
              if (typeof a === 'string' && a === b) {
                counts.bothRefused++
                continue
              }
              if (!same(a, b)) {
                counts.mismatches++
                failures.push(
                  `request ${show(req)}\n  local ${show(a).slice(0, 1500)}\n  ch    ${show(b).slice(0, 1500)}`,
                )
                return false
              }
            }
            return true
          } finally {
            await both.close()
          }
        }),
        { seed: SEED, numRuns: 30, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false },
      )
      .catch((e) => failures.push(String(e).slice(0, 3000)))
    expect(failures.slice(0, 2), failures.slice(0, 2).join('\n\n')).toEqual([])
    expect(counts.runs).toBeGreaterThan(0)
  })
})
