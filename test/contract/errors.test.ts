// Contract: every error case over raw HTTP (api-contract.md §8): status, `application/json` with a
// non-empty `message`, `code` equal to the status, the stable `error` code, and `detail` with line
// and column for APL. Plus 429 with the full X-RateLimit-* set when a rate limit is configured.
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CallOptions, startServer, type TestServer } from './server.ts'

let t: TestServer
beforeAll(async () => {
  t = await startServer({ http: { maxJsonBodyBytes: 64 * 1024 } })
  await t.call('POST', '/v2/datasets', { body: { name: 'errs' } })
  await t.call('POST', '/v1/datasets/errs/ingest', { body: [{ a: 1 }] })
})
afterAll(() => t.close())

const APL = '/v1/datasets/_apl?format=tabular'

interface Case {
  name: string
  method: string
  path: string
  opts?: CallOptions
  status: number
  error: string
  message?: RegExp
}

const CASES: Case[] = [
  {
    name: 'APL syntax error',
    method: 'POST',
    path: APL,
    opts: { body: { apl: "['errs']\n| where" } },
    status: 400,
    error: 'APL0102',
  },
  {
    name: 'unknown dataset in APL',
    method: 'POST',
    path: APL,
    opts: { body: { apl: "['nope'] | count" } },
    status: 404,
    error: 'APL0303',
  },
  {
    name: 'unknown field',
    method: 'POST',
    path: APL,
    opts: { body: { apl: "['errs'] | where zz == 1" } },
    status: 400,
    error: 'APL0301',
  },
  {
    name: 'missing apl',
    method: 'POST',
    path: APL,
    opts: { body: {} },
    status: 400,
    error: 'invalid_body',
    message: /apl is required/,
  },
  {
    name: 'body not an object',
    method: 'POST',
    path: APL,
    opts: { body: [1] },
    status: 400,
    error: 'invalid_body',
  },
  { name: 'empty body', method: 'POST', path: APL, opts: { body: '' }, status: 400, error: 'invalid_body' },
  {
    name: 'malformed JSON',
    method: 'POST',
    path: APL,
    opts: { body: '{"apl":' },
    status: 400,
    error: 'invalid_json',
  },
  {
    name: '__proto__ key',
    method: 'POST',
    path: APL,
    opts: { body: '{"apl":"x","__proto__":{"p":1}}' },
    status: 400,
    error: 'forbidden_key',
  },
  {
    name: 'constructor key',
    method: 'POST',
    path: APL,
    opts: { body: '{"apl":"x","variables":{"constructor":{"prototype":{}}}}' },
    status: 400,
    error: 'forbidden_key',
  },
  {
    name: 'unknown format',
    method: 'POST',
    path: '/v1/datasets/_apl?format=csv',
    opts: { body: { apl: "['errs']" } },
    status: 400,
    error: 'invalid_format',
  },
  {
    name: 'bad startTime',
    method: 'POST',
    path: APL,
    opts: { body: { apl: "['errs']", startTime: 'yesterday' } },
    status: 400,
    error: 'invalid_argument',
  },
  {
    name: 'bad cursor',
    method: 'POST',
    path: `${APL}&cursor=zzz`,
    opts: { body: { apl: "['errs']" } },
    status: 400,
    error: 'invalid_cursor',
  },
  {
    name: 'variables',
    method: 'POST',
    path: APL,
    opts: { body: { apl: "['errs']", variables: { x: 1 } } },
    status: 400,
    error: 'not_supported',
  },
  {
    name: 'ingest into unknown dataset',
    method: 'POST',
    path: '/v1/datasets/nope/ingest',
    opts: { body: [{ a: 1 }] },
    status: 404,
    error: 'dataset_not_found',
  },
  {
    name: 'ingest of non-JSON text',
    method: 'POST',
    path: '/v1/datasets/errs/ingest',
    opts: { body: 'hello' },
    status: 400,
    error: 'unsupported_format',
  },
  {
    name: 'ingest of a broken JSON array',
    method: 'POST',
    path: '/v1/datasets/errs/ingest',
    opts: { body: '[{"a":1},' },
    status: 400,
    error: 'invalid_json',
  },
  {
    name: 'bad event labels',
    method: 'POST',
    path: '/v1/datasets/errs/ingest',
    opts: { body: [{ a: 1 }], headers: { 'x-axiom-event-labels': '[1]' } },
    status: 400,
    error: 'invalid_labels',
  },
  {
    name: 'unsupported Content-Encoding',
    method: 'POST',
    path: '/v1/datasets/errs/ingest',
    opts: { body: 'x', headers: { 'content-encoding': 'br' } },
    status: 415,
    error: 'unsupported_encoding',
  },
  {
    name: 'corrupt gzip',
    method: 'POST',
    path: '/v1/datasets/errs/ingest',
    opts: { body: 'not gzip', headers: { 'content-encoding': 'gzip' } },
    status: 400,
    error: 'invalid_encoding',
  },
  {
    name: 'JSON body over the limit',
    method: 'POST',
    path: APL,
    opts: { body: { apl: 'x'.repeat(70_000) } },
    status: 413,
    error: 'payload_too_large',
  },
  {
    name: 'gzip JSON body over the limit after decompression',
    method: 'POST',
    path: APL,
    opts: {
      body: gzipSync(JSON.stringify({ apl: ' '.repeat(200_000) })),
      headers: { 'content-encoding': 'gzip' },
    },
    status: 413,
    error: 'payload_too_large',
  },
  {
    name: 'get unknown dataset',
    method: 'GET',
    path: '/v2/datasets/nope',
    status: 404,
    error: 'dataset_not_found',
  },
  {
    name: 'update unknown dataset',
    method: 'PUT',
    path: '/v2/datasets/nope',
    opts: { body: { description: 'x' } },
    status: 404,
    error: 'dataset_not_found',
  },
  {
    name: 'delete unknown dataset',
    method: 'DELETE',
    path: '/v2/datasets/nope',
    status: 404,
    error: 'dataset_not_found',
  },
  {
    name: 'trim unknown dataset',
    method: 'POST',
    path: '/v2/datasets/nope/trim',
    opts: { body: { maxDuration: '1h' } },
    status: 404,
    error: 'dataset_not_found',
  },
  {
    name: 'fields of unknown dataset',
    method: 'GET',
    path: '/v2/datasets/nope/fields',
    status: 404,
    error: 'dataset_not_found',
  },
  {
    name: 'trim with a bad duration',
    method: 'POST',
    path: '/v2/datasets/errs/trim',
    opts: { body: { maxDuration: 'soon' } },
    status: 400,
    error: 'invalid_argument',
  },
  {
    name: 'duplicate dataset',
    method: 'POST',
    path: '/v2/datasets',
    opts: { body: { name: 'errs' } },
    status: 409,
    error: 'dataset_exists',
  },
  {
    name: 'invalid dataset name',
    method: 'POST',
    path: '/v2/datasets',
    opts: { body: { name: '-bad-' } },
    status: 400,
    error: 'invalid_dataset_name',
  },
  {
    name: 'bad retentionDays type',
    method: 'POST',
    path: '/v2/datasets',
    opts: { body: { name: 'r1', retentionDays: 'x' } },
    status: 400,
    error: 'invalid_argument',
  },
  {
    name: 'legacy query of unknown dataset',
    method: 'POST',
    path: '/v1/datasets/nope/query',
    opts: { body: { startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' } },
    status: 404,
    error: 'dataset_not_found',
  },
  {
    name: 'unknown monitor',
    method: 'GET',
    path: '/v2/monitors/mon_nope',
    status: 404,
    error: 'monitor_not_found',
  },
  {
    name: 'unknown notifier',
    method: 'GET',
    path: '/v2/notifiers/ntf_nope',
    status: 404,
    error: 'notifier_not_found',
  },
  {
    name: 'unknown token',
    method: 'GET',
    path: '/v2/tokens/tok_nope',
    status: 404,
    error: 'token_not_found',
  },
  {
    name: 'unknown annotation',
    method: 'GET',
    path: '/v2/annotations/ann_nope',
    status: 404,
    error: 'annotation_not_found',
  },
  {
    name: 'update unknown annotation',
    method: 'PUT',
    path: '/v2/annotations/ann_nope',
    opts: { body: { title: 'x' } },
    status: 404,
    error: 'annotation_not_found',
  },
  {
    name: 'annotation without datasets',
    method: 'POST',
    path: '/v2/annotations',
    opts: { body: { type: 'deploy' } },
    status: 400,
    error: 'invalid_annotation',
  },
  {
    name: 'annotation with a bad type',
    method: 'POST',
    path: '/v2/annotations',
    opts: { body: { type: 'Deploy!', datasets: ['a'] } },
    status: 400,
    error: 'invalid_annotation',
  },
  {
    name: 'annotation list with a bad time',
    method: 'GET',
    path: '/v2/annotations?start=soon',
    status: 400,
    error: 'invalid_time',
  },
  { name: 'unknown route', method: 'GET', path: '/v2/nothing', status: 404, error: 'route_not_found' },
  {
    name: 'wrong method',
    method: 'GET',
    path: '/v1/datasets/_apl',
    status: 405,
    error: 'method_not_allowed',
  },
  {
    name: 'malformed percent-encoding',
    method: 'GET',
    path: '/v2/datasets/%E0%A4%A',
    status: 400,
    error: 'invalid_path',
  },
  {
    name: 'no token',
    method: 'GET',
    path: '/v2/datasets',
    opts: { token: null },
    status: 401,
    error: 'unauthenticated',
  },
  {
    name: 'Basic auth instead of Bearer',
    method: 'GET',
    path: '/v2/datasets',
    opts: { token: null, headers: { authorization: 'Basic eDp5' } },
    status: 401,
    error: 'unauthenticated',
  },
]

describe('error responses', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_, c) => {
    const r = await t.call(c.method, c.path, c.opts)
    expect({ status: r.status, error: r.json?.error }).toEqual({ status: c.status, error: c.error })
    expect(r.headers.get('content-type')).toMatch(/^application\/json/)
    expect(r.json.code).toBe(c.status)
    expect(typeof r.json.message).toBe('string')
    expect(r.json.message.length).toBeGreaterThan(0)
    if (c.message) expect(r.json.message).toMatch(c.message)
  })

  // Axiom answers 404s with "… not found", and client code (the official JS client's helpers among
  // it) recognises a missing dataset by /not found/i; the stable `error` code stays beside it.
  it.each(CASES.filter((c) => c.status === 404).map((c) => [c.name, c] as const))(
    '404 says "not found": %s',
    async (_, c) => {
      const r = await t.call(c.method, c.path, c.opts)
      expect(r.status).toBe(404)
      expect(r.json.message).toMatch(/not found/i)
    },
  )

  it('APL errors carry detail with code, line, column and span', async () => {
    const r = await t.call('POST', APL, { body: { apl: "['errs']\n| where a ==" } })
    expect(r.json.detail).toEqual({
      code: 'APL0102',
      message: expect.any(String),
      line: 2,
      column: 13,
      start: 21,
      length: 0,
    })
    expect(r.json.message).toMatch(/^line: 2, col: 13: /)
  })

  it('405 names the allowed methods', async () => {
    const r = await t.call('DELETE', '/v2/datasets')
    expect(r.status).toBe(405)
    expect(r.headers.get('allow')).toBe('GET, POST')
  })
})

describe('rate limit', () => {
  it('a 429 carries the full X-RateLimit-* set, plus the route family', async () => {
    const s = await startServer({ http: { rateLimit: { limit: 2, windowMs: 60_000 } } })
    try {
      await s.call('POST', '/v2/datasets', { body: { name: 'rl' } })
      const ok = await s.call('GET', '/v2/datasets')
      expect(ok.status).toBe(200)
      expect(ok.headers.get('x-ratelimit-remaining')).toBe('0')
      const apl = await s.call('POST', APL, { body: { apl: "['rl']" } })
      expect(apl.status).toBe(429)
      for (const h of ['scope', 'limit', 'remaining', 'reset'])
        expect(apl.headers.get(`x-ratelimit-${h}`)).not.toBeNull()
      expect(apl.headers.get('x-ratelimit-scope')).toBe('user')
      expect(apl.headers.get('x-ratelimit-limit')).toBe('2')
      expect(Number(apl.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000)
      expect(apl.headers.get('x-querylimit-limit')).toBe('2')
      expect(apl.json).toMatchObject({ code: 429, message: 'rate limit exceeded' })
      const ing = await s.call('POST', '/v1/datasets/rl/ingest', { body: [{}] })
      expect(ing.status).toBe(429)
      expect(ing.headers.get('x-ingestlimit-reset')).not.toBeNull()
      // Unauthenticated callers count per address, with the anonymous scope.
      const anon = await s.call('GET', '/v2/datasets', { token: 'xaat-wrong' })
      expect(anon.status).toBe(401)
      expect(anon.headers.get('x-ratelimit-scope')).toBe('anonymous')
    } finally {
      await s.close()
    }
  })
})
