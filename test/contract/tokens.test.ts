// Contract: `/v2/tokens` over raw HTTP (api-contract.md §5; the JS client has no tokens API): the
// secret only in create/regenerate answers, Go's zero-time expiry, 401 once expired, capability
// validation, no escalation, regenerate semantics, delete, and the generated root token's lifecycle.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './server.ts'

let t: TestServer
beforeAll(async () => {
  t = await startServer()
  await t.call('POST', '/v2/datasets', { body: { name: 'tk' } })
})
afterAll(() => t.close())

const QUERY_TK = { datasetCapabilities: { tk: { query: ['read'] } } }

describe('tokens', () => {
  it('create answers the secret once; get and list agree and never carry it', async () => {
    const c = await t.call('POST', '/v2/tokens', {
      body: { name: 'reader', description: 'd', expiresAt: '2099-01-02T03:04:05.678Z', ...QUERY_TK },
    })
    expect(c.status).toBe(200)
    expect(c.json.token).toMatch(/^xaat-[A-Za-z0-9_-]{43}$/)
    const { token, ...api } = c.json
    expect(api).toEqual({
      id: expect.stringMatching(/^tok_/),
      name: 'reader',
      description: 'd',
      expiresAt: '2099-01-02T03:04:05Z',
      datasetCapabilities: { tk: { query: ['read'] } },
      orgCapabilities: {},
      samlAuthenticated: false,
    })
    const g = await t.call('GET', `/v2/tokens/${api.id}`)
    expect(g.json).toEqual(api)
    const l = await t.call('GET', '/v2/tokens')
    expect(l.json.find((x: { id: string }) => x.id === api.id)).toEqual(api)
    expect(g.text).not.toContain(token)
    expect(l.text).not.toContain(token)
    expect(
      (await t.call('POST', '/v1/datasets/_apl?format=tabular', { token, body: { apl: "['tk'] | count" } }))
        .status,
    ).toBe(200)
  })

  it("Go's create body (zero expiresAt, null capabilities) makes a token that never expires", async () => {
    const c = await t.call('POST', '/v2/tokens', {
      body: {
        name: 'go',
        description: '',
        expiresAt: '0001-01-01T00:00:00Z',
        datasetCapabilities: null,
        orgCapabilities: { apiTokens: ['read'] },
      },
    })
    expect(c.status).toBe(200)
    expect(c.json.expiresAt).toBeUndefined()
    expect((await t.call('GET', '/v2/tokens', { token: c.json.token })).status).toBe(200)
  })

  it('an expired token is 401, like a garbage one', async () => {
    const expired = await t.token({ ...QUERY_TK, expiresAt: '2001-01-01T00:00:00Z' })
    const body = { apl: "['tk'] | count" }
    expect((await t.call('POST', '/v1/datasets/_apl?format=tabular', { token: expired, body })).status).toBe(
      401,
    )
    expect(
      (await t.call('POST', '/v1/datasets/_apl?format=tabular', { token: 'xaat-garbage', body })).status,
    ).toBe(401)
    expect((await t.call('POST', '/v1/datasets/_apl?format=tabular', { token: null, body })).status).toBe(401)
  })

  it.each([
    [{ datasetCapabilities: { tk: { query: ['write'] } } }, /unknown action "write"/],
    [{ datasetCapabilities: { tk: { fly: ['read'] } } }, /unknown capability "fly"/],
    [{ orgCapabilities: { billing: ['delete'] } }, /unknown action "delete"/],
    [{ datasetCapabilities: [] }, /must be an object/],
    [{ expiresAt: 'tomorrow' }, /RFC 3339/],
  ])('invalid request %j is a 400', async (caps, message) => {
    const r = await t.call('POST', '/v2/tokens', { body: { name: 'bad', ...caps } })
    expect(r.status).toBe(400)
    expect(r.json.message).toMatch(message)
  })

  it('a name is required', async () => {
    const r = await t.call('POST', '/v2/tokens', { body: { description: 'x' } })
    expect(r.status).toBe(400)
    expect(r.json.error).toBe('invalid_token_request')
  })

  it('a token cannot mint a stronger token (403), only a weaker or equal one', async () => {
    const minter = await t.token({ ...QUERY_TK, orgCapabilities: { apiTokens: ['create'] } })
    const stronger = await t.call('POST', '/v2/tokens', {
      token: minter,
      body: { name: 'x', datasetCapabilities: { tk: { ingest: ['create'] } } },
    })
    expect(stronger.status).toBe(403)
    const wildcard = await t.call('POST', '/v2/tokens', {
      token: minter,
      body: { name: 'x', datasetCapabilities: { '*': { query: ['read'] } } },
    })
    expect(wildcard.status).toBe(403)
    const equal = await t.call('POST', '/v2/tokens', { token: minter, body: { name: 'x', ...QUERY_TK } })
    expect(equal.status).toBe(200)
  })

  it('regenerate: a new id and secret; the old one keeps working until existingTokenExpiresAt', async () => {
    const c = await t.call('POST', '/v2/tokens', { body: { name: 'rot', ...QUERY_TK } })
    const old = c.json
    const later = await t.call('POST', `/v2/tokens/${old.id}/regenerate`, {
      body: { existingTokenExpiresAt: '2099-01-01T00:00:00Z', newTokenExpiresAt: '2098-01-01T00:00:00Z' },
    })
    expect(later.status).toBe(200)
    expect(later.json.id).not.toBe(old.id)
    expect(later.json.token).not.toBe(old.token)
    expect(later.json).toMatchObject({
      name: 'rot',
      datasetCapabilities: old.datasetCapabilities,
      expiresAt: '2098-01-01T00:00:00Z',
    })
    expect((await t.call('GET', '/v2/user', { token: old.token })).status).toBe(200)
    expect((await t.call('GET', '/v2/user', { token: later.json.token })).status).toBe(200)
    // Expire the old one now (Go passes time.Now()): it fails, and list shows the changed expiry.
    const now = new Date().toISOString()
    const again = await t.call('POST', `/v2/tokens/${later.json.id}/regenerate`, {
      body: { existingTokenExpiresAt: now, newToken: { name: 'rot2', ...QUERY_TK } },
    })
    expect(again.json.name).toBe('rot2')
    expect((await t.call('GET', '/v2/user', { token: later.json.token })).status).toBe(401)
    const listed = (await t.call('GET', '/v2/tokens')).json.find(
      (x: { id: string }) => x.id === later.json.id,
    )
    expect(listed.expiresAt).toBe(now.replace(/\.\d+Z$/, 'Z'))
    expect((await t.call('POST', `/v2/tokens/${old.id}/regenerate`, { body: {} })).status).toBe(400)
  })

  it('regenerate never clones more than the caller holds, nor extends the old secret', async () => {
    const strong = await t.call('POST', '/v2/tokens', {
      body: { name: 'strong', expiresAt: '2090-01-01T00:00:00Z', orgCapabilities: { datasets: ['delete'] } },
    })
    const rotator = await t.token({ orgCapabilities: { apiTokens: ['update'] } })
    const denied = await t.call('POST', `/v2/tokens/${strong.json.id}/regenerate`, {
      token: rotator,
      body: { existingTokenExpiresAt: '2099-01-01T00:00:00Z' },
    })
    expect(denied.status).toBe(403)
    const ok = await t.call('POST', `/v2/tokens/${strong.json.id}/regenerate`, {
      body: { existingTokenExpiresAt: '2099-01-01T00:00:00Z' },
    })
    expect(ok.status).toBe(200)
    expect((await t.call('GET', `/v2/tokens/${strong.json.id}`)).json.expiresAt).toBe('2090-01-01T00:00:00Z')
  })

  it('delete is 204; the id is then 404 and the secret 401', async () => {
    const c = await t.call('POST', '/v2/tokens', { body: { name: 'gone', ...QUERY_TK } })
    const d = await t.call('DELETE', `/v2/tokens/${c.json.id}`)
    expect(d.status).toBe(204)
    expect(d.text).toBe('')
    expect((await t.call('GET', `/v2/tokens/${c.json.id}`)).status).toBe(404)
    expect((await t.call('DELETE', `/v2/tokens/${c.json.id}`)).status).toBe(404)
    expect((await t.call('GET', '/v2/user', { token: c.json.token })).status).toBe(401)
  })
})

describe('the root token', () => {
  it('is generated once on first start (hash persisted), not on later starts; tokens persist', async () => {
    const first = await startServer({ disk: true, http: { rootToken: undefined } })
    const dir = first.dir as string
    const secret = first.srv.rootTokenSecret as string
    expect(secret).toMatch(/^xaat-/)
    const made = await first.call('POST', '/v2/tokens', {
      token: secret,
      body: { name: 'kept', ...QUERY_TK },
    })
    await first.srv.close()
    const second = await startServer({ dir, http: { rootToken: undefined } })
    try {
      expect(second.srv.rootTokenSecret).toBeUndefined()
      expect((await second.call('GET', '/v2/tokens', { token: secret })).status).toBe(200)
      expect((await second.call('GET', '/v2/user', { token: made.json.token })).status).toBe(200)
    } finally {
      await second.close()
      const { rm } = await import('node:fs/promises')
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('comes from APLDB_ROOT_TOKEN when no option is given', async () => {
    process.env.APLDB_ROOT_TOKEN = 'xaat-from-the-environment-0001'
    try {
      const s = await startServer({ http: { rootToken: undefined } })
      try {
        expect(s.srv.rootTokenSecret).toBeUndefined()
        expect((await s.call('GET', '/v2/user', { token: 'xaat-from-the-environment-0001' })).json.id).toBe(
          'root',
        )
      } finally {
        await s.close()
      }
    } finally {
      delete process.env.APLDB_ROOT_TOKEN
    }
  })
})
