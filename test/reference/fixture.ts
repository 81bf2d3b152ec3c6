// test/reference/fixture.ts: the oracle tests' fixed data (20 hand-written `logs` events: nulls,
// mixed types, unicode, nine days; 5 `users` rows), an in-memory store holding them across sealed
// blocks and the unsealed tail, and helpers to compile, evaluate and read results.

import { expect } from 'vitest'
import type { Cell, QueryOptions, QueryResult } from '../../src/exec/result.ts'
import type { Apldb as Store } from '../../src/index.ts'
import { openStore } from '../../src/index.ts'
import { compileApl, schemaFromSnapshot } from '../../src/plan/index.ts'
import type { Snapshot } from '../../src/storage/snapshot.ts'
import { evaluate } from './evaluate.ts'

/** The query clock of every fixture query: 2026-01-10T00:00:00Z. */
export const NOW_MS = Date.UTC(2026, 0, 10)
/** NOW_MS in epoch ns. */
export const NOW = BigInt(NOW_MS) * 1_000_000n

/** Epoch ns of an RFC 3339 UTC time written in a test. */
export function ns(iso: string): bigint {
  const [whole, frac = ''] = iso.replace('Z', '').split('.')
  return BigInt(Date.parse(`${whole}Z`)) * 1_000_000n + BigInt(frac.padEnd(9, '0'))
}

type Event = Record<string, unknown>

function ev(
  time: string,
  method: string,
  status: string | number,
  uri: string,
  duration: number | undefined,
  bytes: number | undefined,
  city: string | undefined,
  tls: boolean,
  user: string,
  msg: string,
  tags?: unknown[],
): Event {
  const e: Event = {
    _time: time,
    method,
    status,
    uri,
    duration_ms: duration,
    bytes,
    city,
    is_tls: tls,
    user,
    msg,
  }
  if (tags !== undefined) e.tags = tags
  for (const k of Object.keys(e)) if (e[k] === undefined) delete e[k]
  return e
}

/**
 * The `logs` dataset. `status` is mostly strings with two integers (a mixed column); `duration_ms`
 * mixes floats and integers (binds as real); some fields are absent (null).
 */
export const LOGS: readonly Event[] = [
  ev(
    '2026-01-01T00:00:00Z',
    'GET',
    '200',
    '/api/v1/users/list',
    1.5,
    1000,
    'Seattle',
    true,
    'u1',
    'request served',
  ),
  ev(
    '2026-01-01T06:30:00Z',
    'POST',
    '201',
    '/api/v1/users/create',
    12.25,
    2500,
    'São Paulo',
    false,
    'u2',
    'foo_bar baz',
    ['a', 'b'],
  ),
  ev(
    '2026-01-02T00:00:00Z',
    'GET',
    '404',
    '/api/v1/missing',
    0.5,
    300,
    'Camaquã',
    true,
    'u1',
    'North America',
  ),
  ev('2026-01-02T12:00:00Z', 'GET', 200, '/api/v1/users/list', 2, 1200, 'Tokyo', true, 'u3', 'parentSpanId'),
  ev(
    '2026-01-03T00:00:00Z',
    'DELETE',
    '500',
    '/api/v1/users/delete',
    100.75,
    0,
    '東京',
    false,
    'u4',
    'upstream timed out',
    ['x'],
  ),
  ev(
    '2026-01-03T23:59:59.999Z',
    'get',
    '200',
    '/api/v1/ping',
    0.25,
    50,
    '',
    true,
    'u2',
    'Expected a new layer of particle physics but got a Higgs Boson',
  ),
  ev(
    '2026-01-04T01:00:00Z',
    'PUT',
    '204',
    '/api/v1/users/update',
    3.5,
    undefined,
    'Berlin',
    false,
    'u5',
    'documentation.docx',
  ),
  ev(
    '2026-01-04T02:00:00Z',
    'GET',
    '200',
    '/api/v1/orders?id=7',
    undefined,
    800,
    'Seattle',
    true,
    'u1',
    'Admin_User logged in',
  ),
  ev(
    '2026-01-05T00:00:00Z',
    'POST',
    '500',
    '/api/v1/orders/create',
    250,
    4000,
    undefined,
    false,
    'u6',
    'request served',
    ['a'],
  ),
  ev(
    '2026-01-05T08:00:00Z',
    'GET',
    503,
    '/api/v1/ping',
    0.125,
    60,
    'London',
    true,
    'u3',
    'upstream timed out',
  ),
  ev(
    '2026-01-06T00:00:00Z',
    'GET',
    '200',
    '/api/v1/users/list',
    1,
    1000,
    'Seattle',
    true,
    'u7',
    'Ünïcödé café',
  ),
  ev(
    '2026-01-06T00:00:00.000000001Z',
    'GET',
    '404',
    '/api/v1/missing',
    0.75,
    300,
    'Tokyo',
    false,
    'u1',
    'error: not found',
  ),
  ev(
    '2026-01-07T00:00:00Z',
    'PATCH',
    '200',
    '/api/v1/users/patch',
    4.5,
    1500,
    'Paris',
    true,
    'u8',
    'user-42 patched',
  ),
  ev('2026-01-07T12:00:00Z', 'GET', '302', '/api/v1/redirect', 0.5, 0, 'Paris', true, 'u2', 'moved'),
  ev(
    '2026-01-08T00:00:00Z',
    'POST',
    '500',
    '/api/v1/orders/create',
    300.5,
    4200,
    'São Paulo',
    false,
    'u6',
    'Error: upstream timed out',
  ),
  ev(
    '2026-01-08T06:00:00Z',
    'GET',
    '200',
    '/api/v1/users/list',
    1.25,
    1100,
    'Seattle',
    true,
    'u1',
    'request served',
  ),
  ev('2026-01-08T18:00:00Z', 'HEAD', '200', '/api/v1/ping', 0.0625, 0, undefined, true, 'u9', ''),
  ev(
    '2026-01-09T00:00:00Z',
    'GET',
    '401',
    '/api/v1/users/list',
    0.75,
    120,
    'Berlin',
    false,
    'u3',
    'unauthorized',
  ),
  ev(
    '2026-01-09T12:00:00Z',
    'GET',
    '200',
    '/api/v1/users/list',
    2.5,
    1000,
    'Seattle',
    true,
    'u1',
    'request served',
  ),
  ev(
    '2026-01-09T23:00:00Z',
    'DELETE',
    '404',
    '/api/v1/users/delete',
    undefined,
    undefined,
    'Camaquã',
    false,
    'u4',
    'gone',
    [],
  ),
]

/** The `users` dataset (a join/union partner): u3 twice, u10 matching no log. */
export const USERS: readonly Event[] = [
  { _time: '2026-01-01T00:00:00Z', user: 'u1', name: 'Ada', plan: 'pro' },
  { _time: '2026-01-01T00:00:01Z', user: 'u2', name: 'Bob', plan: 'free' },
  { _time: '2026-01-01T00:00:02Z', user: 'u3', name: 'Cy', plan: 'pro' },
  { _time: '2026-01-01T00:00:03Z', user: 'u3', name: 'Cyd', plan: 'team' },
  { _time: '2026-01-01T00:00:04Z', user: 'u10', name: 'Zed', plan: 'free' },
]

/** An open fixture store and a snapshot of it. */
export interface Fixture {
  readonly store: Store
  readonly snap: Snapshot
  close(): Promise<void>
}

/** Opens an in-memory store holding `datasets` (8-row blocks, sealed inline, so blocks and a tail). */
export async function openFixture(
  datasets: Readonly<Record<string, readonly Event[]>> = { logs: LOGS, users: USERS },
  blockRows = 8,
): Promise<Fixture> {
  const store = await openStore({ clock: () => NOW_MS, blockRows, sealWorker: false, durability: 'none' })
  for (const [name, events] of Object.entries(datasets)) {
    await store.datasets.create({ name })
    await store.ingest(name, events as Record<string, unknown>[])
  }
  await store.settle()
  const snap = store.snapshot()
  return {
    store,
    snap,
    close: async () => {
      snap.release()
      await store.close()
    },
  }
}

/**
 * Compiles `apl` against the snapshot's schema (every catalog row allowed: the oracle is not limited
 * by the engine's kernels) and evaluates it (clock: NOW unless `opts.now`).
 */
export async function run(
  snap: Snapshot,
  apl: string,
  opts: QueryOptions & { readonly now?: bigint } = {},
): Promise<QueryResult> {
  const bound = compileApl(apl, schemaFromSnapshot(snap))
  if (bound.plan === undefined) throw new Error(bound.diagnostics.map((d) => d.message).join('\n'))
  return evaluate(snap, bound.plan, { now: NOW, ...opts })
}

/** Table `t` of a result as row objects keyed by field name. */
export function rows(result: QueryResult, t = 0): Record<string, Cell>[] {
  const table = result.tables[t]
  const n = table.columns[0]?.length ?? 0
  return Array.from({ length: n }, (_, r) =>
    Object.fromEntries(table.fields.map((f, i) => [f.name, table.columns[i][r]])),
  )
}

/** The cells of column `name` of table `t`. */
export function col(result: QueryResult, name: string, t = 0): Cell[] {
  const table = result.tables[t]
  const i = table.fields.findIndex((f) => f.name === name)
  expect(i, `column ${name} in ${table.fields.map((f) => f.name).join(', ')}`).toBeGreaterThanOrEqual(0)
  return [...table.columns[i]]
}

/** The single cell of a one-row, one-column (or named column) result. */
export function cell(result: QueryResult, name?: string): Cell {
  const table = result.tables[0]
  expect(table.columns[0]?.length, 'one row').toBe(1)
  return name === undefined ? table.columns[0][0] : col(result, name)[0]
}
