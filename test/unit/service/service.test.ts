// The transport-free service: handle() with in-process requests (no HTTP), the body limit, the
// token store's persistence through `store.docs`, and embedded token creation (the CLI's path).
import { afterEach, describe, expect, it } from 'vitest'
import { type Apldb, openStore } from '../../../src/index.ts'
import { createService } from '../../../src/service/index.ts'

let db: Apldb | undefined
afterEach(async () => {
  await db?.close()
  db = undefined
})

const ROOT = 'xaat-unit-root-token-0000'
const auth = { authorization: `Bearer ${ROOT}` }

describe('service.handle', () => {
  it('serves a request without HTTP: create, ingest, query', async () => {
    db = await openStore()
    const s = await createService(db, { rootToken: ROOT })
    expect(
      (await s.handle({ method: 'POST', path: '/v2/datasets', headers: auth, body: '{"name":"u"}' })).status,
    ).toBe(200)
    const ing = await s.handle({
      method: 'POST',
      path: '/v1/datasets/u/ingest',
      headers: auth,
      body: '{"a":1}\n{"a":2}',
    })
    expect(ing.body).toMatchObject({ ingested: 2, processedBytes: 15 })
    const q = await s.handle({
      method: 'POST',
      path: '/v1/datasets/_apl',
      query: new URLSearchParams('format=tabular'),
      headers: auth,
      body: JSON.stringify({ apl: "['u'] | summarize s = sum(a)" }),
    })
    expect((q.body as { tables: { columns: unknown[][] }[] }).tables[0].columns).toEqual([[3]])
  })

  it('enforces the body limits after authentication; a bad token never reads the body', async () => {
    db = await openStore()
    const s = await createService(db, { rootToken: ROOT, maxBodyBytes: 100, maxJsonBodyBytes: 50 })
    await s.handle({ method: 'POST', path: '/v2/datasets', headers: auth, body: '{"name":"u"}' })
    let read = false
    const readBody = async () => {
      read = true
      return new Uint8Array(0)
    }
    const anon = await s.handle({ method: 'POST', path: '/v1/datasets/u/ingest', headers: {}, readBody })
    expect([anon.status, read]).toEqual([401, false])
    const big = await s.handle({
      method: 'POST',
      path: '/v1/datasets/u/ingest',
      headers: auth,
      body: 'x'.repeat(101),
    })
    expect(big.status).toBe(413)
    const json = await s.handle({
      method: 'POST',
      path: '/v2/annotations',
      headers: auth,
      body: ' '.repeat(51),
    })
    expect(json.status).toBe(413)
  })

  it('tokens.create/list work embedded (as root) and persist one record per token', async () => {
    db = await openStore()
    const s = await createService(db, { rootToken: ROOT })
    const made = await s.tokens.create({ name: 'cli', datasetCapabilities: { '*': { query: ['read'] } } })
    expect(made.token).toMatch(/^xaat-/)
    expect(await s.tokens.list()).toEqual([expect.objectContaining({ id: made.id, name: 'cli' })])
    const again = await createService(db, { rootToken: ROOT })
    expect((await again.tokens.get(made.id)).name).toBe('cli')
    const record = (await db.storage.docs.collection('tokens').readAll()).get(made.id)
    const doc = new TextDecoder().decode(record)
    expect(doc).not.toContain(made.token)
    expect(doc).toContain('secretHash')
  })

  it('a configured root token must not be trivially short', async () => {
    db = await openStore()
    await expect(createService(db, { rootToken: 'short' })).rejects.toThrow(/at least 8 characters/)
  })
})
