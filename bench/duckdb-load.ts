// bench/duckdb-load.ts: the DuckDB side of the query benchmark: an in-memory instance and the
// sample-http-logs table (strings as VARCHAR, flattened `geo.*` columns) filled with an appender.
// Benchmark-only; never imported by src/.
import { type DuckDBConnection, DuckDBInstance, timestampValue } from '@duckdb/node-api'

/** The benchmark table's name in DuckDB. */
export const DUCK_TABLE = 'http_logs'

// Column order of the table and of every appended row. `status` is VARCHAR although 1 % of the
// generated events carry the number 200: DuckDB stores it as '200' (apldb keeps both types).
const DDL = `CREATE TABLE ${DUCK_TABLE} (
  _time TIMESTAMP, status VARCHAR, method VARCHAR, uri VARCHAR, req_duration_ms DOUBLE,
  resp_body_size_bytes BIGINT, resp_header_size_bytes BIGINT, id VARCHAR, "geo.city" VARCHAR,
  "geo.country" VARCHAR, content_type VARCHAR, server_datacenter VARCHAR, is_tls BOOLEAN,
  user_agent VARCHAR, message VARCHAR)`

/** An open in-memory DuckDB with the empty benchmark table. */
export interface DuckBench {
  readonly instance: DuckDBInstance
  readonly conn: DuckDBConnection
}

/** Opens an in-memory DuckDB using `threads` worker threads and creates the table. */
export async function openDuck(threads: number): Promise<DuckBench> {
  const instance = await DuckDBInstance.create(':memory:', { threads: String(threads) })
  const conn = await instance.connect()
  await conn.run(DDL)
  return { instance, conn }
}

/** Appends generated events (data-gen's shape: RFC 3339 `_time`, nested `geo`) to the table. */
export async function appendEvents(
  conn: DuckDBConnection,
  events: readonly Record<string, unknown>[],
): Promise<void> {
  const app = await conn.createAppender(DUCK_TABLE)
  for (const e of events) {
    const geo = e.geo as { city: string; country: string }
    // Epoch ms → µs (DuckDB TIMESTAMP resolution); the generator's times are whole ms.
    app.appendTimestamp(timestampValue(BigInt(Date.parse(e._time as string)) * 1000n))
    app.appendVarchar(String(e.status))
    app.appendVarchar(e.method as string)
    app.appendVarchar(e.uri as string)
    app.appendDouble(e.req_duration_ms as number)
    app.appendBigInt(BigInt(e.resp_body_size_bytes as number))
    app.appendBigInt(BigInt(e.resp_header_size_bytes as number))
    app.appendVarchar(e.id as string)
    app.appendVarchar(geo.city)
    app.appendVarchar(geo.country)
    app.appendVarchar(e.content_type as string)
    app.appendVarchar(e.server_datacenter as string)
    app.appendBoolean(e.is_tls as boolean)
    app.appendVarchar(e.user_agent as string)
    app.appendVarchar(e.message as string)
    app.endRow()
  }
  app.closeSync()
}
