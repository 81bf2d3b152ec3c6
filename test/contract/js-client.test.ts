// Contract: the official @axiomhq/js client, unchanged, against `serve` on loopback: datasets CRUD,
// gzip ingest (with exact processedBytes), tabular and legacy APL queries, annotations CRUD and
// list, the current user, the edge routes, and how the client surfaces 401/403/404.
import { AxiomWithoutBatching, ContentEncoding, ContentType } from '@axiomhq/js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpLogs } from '../../bench/data-gen.ts'
import { ROOT, startServer, type TestServer } from './server.ts'

let t: TestServer
let ax: AxiomWithoutBatching
const errors: Error[] = []

beforeAll(async () => {
  t = await startServer()
  ax = new AxiomWithoutBatching({ token: ROOT, url: t.url, onError: (e) => errors.push(e) })
})
afterAll(() => t.close())

describe('@axiomhq/js: datasets', () => {
  it('create, get, list, update, fields, trim and delete', async () => {
    const created = await ax.datasets.create({ name: 'js-crud', description: 'd' })
    expect(created).toMatchObject({
      id: 'js-crud',
      name: 'js-crud',
      description: 'd',
      kind: 'axiom:events:v1',
    })
    expect(await ax.datasets.get('js-crud')).toEqual(created)
    expect((await ax.datasets.list()).map((d) => d.name)).toContain('js-crud')
    const updated = await ax.datasets.update('js-crud', { description: 'e' })
    expect(updated.description).toBe('e')
    // Go's integration test: update, get and list return identical objects.
    expect(await ax.datasets.get('js-crud')).toEqual(updated)
    expect((await ax.datasets.list()).find((d) => d.name === 'js-crud')).toEqual(updated)
    await ax.ingest('js-crud', [{ n: 1, s: 'a' }])
    const fields = await ax.datasets.fields('js-crud')
    expect(fields.map((f) => [f.name, f.type])).toEqual(
      expect.arrayContaining([
        ['n', 'integer'],
        ['s', 'string'],
      ]),
    )
    const trimmed = await ax.datasets.trim('js-crud', '30m')
    expect((trimmed as Response).status).toBe(204)
    const deleted = await ax.datasets.delete('js-crud')
    expect((deleted as Response).status).toBe(204)
    await expect(ax.datasets.get('js-crud')).rejects.toMatchObject({ name: 'AxiomRequestError', status: 404 })
  })

  it('a duplicate create is a 409', async () => {
    await ax.datasets.create({ name: 'js-dup' })
    await expect(ax.datasets.create({ name: 'js-dup' })).rejects.toMatchObject({ status: 409 })
  })
})

describe('@axiomhq/js: ingest and query', () => {
  const events = httpLogs(300, { seed: 7, startMs: Date.now() - 3_600_000, spanMs: 3_000_000 })

  beforeAll(async () => {
    await ax.datasets.create({ name: 'js-logs' })
  })

  it('ingest sends gzip NDJSON; processedBytes is the decompressed length', async () => {
    const status = await ax.ingest('js-logs', events)
    expect(errors).toEqual([])
    const ndjson = events.map((e) => JSON.stringify(e)).join('\n')
    expect(status).toEqual({
      ingested: 300,
      failed: 0,
      failures: [],
      processedBytes: Buffer.byteLength(ndjson),
      blocksCreated: 0,
      walLength: 300,
    })
    // The client reached the ingest route (logs name the route pattern, never the raw path).
    expect(t.logs.some((l) => l.startsWith('POST /v1/datasets/{id}/ingest 200'))).toBe(true)
  })

  it('ingestRaw CSV with an empty Content-Encoding and csv-delimiter', async () => {
    await ax.datasets.create({ name: 'js-csv' })
    const csv = 'a;b\n1;x\n2;y'
    const status = await ax.ingestRaw('js-csv', csv, ContentType.CSV, ContentEncoding.Identity, {
      csvDelimiter: ';',
    })
    expect(status).toMatchObject({ ingested: 2, failed: 0, processedBytes: csv.length })
    const r = await ax.query("['js-csv'] | summarize s = sum(a)")
    expect(r.tables[0].columns?.[0]).toEqual([3])
  })

  it('timestamp-field and a Go timestamp-format', async () => {
    await ax.datasets.create({ name: 'js-ts' })
    await ax.ingest('js-ts', [{ ts: '2024-03-02', v: 1 }], {
      timestampField: 'ts',
      timestampFormat: '2006-01-02',
    })
    const r = await ax.query("['js-ts'] | project _time, v")
    expect([...r.tables[0].events()]).toEqual([{ _time: '2024-03-02T00:00:00Z', v: 1 }])
  })

  it('tabular query (the 2.0 default), with events()', async () => {
    const r = await ax.query("['js-logs'] | summarize n = count() by method | order by method asc")
    expect(r.format).toBe('tabular')
    const rows = [...r.tables[0].events()] as { method: string; n: number }[]
    expect(rows.reduce((s, x) => s + x.n, 0)).toBe(300)
    expect(r.tables[0].fields.find((f) => f.name === 'n')?.agg).toEqual({ name: 'count' })
    expect(r.status.rowsExamined).toBe(300)
    expect(Number.isInteger(r.status.elapsedTime)).toBe(true)
  })

  it('a query ending in render: same rows, the hint in `visualization`, events() unaffected', async () => {
    const apl = "['js-logs'] | summarize n = count() by method | order by method asc"
    const plain = await ax.query(apl)
    const r = await ax.query(`${apl} | render piechart with (title="methods", ycolumns=n)`)
    expect(r.tables).toEqual(
      plain.tables.map((t) => expect.objectContaining({ fields: t.fields, columns: t.columns })),
    )
    expect([...r.tables[0].events()]).toEqual([...plain.tables[0].events()])
    expect((r as unknown as { visualization: unknown }).visualization).toEqual({
      type: 'piechart',
      title: 'methods',
      ycolumns: ['n'],
    })
    expect('visualization' in plain).toBe(false)
  })

  it('legacy query format with times', async () => {
    const r = await ax.query("['js-logs'] | where status == '500' | take 5", {
      format: 'legacy',
      startTime: 'now-2h',
      endTime: 'now',
    })
    const legacy = r as unknown as { format: string; matches: { _rowId: string; data: { status: string } }[] }
    expect(legacy.format).toBe('legacy')
    expect(legacy.matches.length).toBeGreaterThan(0)
    for (const m of legacy.matches) expect(m.data.status).toBe('500')
  })

  it('the window narrows results (now-relative startTime)', async () => {
    const all = await ax.query("['js-logs'] | count")
    const recent = await ax.query("['js-logs'] | count", { startTime: 'now-30m', endTime: 'now' })
    const a = all.tables[0].columns?.[0][0] as number
    const b = recent.tables[0].columns?.[0][0] as number
    expect(a).toBe(300)
    expect(b).toBeGreaterThan(0)
    expect(b).toBeLessThan(a)
  })

  it('the cursor from the query string pages newest-first results', async () => {
    const first = await ax.query("['js-logs'] | project _time, id | take 50")
    const cursor = first.status.minCursor as string
    expect(cursor).toMatch(/^[0-9a-f]{16}-\d+$/)
    const oldest = first.tables[0].columns?.[0].at(-1) as string
    const next = await ax.query("['js-logs'] | project _time, id | take 50", { cursor })
    const times = next.tables[0].columns?.[0] as string[]
    expect(times.length).toBeGreaterThan(0)
    for (const x of times) expect(Date.parse(x)).toBeLessThan(Date.parse(oldest))
  })

  it('the edge routes (/v1/ingest/{id}, /v1/query/_apl) behave the same', async () => {
    const edge = new AxiomWithoutBatching({
      token: ROOT,
      url: t.url,
      edgeUrl: t.url,
      onError: (e) => errors.push(e),
    })
    await edge.datasets.create({ name: 'js-edge' })
    const st = await edge.ingest('js-edge', [{ x: 1 }, { x: 2 }])
    expect(st.ingested).toBe(2)
    const r = await edge.query("['js-edge'] | summarize s = sum(x)")
    expect(r.tables[0].columns?.[0]).toEqual([3])
    expect(t.logs.some((l) => l.startsWith('POST /v1/ingest/{id} 200'))).toBe(true)
    expect(t.logs.some((l) => l.startsWith('POST /v1/query/_apl 200'))).toBe(true)
  })
})

describe('@axiomhq/js: annotations and user', () => {
  it('create, get, update (merge), list with datasets/start/end, delete', async () => {
    const a = await ax.annotations.create({
      type: 'deploy',
      datasets: ['a'],
      title: 'v1',
      time: '2024-01-02T00:00:00Z',
    })
    expect(a.id).toMatch(/^ann_/)
    expect(await ax.annotations.get(a.id)).toEqual(a)
    const b = await ax.annotations.create({ type: 'incident', datasets: ['b'], time: '2024-03-01T00:00:00Z' })
    const u = await ax.annotations.update(a.id, { endTime: '2024-01-02T01:00:00Z' })
    expect(u).toEqual({ ...a, endTime: '2024-01-02T01:00:00Z' })
    const ids = async (q: Parameters<typeof ax.annotations.list>[0]) =>
      (await ax.annotations.list(q)).map((x) => x.id)
    expect(await ids({ datasets: ['a', 'b'] })).toEqual([a.id, b.id])
    expect(await ids({ datasets: ['b'] })).toEqual([b.id])
    expect(
      await ids({ datasets: ['a', 'b'], start: '2024-02-01T00:00:00Z', end: '2024-04-01T00:00:00Z' }),
    ).toEqual([b.id])
    // Moving the annotation to dataset c hides it from a list on a (the Go integration check).
    await ax.annotations.update(a.id, { datasets: ['c'] })
    expect(await ids({ datasets: ['a'] })).toEqual([])
    const del = await ax.annotations.delete(a.id)
    expect((del as Response).status).toBe(204)
    await expect(ax.annotations.get(a.id)).rejects.toMatchObject({ status: 404 })
  })

  it('users.current answers for the token', async () => {
    expect(await ax.users.current()).toMatchObject({ id: 'root', role: { id: 'owner' } })
  })
})

describe('@axiomhq/js: errors as the client sees them', () => {
  it('401 becomes Error("forbidden"); 403 and 404 are AxiomRequestErrors with the message', async () => {
    const bad = new AxiomWithoutBatching({ token: 'xaat-not-a-token', url: t.url })
    await expect(bad.datasets.list()).rejects.toThrow(/^forbidden$/)
    const secret = await t.token({ datasetCapabilities: { 'js-logs': { query: ['read'] } } })
    const weak = new AxiomWithoutBatching({ token: secret, url: t.url })
    await expect(weak.datasets.list()).rejects.toMatchObject({ status: 403 })
    await expect(ax.query("['no-such-dataset']")).rejects.toThrow(
      /404: line: 1, col: 1: dataset `no-such-dataset` not found/,
    )
    await expect(ax.query("['js-logs'] | where")).rejects.toMatchObject({ status: 400 })
  })
})
