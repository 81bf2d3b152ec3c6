// Integers beyond 2^53 stay exact end to end when they arrive as JSON text (NDJSON, a JSON array, an
// HTTP ingest body): stored as int64, compared, grouped, sorted and written back digit for digit,
// from the write-ahead log's tail and from sealed blocks (zone maps), in-process and in parallel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Apldb, openStore } from '../../../src/index.ts'
import { startServer, type TestServer } from '../../contract/server.ts'

const BIG = 9007199254740993n // 2^53 + 1: a double rounds it to 2^53
const window = { startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' }

async function cells(db: Apldb, apl: string, parallel: 'on' | 'off' = 'off'): Promise<unknown[][]> {
  return (await db.queryResult(apl, { ...window, parallel })).tables[0].columns as unknown[][]
}

describe('int64 exactness of JSON text ingest', () => {
  let db: Apldb
  beforeAll(async () => {
    db = await openStore({ blockRows: 4 })
    await db.datasets.create({ name: 'nd' })
    await db.datasets.create({ name: 'arr' })
    const t = (s: number) => `"_time":"2026-01-01T00:00:0${s}Z"`
    await db.ingest(
      'nd',
      `{${t(1)},"big":9007199254740993}\n{${t(2)},"big":9007199254740992}\n{${t(3)},"big":9007199254740993}\n`,
    )
    await db.ingest(
      'arr',
      `[{${t(1)},"big":-9223372036854775808},{${t(2)},"big":9223372036854775807},{${t(3)},"big":7}]`,
    )
  })
  afterAll(() => db.close())

  it('stores and reads back every digit (NDJSON and JSON array)', async () => {
    expect(await cells(db, `['nd'] | project big`)).toEqual([[BIG, BIG - 1n, BIG]])
    expect(await cells(db, `['arr'] | project big`)).toEqual([[-(2n ** 63n), 2n ** 63n - 1n, 7]])
    expect(db.fields('nd').find((f) => f.name === 'big')?.type).toBe('integer')
  })

  it('a large float literal stays a float; the other events of the text keep their values', async () => {
    await db.datasets.create({ name: 'floats' })
    const lines = [
      '{"_time":"2026-01-01T00:00:01Z","x":1e20,"n":1}',
      '{"_time":"2026-01-01T00:00:02Z","x":2.5,"n":9007199254740993}',
      '{"_time":"2026-01-01T00:00:03Z","x":-1.5e300,"n":3}',
    ]
    const r = await db.ingest('floats', lines.join('\n'))
    expect([r.ingested, r.failed]).toEqual([3, 0])
    expect(await cells(db, `['floats'] | order by _time asc | project x, n`)).toEqual([
      [1e20, 2.5, -1.5e300],
      [1, BIG, 3],
    ])
    expect(db.fields('floats').find((f) => f.name === 'x')?.type).toBe('float')
  })

  for (const sealed of [false, true]) {
    for (const parallel of ['off', 'on'] as const) {
      it(`compares, groups and sorts exactly (${sealed ? 'sealed blocks' : 'unsealed tail'}, parallel ${parallel})`, async () => {
        if (sealed) await db.flush()
        expect(await cells(db, `['nd'] | where big == 9007199254740993 | count`, parallel)).toEqual([[2]])
        expect(await cells(db, `['nd'] | where big > 9007199254740992 | count`, parallel)).toEqual([[2]])
        expect(await cells(db, `['nd'] | where big < 9007199254740993 | count`, parallel)).toEqual([[1]])
        expect(await cells(db, `['nd'] | summarize n = count() by big | order by big asc`, parallel)).toEqual(
          [
            [BIG - 1n, BIG],
            [1, 2],
          ],
        )
        expect(await cells(db, `['nd'] | order by big desc | project big`, parallel)).toEqual([
          [BIG, BIG, BIG - 1n],
        ])
        expect(await cells(db, `['arr'] | summarize max(big), min(big)`, parallel)).toEqual([
          [2n ** 63n - 1n],
          [-(2n ** 63n)],
        ])
      })
    }
  }

  it('writes the digits on the wire (tabular JSON text)', async () => {
    const { stringifyWire } = await import('../../../src/wire/index.ts')
    const text = stringifyWire(await db.query(`['nd'] | summarize count() by big`, window))
    expect(text).toContain('9007199254740993')
    expect(text).toContain('9007199254740992')
  })
})

describe('int64 exactness over HTTP', () => {
  let t: TestServer
  beforeAll(async () => {
    t = await startServer()
    await t.call('POST', '/v2/datasets', { body: { name: 'web' } })
  })
  afterAll(() => t.close())

  it('an ingest body keeps the digits through a query answer', async () => {
    for (const [type, body] of [
      ['application/x-ndjson', '{"_time":"2026-01-01T00:00:01Z","big":9007199254740993}\n'],
      ['application/json', '[{"_time":"2026-01-01T00:00:02Z","big":9007199254740995}]'],
    ]) {
      const r = await t.call('POST', '/v1/datasets/web/ingest', { body, headers: { 'content-type': type } })
      expect(r.json.ingested).toBe(1)
    }
    const q = await t.call('POST', '/v1/datasets/_apl?format=tabular', {
      body: {
        apl: `['web'] | where big >= 9007199254740993 | summarize count() by big | order by big asc`,
        ...window,
      },
    })
    expect(q.status).toBe(200)
    expect(q.text).toMatch(/"columns":\[\[9007199254740993,9007199254740995\],\[1,1\]\]/)
  })
})
