// test/unit/legacy/fixtures.ts: legacy request bodies transcribed from api-contract.md §2 and the Go
// client (zero-value bodies, the integration suite's queries), and a small store to run them on.
import { type Apldb, openStore } from '../../../src/index.ts'

/** Go's `querylegacy.Query{}` marshalled: every key present, zero values (§2.1, Surprise 26). */
export const GO_EMPTY_BODY = {
  startTime: '0001-01-01T00:00:00Z',
  endTime: '0001-01-01T00:00:00Z',
  resolution: 'auto',
  aggregations: null,
  groupBy: null,
  filter: { op: '', field: '', value: null, caseSensitive: false, children: null },
  order: null,
  limit: 0,
  virtualFields: null,
  project: null,
  cursor: '',
  includeCursor: false,
  continuationToken: '',
}

/** The Go integration suite's "complex legacy query" (datasets_integration_test.go), as Go sends it. */
export const GO_COMPLEX_BODY = {
  ...GO_EMPTY_BODY,
  startTime: '2026-01-10T00:58:00+01:00',
  endTime: '2026-01-10T01:00:00.123456789+01:00',
  aggregations: [{ alias: 'event_count', op: 'count', field: '*', argument: null }],
  groupBy: ['success', 'remote_ip'],
  filter: {
    op: 'exists',
    field: 'response',
    value: null,
    caseSensitive: false,
    children: [{ op: 'contains', field: 'request', value: 'GET', caseSensitive: false, children: null }],
  },
  order: [
    { field: 'success', desc: true },
    { field: 'remote_ip', desc: false },
  ],
  virtualFields: [{ alias: 'success', expr: 'toint(response) < 400' }],
  project: [{ field: 'remote_ip', alias: 'ip' }],
}

/** The store clock of the legacy tests: 2026-01-10T00:00:00Z. */
export const NOW_MS = Date.UTC(2026, 0, 10)
/** NOW_MS in epoch ns. */
export const NOW = BigInt(NOW_MS) * 1_000_000n

/**
 * 14 access-log events shaped like the Go integration suite's (two IPs, 7 each, all `response` 304),
 * one second apart, ending a minute before NOW.
 */
export const GO_SUITE_EVENTS: readonly Record<string, unknown>[] = Array.from({ length: 14 }, (_, i) => ({
  _time: new Date(NOW_MS - 60_000 - (13 - i) * 1000).toISOString(),
  remote_ip: i % 2 === 0 ? '93.180.71.3' : '93.180.71.1',
  remote_user: '-',
  request: `GET /downloads/product_${1 + (i % 3)} HTTP/1.1`,
  response: 304,
  bytes: i * 100,
  referrer: '-',
  agent: 'Debian APT-HTTP/1.3 (0.8.16~exp12ubuntu10.21)',
}))

/** An in-memory store holding `events` in dataset `test` (`blockRows` per sealed block, rest unsealed). */
export async function openLegacyStore(
  events: readonly Record<string, unknown>[] = GO_SUITE_EVENTS,
  blockRows = 4,
): Promise<Apldb> {
  const store = await openStore({ clock: () => NOW_MS, blockRows, sealWorker: false, durability: 'none' })
  await store.datasets.create({ name: 'test' })
  await store.ingest('test', events as Record<string, unknown>[])
  await store.settle()
  return store
}
