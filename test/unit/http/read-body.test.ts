// The HTTP adapter's body reader and response writer over a real loopback server: every accepted
// Content-Encoding, the limit measured after decompression, the Content-Length pre-check, corrupt
// input, and bigint cells written with their exact digits.
import * as http from 'node:http'
import type { AddressInfo } from 'node:net'
import { deflateSync, gzipSync, zstdCompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readRequestBody } from '../../../src/http/read-body.ts'
import { writeResponse } from '../../../src/http/response.ts'
import type { ServiceError } from '../../../src/service/index.ts'

const LIMIT = 1000
let server: http.Server
let url: string

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/big') {
      writeResponse(req, res, { status: 200, headers: {}, body: { n: 2n ** 63n - 1n, m: 1 } })
      return
    }
    readRequestBody(req, LIMIT).then(
      (b) => writeResponse(req, res, { status: 200, headers: {}, body: { text: Buffer.from(b).toString() } }),
      (e: unknown) => {
        const se = e as ServiceError
        writeResponse(req, res, { status: se.status ?? 500, headers: {}, body: { error: se.code } })
        req.resume()
      },
    )
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

async function post(body: Uint8Array | string, encoding?: string) {
  const res = await fetch(`${url}/echo`, {
    method: 'POST',
    body,
    headers: encoding === undefined ? {} : { 'content-encoding': encoding },
  })
  return { status: res.status, json: await res.json() }
}

describe('readRequestBody', () => {
  const text = '{"a":"' + 'y'.repeat(500) + '"}'
  it.each([
    ['identity (absent)', text, undefined],
    ['empty header', text, ''],
    ['identity', text, 'identity'],
    ['gzip', gzipSync(text), 'gzip'],
    ['x-gzip', gzipSync(text), 'x-gzip'],
    ['zstd', zstdCompressSync(text), 'zstd'],
    ['deflate', deflateSync(text), 'deflate'],
    ['GZIP (case)', gzipSync(text), 'GZIP'],
  ])('%s', async (_, body, enc) => {
    expect(await post(body, enc)).toEqual({ status: 200, json: { text } })
  })

  it('the limit applies to the decompressed size, at the boundary', async () => {
    expect((await post(gzipSync('z'.repeat(LIMIT)), 'gzip')).status).toBe(200)
    expect(await post(gzipSync('z'.repeat(LIMIT + 1)), 'gzip')).toEqual({
      status: 413,
      json: { error: 'payload_too_large' },
    })
    expect((await post(zstdCompressSync('z'.repeat(LIMIT + 1)), 'zstd')).status).toBe(413)
    expect((await post('z'.repeat(LIMIT))).status).toBe(200)
    expect((await post('z'.repeat(LIMIT + 1))).status).toBe(413)
  })

  it('refuses unknown encodings (415) and corrupt compressed bodies (400)', async () => {
    expect(await post('abc', 'br')).toEqual({ status: 415, json: { error: 'unsupported_encoding' } })
    expect(await post('not gzip at all', 'gzip')).toEqual({
      status: 400,
      json: { error: 'invalid_encoding' },
    })
  })
})

describe('writeResponse', () => {
  it('writes bigint cells as exact JSON digits, as application/json', async () => {
    const res = await fetch(`${url}/big`)
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await res.text()).toBe('{"n":9223372036854775807,"m":1}')
  })
})
