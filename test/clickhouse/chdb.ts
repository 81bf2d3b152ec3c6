// test/clickhouse/chdb.ts: real ClickHouse for the ClickHouse-backend tests: chdb (ClickHouse in-process)
// behind `@clickhouse/client`, both loaded from test/clickhouse/peer (installed there by .ci/run, so the
// main install stays lean). Absent: the tests are skipped locally, and fail under CI=true (CI installs
// it; a silent skip there would hide the backend's tests).
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { ClickHouseClient } from '../../src/clickhouse/index.ts'

const PEER = join(new URL('.', import.meta.url).pathname, 'peer')
const PEER_MODULES = join(PEER, 'node_modules')

/** True when the peer install is present. */
export const HAVE_CHDB = existsSync(join(PEER_MODULES, 'chdb', 'package.json'))

/** Throws under CI when chdb is missing (call at the top of a ClickHouse test file). */
export function requireChdbInCi(): void {
  if (!HAVE_CHDB && process.env.CI === 'true')
    throw new Error(
      `chdb is not installed in ${PEER_MODULES}: .ci/run installs it (npm install --prefix test/clickhouse/peer)`,
    )
}

let shared: ClickHouseClient | undefined

/** One client per test process over chdb's in-process engine (chdb keeps one engine per process). */
export function chdbClient(): ClickHouseClient {
  if (shared) return shared
  const require = createRequire(join(PEER, 'package.json'))
  const { createClient } = require('@clickhouse/client') as {
    createClient(o: { connection: unknown }): ClickHouseClient
  }
  const { createChdbConnection } = require('chdb/connection') as {
    createChdbConnection(o: { path: string }): unknown
  }
  shared = createClient({ connection: createChdbConnection({ path: ':memory:' }) })
  return shared
}

let counter = 0
/** A database name not used before in this process. */
export function freshDatabase(prefix = 'apldb_t'): string {
  return `${prefix}_${process.pid}_${counter++}`
}
