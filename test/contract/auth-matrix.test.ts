// S1 auth matrix (RELIABILITY.md §2.4), generated from THE route table: every route × {no token,
// garbage, expired, right capability, wrong capability, right capability on another dataset} (and,
// for APL reads, a multi-dataset query with one dataset not allowed). Expected statuses come from
// each route's requirement; a route without an example here fails the test. Prints cells and passes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ROUTES } from '../../src/service/index.ts'
import type { Requirement, Route } from '../../src/service/route-types.ts'
import { startServer, type TestServer } from './server.ts'

type Caps = {
  datasetCapabilities?: Record<string, Record<string, string[]>>
  orgCapabilities?: Record<string, string[]>
}

/** A request that succeeds with the right capability; `dataset` is the one it acts on. */
interface Example {
  path: string
  body?: unknown
  dataset?: string
  headers?: Record<string, string>
  /** The success status. */
  status: number
}

let t: TestServer
let n = 0
const fresh = (prefix: string) => `${prefix}-${++n}`

async function dataset(name: string): Promise<string> {
  await t.call('POST', '/v2/datasets', { body: { name } })
  await t.call('POST', `/v1/datasets/${name}/ingest`, { body: [{ a: 1, _time: '2024-01-01T00:00:00Z' }] })
  return name
}

const WINDOW = { startTime: '2023-01-01T00:00:00Z', endTime: '2025-01-01T00:00:00Z' }

/** One example per route id. */
const EXAMPLES: Record<string, () => Promise<Example>> = {
  'apl.query': async () => ({
    path: '/v1/datasets/_apl?format=tabular',
    body: { apl: "['ds'] | count" },
    dataset: 'ds',
    status: 200,
  }),
  'apl.query.edge': async () => ({
    path: '/v1/query/_apl?format=legacy',
    body: { apl: "['ds'] | take 1" },
    dataset: 'ds',
    status: 200,
  }),
  'apl.explain': async () => ({
    path: '/v1/datasets/_apl/explain',
    body: { apl: "['ds'] | count" },
    dataset: 'ds',
    status: 200,
  }),
  'legacy.query': async () => ({
    path: '/v1/datasets/ds/query',
    body: { ...WINDOW, resolution: 'auto' },
    dataset: 'ds',
    // Until the legacy translator lands (issue #5) the route answers 501 after authorization.
    status: 200,
  }),
  ingest: async () => ({ path: '/v1/datasets/ds/ingest', body: [{ b: 2 }], dataset: 'ds', status: 200 }),
  'ingest.edge': async () => ({ path: '/v1/ingest/ds', body: [{ b: 2 }], dataset: 'ds', status: 200 }),
  'blocks.delete': async () => ({
    path: '/v2/datasets/_apl/delete',
    body: { apl: "['ds'] | where a == 1", ...WINDOW, commit: false },
    dataset: 'ds',
    status: 200,
  }),
  'datasets.list': async () => ({ path: '/v2/datasets', status: 200 }),
  'datasets.create': async () => ({ path: '/v2/datasets', body: { name: fresh('new') }, status: 200 }),
  'datasets.get': async () => ({ path: '/v2/datasets/ds', dataset: 'ds', status: 200 }),
  'datasets.update': async () => ({
    path: '/v2/datasets/ds',
    body: { description: 'x' },
    dataset: 'ds',
    status: 200,
  }),
  'datasets.delete': async () => {
    const d = await dataset(fresh('gone'))
    return { path: `/v2/datasets/${d}`, dataset: d, status: 204 }
  },
  'datasets.trim': async () => ({
    path: '/v2/datasets/ds/trim',
    body: { maxDuration: '87600h' },
    dataset: 'ds',
    status: 204,
  }),
  'datasets.vacuum': async () => {
    // Once a day per dataset: each cell vacuums its own.
    const d = await dataset(fresh('vac'))
    return { path: `/v2/datasets/${d}/vacuum`, dataset: d, status: 200 }
  },
  'datasets.fields': async () => ({ path: '/v2/datasets/ds/fields', dataset: 'ds', status: 200 }),
  'datasets.mapfields': async () => ({ path: '/v2/datasets/ds/mapfields', dataset: 'ds', status: 200 }),
  'datasets.mapfields.create': async () => ({
    path: '/v2/datasets/ds/mapfields',
    body: { name: fresh('map') },
    dataset: 'ds',
    status: 200,
  }),
  'datasets.mapfields.update': async () => ({
    path: '/v2/datasets/ds/mapfields',
    body: ['tags'],
    dataset: 'ds',
    status: 200,
  }),
  'datasets.mapfields.delete': async () => {
    const name = fresh('gone-map')
    await t.call('POST', '/v2/datasets/ds/mapfields', { body: { name } })
    return { path: `/v2/datasets/ds/mapfields/${name}`, dataset: 'ds', status: 204 }
  },
  'datasets.field': async () => ({ path: '/v2/datasets/ds/fields/a', dataset: 'ds', status: 200 }),
  'datasets.field.update': async () => ({
    path: '/v2/datasets/ds/fields/took',
    body: { name: 'took', type: 'timespan' },
    dataset: 'ds',
    status: 200,
  }),
  'otlp.traces': async () => ({
    path: '/v1/traces',
    body: { resourceSpans: [] },
    headers: { 'x-axiom-dataset': 'ds' },
    dataset: 'ds',
    status: 200,
  }),
  'otlp.logs': async () => ({
    path: '/v1/logs',
    body: { resourceLogs: [] },
    headers: { 'x-axiom-dataset': 'ds' },
    dataset: 'ds',
    status: 200,
  }),
  'tokens.list': async () => ({ path: '/v2/tokens', status: 200 }),
  'tokens.create': async () => ({ path: '/v2/tokens', body: { name: 'minted' }, status: 200 }),
  'tokens.get': async () => ({ path: `/v2/tokens/${await tokenId()}`, status: 200 }),
  'tokens.delete': async () => ({ path: `/v2/tokens/${await tokenId()}`, status: 204 }),
  'tokens.regenerate': async () => ({
    path: `/v2/tokens/${await tokenId()}/regenerate`,
    body: { existingTokenExpiresAt: '2099-01-01T00:00:00Z' },
    status: 200,
  }),
  'annotations.list': async () => ({ path: '/v2/annotations?datasets=ds', status: 200 }),
  'annotations.create': async () => ({
    path: '/v2/annotations',
    body: { type: 'deploy', datasets: ['ds'] },
    status: 201,
  }),
  'annotations.get': async () => ({ path: `/v2/annotations/${await annotationId()}`, status: 200 }),
  'annotations.update': async () => ({
    path: `/v2/annotations/${await annotationId()}`,
    body: { title: 't' },
    status: 200,
  }),
  'annotations.delete': async () => ({ path: `/v2/annotations/${await annotationId()}`, status: 204 }),
  'user.current': async () => ({ path: '/v2/user', status: 200 }),
  'monitors.list': async () => ({ path: '/v2/monitors', status: 200 }),
  'monitors.create': async () => ({ path: '/v2/monitors', body: MONITOR, status: 200 }),
  'monitors.get': async () => ({ path: `/v2/monitors/${await monitorId()}`, status: 200 }),
  'monitors.update': async () => ({ path: `/v2/monitors/${await monitorId()}`, body: MONITOR, status: 200 }),
  'monitors.delete': async () => ({ path: `/v2/monitors/${await monitorId()}`, status: 204 }),
  'monitors.history': async () => ({ path: `/v2/monitors/${await monitorId()}/history`, status: 200 }),
  'notifiers.list': async () => ({ path: '/v2/notifiers', status: 200 }),
  'notifiers.create': async () => ({ path: '/v2/notifiers', body: NOTIFIER, status: 200 }),
  'notifiers.get': async () => ({ path: `/v2/notifiers/${await notifierId()}`, status: 200 }),
  'notifiers.update': async () => ({
    path: `/v2/notifiers/${await notifierId()}`,
    body: NOTIFIER,
    status: 200,
  }),
  'notifiers.delete': async () => ({ path: `/v2/notifiers/${await notifierId()}`, status: 204 }),
}

// A monitor reading no dataset, so the org capability alone decides.
const MONITOR = {
  name: 'm',
  type: 'Threshold',
  aplQuery: 'print v = 1',
  operator: 'Above',
  threshold: 1,
  intervalMinutes: 60,
  rangeMinutes: 60,
}
const NOTIFIER = { name: 'n', properties: { webhook: { url: 'http://127.0.0.1:9/hook' } } }

async function monitorId(): Promise<string> {
  return (await t.call('POST', '/v2/monitors', { body: MONITOR })).json.id
}

async function notifierId(): Promise<string> {
  return (await t.call('POST', '/v2/notifiers', { body: NOTIFIER })).json.id
}

async function tokenId(): Promise<string> {
  return (await t.call('POST', '/v2/tokens', { body: { name: 'target' } })).json.id
}

async function annotationId(): Promise<string> {
  return (await t.call('POST', '/v2/annotations', { body: { type: 'deploy', datasets: ['ds'] } })).json.id
}

/** A dataset capability other than `cap` (for the "wrong capability" column). */
function otherDatasetCap(cap: string): Record<string, string[]> {
  return cap === 'ingest' ? { query: ['read'] } : { ingest: ['create'] }
}

type Column = 'no token' | 'garbage' | 'expired' | 'right' | 'wrong' | 'other dataset' | 'multi-dataset'

/** Capabilities a column's token holds for a route, and the status it must get. */
function column(req: Requirement, col: Column, ex: Example): { caps?: Caps; status: number } {
  const ds = ex.dataset ?? 'ds'
  if (col === 'no token' || col === 'garbage') return { status: 401 }
  const right: Caps =
    req.kind === 'token'
      ? { orgCapabilities: { monitors: ['read'] } }
      : req.kind === 'org'
        ? { orgCapabilities: { [req.cap]: [req.action] } }
        : req.kind === 'dataset'
          ? { datasetCapabilities: { [ds]: { [req.cap]: [req.action] } } }
          : req.kind === 'apl-read'
            ? { datasetCapabilities: { [ds]: { query: ['read'] } } }
            : { datasetCapabilities: { [ds]: { data: ['delete'] } } }
  if (col === 'expired') return { caps: right, status: 401 }
  if (col === 'right' || col === 'multi-dataset')
    return { caps: right, status: col === 'right' ? ex.status : 403 }
  // A route any valid token may call stays open to the wrong/other tokens too.
  const open = req.kind === 'token' ? ex.status : 403
  if (col === 'wrong') {
    const wrong: Caps =
      req.kind === 'org'
        ? { orgCapabilities: { [req.cap === 'monitors' ? 'dashboards' : 'monitors']: [req.action] } }
        : req.kind === 'dataset'
          ? { datasetCapabilities: { [ds]: otherDatasetCap(req.cap) } }
          : req.kind === 'apl-read'
            ? { datasetCapabilities: { [ds]: { ingest: ['create'] } } }
            : { datasetCapabilities: { [ds]: { query: ['read'] } } }
    return { caps: req.kind === 'token' ? {} : wrong, status: open }
  }
  // "other dataset": the right capability, but on a different dataset (every dataset capability
  // on '*' for organisation routes, which dataset capabilities never open).
  const shifted: Caps =
    req.kind === 'org'
      ? {
          datasetCapabilities: {
            '*': { query: ['read'], ingest: ['create'], data: ['delete'], trim: ['update'] },
          },
        }
      : JSON.parse(JSON.stringify(right).replaceAll(`"${ds}"`, '"other"'))
  return { caps: shifted, status: open }
}

interface Cell {
  route: Route
  col: Column
}

const COLUMNS: Column[] = ['no token', 'garbage', 'expired', 'right', 'wrong', 'other dataset']
const CELLS: Cell[] = ROUTES.flatMap((route) => [
  ...COLUMNS.map((col) => ({ route, col })),
  ...(route.requires.kind === 'apl-read' ? [{ route, col: 'multi-dataset' as const }] : []),
])

let passed = 0
beforeAll(async () => {
  t = await startServer()
  await dataset('ds')
  await dataset('other')
})
afterAll(async () => {
  console.log(`auth-matrix routes=${ROUTES.length} cells=${CELLS.length} pass=${passed}`)
  await t.close()
})

describe('S1 auth matrix', () => {
  it('every route in the table has an example', () => {
    expect(ROUTES.filter((r) => !Object.hasOwn(EXAMPLES, r.id)).map((r) => r.id)).toEqual([])
  })

  it.each(CELLS.map((c) => [`${c.route.method} ${c.route.path}`, c.col, c] as const))(
    '%s × %s',
    async (_r, _c, cell) => {
      const ex = await EXAMPLES[cell.route.id]()
      const { caps, status } = column(cell.route.requires, cell.col, ex)
      let token: string | null = null
      if (cell.col === 'garbage') token = 'xaat-this-is-not-a-token'
      else if (caps)
        token = await t.token({
          ...caps,
          ...(cell.col === 'expired' ? { expiresAt: '2001-01-01T00:00:00Z' } : {}),
        })
      let body = ex.body
      if (cell.col === 'multi-dataset') body = { apl: "union ['ds'], ['other'] | count" }
      const r = await t.call(cell.route.method, ex.path, { token, body, headers: ex.headers })
      expect(r.status, r.text).toBe(status)
      passed++
    },
  )
})
