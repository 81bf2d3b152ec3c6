// test/clickhouse/random.prop.test.ts: random datasets × grammar-generated queries (the generator of
// test/differential) on a local store and on ClickHouse (chdb): results must be equal, rows in order.
// Prints the seed first (FC_SEED replays) and `runs=… mismatches=…` last; time-bounded.
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { DATASET, datasetArb, query } from '../differential/random-query-gen.ts'
import { NOW, NOW_MS } from '../reference/fixture.ts'
import { compareOn, openBoth } from './both-backends.ts'
import { HAVE_CHDB, requireChdbInCi } from './chdb.ts'

requireChdbInCi()

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`clickhouse random.prop.test.ts seed ${SEED} (set FC_SEED to replay)`)
const TIME_LIMIT_MS = Number(process.env.APLDB_CH_DIFF_MS ?? 40_000)
const QUERIES_PER_DATASET = 8

const counts = { runs: 0, agree: 0, bothFailed: 0, refused: 0, mismatches: 0, pushed: 0 }
afterAll(() =>
  console.log(
    `clickhouse-random runs=${counts.runs} agree=${counts.agree} both-failed=${counts.bothFailed} documented-refusals=${counts.refused} mismatches=${counts.mismatches} fully-pushed-down=${counts.pushed}`,
  ),
)

describe.skipIf(!HAVE_CHDB)('random queries: ClickHouse = local', () => {
  it('over random datasets', async () => {
    const failures: string[] = []
    await fc
      .assert(
        fc.asyncProperty(datasetArb, fc.gen(), async (events, g) => {
          const queries = Array.from({ length: QUERIES_PER_DATASET }, () => query(g))
          const both = await openBoth({ [DATASET]: events }, { nowMs: NOW_MS, blockRows: 7 })
          try {
            for (const apl of queries) {
              const o = await compareOn(both, apl, { now: NOW })
              counts.runs++
              if (o.pushedDown) counts.pushed++
              if (o.kind === 'agree') counts.agree++
              else if (o.kind === 'both-failed') counts.bothFailed++
              else if (o.kind === 'documented-refusal') counts.refused++
              else {
                counts.mismatches++
                failures.push(`${apl}\n  ${o.diff}\n  events: ${JSON.stringify(events).slice(0, 2000)}`)
                return false
              }
            }
            return true
          } finally {
            await both.close()
          }
        }),
        { seed: SEED, numRuns: 40, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false },
      )
      .catch((e) => failures.push(String(e).slice(0, 4000)))
    expect(failures.slice(0, 3), failures.slice(0, 3).join('\n\n')).toEqual([])
    expect(counts.runs).toBeGreaterThan(0)
  })
})
