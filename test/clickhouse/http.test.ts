// test/clickhouse/http.test.ts: Axiom's HTTP API unchanged on the ClickHouse backend: two stateless
// front ends (`serve` on loopback) over one ClickHouse database (chdb), the official @axiomhq/js client
// ingesting through one and querying (APL tabular and legacy) through the other, and a token created
// through one front end accepted by the other at once (documents live in ClickHouse).
import { AxiomWithoutBatching } from '@axiomhq/js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpLogs } from '../../bench/data-gen.ts'
import { type RunningServer, serve } from '../../src/http/index.ts'
import { type AnyApldb, openStore } from '../../src/index.ts'
import { chdbClient, freshDatabase, HAVE_CHDB, requireChdbInCi } from './chdb.ts'

requireChdbInCi()

const ROOT = 'xaat-clickhouse-test-root-token-0123456789'
const fronts: { db: AnyApldb; srv: RunningServer }[] = []

beforeAll(async () => {
  if (!HAVE_CHDB) return
  const database = freshDatabase('apldb_http')
  for (let i = 0; i < 2; i++) {
    const db = await openStore({ clickhouse: chdbClient(), database })
    const srv = await serve(db, { port: 0, rootToken: ROOT })
    fronts.push({ db, srv })
  }
})
afterAll(async () => {
  for (const f of fronts) {
    await f.srv.close()
    await f.db.close()
  }
})

describe.skipIf(!HAVE_CHDB)('HTTP API on ClickHouse, two front ends', () => {
  it('ingests through one front end and queries through the other with @axiomhq/js', async () => {
    const [a, b] = fronts.map((f) => new AxiomWithoutBatching({ token: ROOT, url: f.srv.url }))
    await a.datasets.create({ name: 'web' })
    const events = httpLogs(200, { seed: 3, startMs: Date.now() - 3_600_000, spanMs: 3_000_000 })
    const st = await a.ingest('web', events)
    expect(st.ingested).toBe(200)
    expect((await b.datasets.list()).map((d) => d.name)).toContain('web')
    const tab = await b.query("['web'] | summarize n = count() by method | sort by n desc", {
      format: 'tabular',
      startTime: new Date(Date.now() - 7_200_000).toISOString(),
    })
    const counts = (tab as { tables: { columns: unknown[][] }[] }).tables[0].columns[1] as number[]
    expect(counts.reduce((x, y) => x + y, 0)).toBe(200)
    const legacy = await b.query("['web'] | where status == '500' | take 3", {
      startTime: new Date(Date.now() - 7_200_000).toISOString(),
    })
    expect((legacy as { matches?: unknown[] }).matches?.length ?? 0).toBeLessThanOrEqual(3)
    const fields = await b.datasets.fields('web')
    expect(fields.map((f) => f.name)).toContain('method')
  })

  it('a token created through one front end works on the other at once; deleted, at once no more', async () => {
    const [fa, fb] = fronts
    const created = await fetch(`${fa.srv.url}/v2/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ROOT}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'shared', datasetCapabilities: { web: { query: ['read'] } } }),
    }).then((r) => r.json() as Promise<{ id: string; token: string }>)
    const asB = () =>
      fetch(`${fb.srv.url}/v1/datasets/web/query?format=tabular`, {
        method: 'POST',
        headers: { authorization: `Bearer ${created.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ apl: "['web'] | count" }),
      })
    expect((await asB()).status).toBe(200)
    const del = await fetch(`${fa.srv.url}/v2/tokens/${created.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${ROOT}` },
    })
    expect(del.status).toBeLessThan(300)
    expect((await asB()).status).toBe(401)
  })
})
