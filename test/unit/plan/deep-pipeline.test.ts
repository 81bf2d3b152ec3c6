// The documented limit of 10,000 pipe stages (syntax/limits.ts) holds end to end, not only in the
// parser: queries of exactly 10,000 stages of each operator kind bind, optimize, plan, explain and
// RUN without a stack overflow, and give the answer a short pipeline gives.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Apldb, openStore } from '../../../src/index.ts'
import { MAX_PIPE_STAGES } from '../../../src/syntax/limits.ts'

let db: Apldb
const WINDOW = { startTime: '2000-01-01T00:00:00Z', endTime: '2100-01-01T00:00:00Z' }

beforeAll(async () => {
  db = await openStore()
  await db.datasets.create({ name: 'd' })
  const t0 = Date.UTC(2026, 0, 1)
  await db.ingest(
    'd',
    Array.from({ length: 200 }, (_, i) => ({
      _time: new Date(t0 + i * 1000).toISOString(),
      n: i,
      u: `u${i % 7}`,
    })),
  )
  await db.flush()
})
afterAll(() => db.close())

/** `['d']` then `stage` until the query has exactly MAX_PIPE_STAGES stages, the last being `last`. */
function deep(stage: string, last: string): string {
  return `['d']${stage.repeat(MAX_PIPE_STAGES - 1)} ${last}`
}

async function count(q: string): Promise<unknown> {
  return (await db.queryResult(q, WINDOW)).tables[0].columns[0][0]
}

/** Stages of every shape in turn: filter, computed column, projection, limit, sort, top, distinct. */
const MIXED = [
  ' | where n >= 10',
  ' | extend x = n',
  ' | project n, u, _time',
  ' | take 150',
  ' | sort by n asc',
  ' | top 120 by n',
  ' | distinct n, u, _time',
]

describe(`${MAX_PIPE_STAGES} pipe stages run`, () => {
  it.each([
    ['where', deep(' | where n >= 10', '| count'), 190],
    [
      'every operator shape in turn',
      `['d']${Array.from({ length: MAX_PIPE_STAGES - 1 }, (_, i) => MIXED[i % MIXED.length]).join('')} | count`,
      120,
    ],
  ])('%s', async (label, q, expected) => {
    const t0 = performance.now()
    expect(await count(q)).toBe(expected)
    const report = await db.explain(q, WINDOW)
    // Explain indents only so deep: the text stays proportional to the stages.
    expect(report.physical.length).toBeLessThan(2_000 * MAX_PIPE_STAGES)
    console.log(
      `deep ${label}: ${MAX_PIPE_STAGES} stages run and explained in ${(performance.now() - t0).toFixed(0)} ms`,
    )
  })

  it('one stage more is APL0204, never a stack overflow', async () => {
    await expect(
      db.queryResult(`${deep(' | where n >= 0', '| count')} | count`, WINDOW),
    ).rejects.toMatchObject({
      diagnostics: [expect.objectContaining({ code: 'APL0204' })],
    })
  })
})
