// S2 secret leakage scan (RELIABILITY.md §2.4): mint 20 tokens (plus a generated root token), call
// every GET route of the table, trigger an error on every route, then search every response, log
// line and file under the store directory for each secret, byte for byte. Prints the figures.
import { readdir, readFile } from 'node:fs/promises'
import * as path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROUTES } from '../../src/service/index.ts'
import { startServer, type TestServer } from './server.ts'

let t: TestServer
let root: string
const secrets: string[] = []
const ids: string[] = []

beforeAll(async () => {
  t = await startServer({ disk: true, http: { rootToken: undefined } })
  root = t.srv.rootTokenSecret as string
  secrets.push(root)
  await t.call('POST', '/v2/datasets', { token: root, body: { name: 'sec' } })
  await t.call('POST', '/v1/datasets/sec/ingest', { token: root, body: [{ a: 1 }] })
  await t.call('POST', '/v2/annotations', { token: root, body: { type: 'deploy', datasets: ['sec'] } })
  for (let i = 0; i < 20; i++) {
    const r = await t.call('POST', '/v2/tokens', {
      token: root,
      body: {
        name: `t${i}`,
        datasetCapabilities: { sec: { query: ['read'] } },
        orgCapabilities: { apiTokens: ['read'] },
      },
    })
    secrets.push(r.json.token)
    ids.push(r.json.id)
  }
})
afterAll(() => t.close())

/** `{id}` → a real id for the route's resource. */
function fill(p: string, annotationId: string): string {
  if (p.startsWith('/v2/tokens/')) return p.replace('{id}', ids[0])
  if (p.startsWith('/v2/annotations/')) return p.replace('{id}', annotationId)
  return p.replace('{id}', 'sec')
}

describe('S2 secret scan', () => {
  it('no secret in any GET/list response, error response, log line or store file', async () => {
    const seen: string[] = []
    const annotationId = (await t.call('GET', '/v2/annotations', { token: root })).json[0].id
    for (const r of ROUTES) {
      const p = fill(r.path, annotationId)
      if (r.method === 'GET') {
        for (const token of [root, secrets[1]]) seen.push((await t.call('GET', p, { token })).text)
      }
      // Errors on every route: a bad body (not for GET), a token without the capability, a guess.
      const hasBody = r.method !== 'GET'
      // (DELETE routes take no body: with the root token that would delete, not fail.)
      if (r.body !== 'none') seen.push((await t.call(r.method, p, { token: root, body: '{"bad json' })).text)
      seen.push(
        (await t.call(r.method, p, { token: secrets[2], ...(hasBody ? { body: { name: 'x' } } : {}) })).text,
      )
      seen.push((await t.call(r.method, p, { token: 'xaat-guess' })).text)
    }
    seen.push(...t.logs)
    await t.db.flush()
    let files = 0
    for (const e of await readdir(t.dir as string, { recursive: true, withFileTypes: true })) {
      if (!e.isFile()) continue
      files++
      seen.push((await readFile(path.join(e.parentPath, e.name))).toString('latin1'))
    }
    const bytes = seen.reduce((n, s) => n + s.length, 0)
    const hits = secrets.filter((s) => seen.some((x) => x.includes(s)))
    console.log(
      `secret-scan secrets=${secrets.length} responses+logs+files=${seen.length} files=${files} bytes_scanned=${bytes} hits=${hits.length}`,
    )
    expect(files).toBeGreaterThan(0)
    expect(t.logs.length).toBeGreaterThan(ROUTES.length)
    expect(hits).toEqual([])
  })

  it('the scan can see a secret where one is (create answers carry it)', async () => {
    const r = await t.call('POST', '/v2/tokens', { token: root, body: { name: 'visible' } })
    expect(r.text).toContain(r.json.token)
  })
})
