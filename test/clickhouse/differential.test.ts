// test/clickhouse/differential.test.ts: the differential suite on both backends (issue 26): every query
// of the `.apl-test` files and of the engine-vs-reference corpus runs on a local store and on
// ClickHouse (chdb) holding the same events, and the results must be equal (rows in the same order).
// Prints the agreement figure and the share of queries ClickHouse ran whole (nothing left locally).
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { httpLogs } from '../../bench/data-gen.ts'
import { parseAplTestFile } from '../apl/apl-test-file.ts'
import { HTTP, QUERIES } from '../differential/corpus.ts'
import { LOGS, NOW, NOW_MS, USERS } from '../reference/fixture.ts'
import { type Both, compareOn, type Outcome, openBoth } from './both-backends.ts'
import { HAVE_CHDB, requireChdbInCi } from './chdb.ts'

requireChdbInCi()

const APL_ROOT = new URL('../apl/', import.meta.url).pathname

const tally = { queries: 0, agree: 0, bothFailed: 0, refused: 0, differ: 0, error: 0, pushed: 0 }
afterAll(() => {
  if (tally.queries === 0) return
  console.log(
    `clickhouse-differential queries=${tally.queries} agree=${tally.agree} both-failed=${tally.bothFailed} documented-refusals=${tally.refused} mismatches=${tally.differ + tally.error} fully-pushed-down=${tally.pushed} (${((100 * tally.pushed) / tally.queries).toFixed(1)}%)`,
  )
})

function note(o: Outcome, where: string, out: string[]): void {
  tally.queries++
  if (o.pushedDown) tally.pushed++
  if (o.kind === 'agree') tally.agree++
  else if (o.kind === 'both-failed') tally.bothFailed++
  else if (o.kind === 'documented-refusal') tally.refused++
  else {
    if (o.kind === 'differ') tally.differ++
    else tally.error++
    out.push(`${where}\n  ${o.diff}`)
  }
}

function aplFiles(): string[] {
  const out: string[] = []
  for (const area of readdirSync(APL_ROOT, { withFileTypes: true })) {
    if (!area.isDirectory()) continue
    for (const f of readdirSync(join(APL_ROOT, area.name)).sort())
      if (f.endsWith('.apl-test') && !f.endsWith('.slow.apl-test')) out.push(join(area.name, f))
  }
  return out.sort()
}

/** The events a `load` directive names (as test/apl/apl-files.test.ts loads them). */
function loadDirective(directive: string): [string, readonly unknown[]] {
  const [name, ...rest] = directive.split(/\s+/)
  if (name === 'logs') return ['logs', LOGS]
  if (name === 'users') return ['users', USERS]
  if (name === 'http') {
    const count = Number(rest[0] ?? 200)
    const seed = Number(rest.find((w) => w.startsWith('seed='))?.slice(5) ?? 42)
    return ['http', httpLogs(count, { seed, startMs: NOW_MS - 5 * 86_400_000, spanMs: 5 * 86_400_000 })]
  }
  throw new Error(`unknown dataset in 'load ${directive}'`)
}

describe.skipIf(!HAVE_CHDB)('ClickHouse vs local: .apl-test files', () => {
  for (const file of aplFiles()) {
    it(file, async () => {
      const parsed = parseAplTestFile(readFileSync(join(APL_ROOT, file), 'utf8'), file)
      const both: Both = await openBoth(Object.fromEntries(parsed.loads.map(loadDirective)), {
        nowMs: NOW_MS,
        blockRows: parsed.blockRows,
      })
      const failures: string[] = []
      try {
        for (const rec of parsed.records)
          note(await compareOn(both, rec.apl, { now: NOW }), `${file}:${rec.line}: ${rec.apl}`, failures)
      } finally {
        await both.close()
      }
      expect(failures, failures.join('\n\n')).toEqual([])
    })
  }
})

describe.skipIf(!HAVE_CHDB)('ClickHouse vs local: engine-vs-reference corpus', () => {
  it('every corpus query, also within a window', async () => {
    const both = await openBoth({ logs: LOGS, http: HTTP }, { nowMs: NOW_MS, blockRows: 1000 })
    const failures: string[] = []
    try {
      for (const [, apl] of QUERIES) {
        note(await compareOn(both, apl, { now: NOW }), apl, failures)
        const window = {
          startTime: new Date(NOW_MS - 3 * 86_400_000 + 1234).toISOString(),
          endTime: new Date(NOW_MS - 3_600_000).toISOString(),
        }
        note(await compareOn(both, apl, { now: NOW, ...window }), `${apl} (window)`, failures)
      }
    } finally {
      await both.close()
    }
    expect(failures, failures.join('\n\n')).toEqual([])
  })
})
