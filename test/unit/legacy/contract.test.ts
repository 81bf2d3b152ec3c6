// Contract tests: every key a legacy result emits is on the Go strict-decoding whitelist (api-contract.md
// §11; status keys §1.5; message enums §2.6; times RFC 3339) — checked with the contract transcription
// of test/unit/wire/contract-checks.ts on hand-picked requests and on random ones.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Apldb } from '../../../src/index.ts'
import type { QueryRequest } from '../../../src/legacy/index.ts'
import { stringifyWire } from '../../../src/wire/index.ts'
import { datasetArb, requestGen } from '../../property/legacy-gen.ts'
import { checkLegacy, type Json, KEYS } from '../wire/contract-checks.ts'
import { GO_COMPLEX_BODY, GO_EMPTY_BODY, openLegacyStore } from './fixtures.ts'

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`legacy contract.test.ts seed ${SEED} (set FC_SEED to replay)`)

const onWire = (v: unknown): Json => JSON.parse(stringifyWire(v))

/** The Go unit fixture `actLegacyQueryResp` of §2.4 (one match). */
const CONTRACT_EXAMPLE = {
  status: {
    minCursor: 'c776x1uafkpu-4918f6cb9000095-0',
    maxCursor: 'c776x1uafnvq-4918f6cb9000095-1',
    elapsedTime: 542114,
    blocksExamined: 4,
    rowsExamined: 142655,
    rowsMatched: 142655,
    numGroups: 0,
    isPartial: false,
    cacheStatus: 1,
    minBlockTime: '2020-11-19T11:06:31.569475746Z',
    maxBlockTime: '2020-11-27T12:06:38.966791794Z',
    messages: [],
  },
  matches: [
    {
      _time: '2020-11-19T11:06:31.569475746Z',
      _sysTime: '2020-11-19T11:06:31.581384524Z',
      _rowId: 'c776x1uafkpu-4918f6cb9000095-0',
      data: { agent: 'Debian APT-HTTP/1.3 (0.8.16~exp12ubuntu10.21)', bytes: 0, response: 304 },
    },
  ],
  buckets: { series: [], totals: [] },
}

let store: Apldb
beforeAll(async () => {
  store = await openLegacyStore()
})
afterAll(async () => {
  await store.close()
})

describe('the checker is the contract', () => {
  it("accepts the contract's own example and rejects a stray key anywhere", () => {
    checkLegacy(CONTRACT_EXAMPLE)
    expect(() => checkLegacy({ ...CONTRACT_EXAMPLE, request: {} })).toThrow()
    expect(() =>
      checkLegacy({ ...CONTRACT_EXAMPLE, status: { ...CONTRACT_EXAMPLE.status, elapsedTimeNs: 1 } }),
    ).toThrow()
    const entry = { ...CONTRACT_EXAMPLE.matches[0], _cursor: 'x' }
    expect(() => checkLegacy({ ...CONTRACT_EXAMPLE, matches: [entry] })).toThrow()
    const group = { id: 1, group: {}, aggregations: [{ op: 'COUNT', value: 1, data: 1 }] }
    expect(() => checkLegacy({ ...CONTRACT_EXAMPLE, buckets: { series: [], totals: [group] } })).toThrow()
  })
})

describe('legacy results keep to the Go strict whitelist', () => {
  const requests: Record<string, QueryRequest> = {
    'Go zero body': GO_EMPTY_BODY as QueryRequest,
    'Go complex query': GO_COMPLEX_BODY as QueryRequest,
    'a page with a continuation token': { limit: 2, project: [{ field: 'bytes', alias: 'b' }] },
    'every aggregation, grouped, 5 s series': {
      aggregations: [
        { op: 'count' },
        { op: 'distinct', field: 'remote_ip' },
        { op: 'sum', field: 'bytes' },
        { op: 'avg', field: 'bytes' },
        { op: 'min', field: 'bytes' },
        { op: 'max', field: 'bytes' },
        { op: 'topk', field: 'request', argument: 2 },
        { op: 'percentiles', field: 'bytes', argument: [50, 95] },
        { op: 'stdev', field: 'bytes' },
        { op: 'variance', field: 'bytes' },
        { op: 'makeset', field: 'request' },
        { op: 'makelist', field: 'bytes' },
        { op: 'rate', field: 'bytes' },
        { op: 'countif', argument: 'bytes > 100' },
        { op: 'distinctif', field: 'request', argument: { op: 'gt', field: 'bytes', value: 100 } },
        { op: 'makesetif', field: 'request', argument: 'bytes > 100' },
      ],
      groupBy: ['remote_ip'],
      resolution: '5s',
      startTime: 'now-2m',
      endTime: 'now',
    },
    'nothing in the window': { startTime: 'now-1h', endTime: 'now-30m', aggregations: [{ op: 'count' }] },
  }
  for (const [name, req] of Object.entries(requests)) {
    it(name, async () => {
      const w = onWire(await store.queryLegacy('test', req))
      checkLegacy(w)
      expect(Object.keys(w)).toEqual(['status', 'matches', 'buckets', 'format', 'fieldsMeta'])
      for (const k of Object.keys(w.status as Json)) expect(KEYS.status).toContain(k)
    })
  }

  it('a continuation token is a string status key', async () => {
    const w = onWire(await store.queryLegacy('test', { limit: 2 }))
    expect(typeof (w.status as Json).continuationToken).toBe('string')
  })

  it('random requests over random datasets', async () => {
    let checked = 0
    await fc.assert(
      fc.asyncProperty(datasetArb, fc.gen(), async (events, g) => {
        const s = await openLegacyStore(events, 3)
        try {
          for (let i = 0; i < 4; i++) {
            checkLegacy(onWire(await s.queryLegacy('test', requestGen(g) as QueryRequest)))
            checked++
          }
        } finally {
          await s.close()
        }
      }),
      { seed: SEED, numRuns: 60, interruptAfterTimeLimit: 8000 },
    )
    console.log(`legacy contract: ${checked} random results checked`)
    expect(checked).toBeGreaterThan(20)
  }, 30_000)
})
