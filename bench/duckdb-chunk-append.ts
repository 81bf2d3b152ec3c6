// bench/duckdb-chunk-append.ts: DuckDB's fastest load path from JS objects that we found: columns
// of 2,048 values handed over as data chunks (`appendDataChunk`), about 1.5× faster than the row
// appender of bench/duckdb-load.ts. Fills the table that duckdb-load.ts creates; nothing else.
import { type DuckDBConnection, DuckDBDataChunk, type DuckDBValue, timestampValue } from '@duckdb/node-api'
import { DUCK_TABLE } from './duckdb-load.ts'

/** Rows per data chunk (DuckDB's vector size). */
const VECTOR = 2048

type Event = Record<string, unknown>
const geo = (e: Event) => e.geo as { city: string; country: string }

// One reader per table column, in duckdb-load.ts's column order.
const COLUMNS: readonly ((e: Event) => DuckDBValue)[] = [
  // Epoch ms → µs (DuckDB TIMESTAMP resolution); the generator's times are whole ms.
  (e) => timestampValue(BigInt(Date.parse(e._time as string)) * 1000n),
  (e) => String(e.status),
  (e) => e.method as string,
  (e) => e.uri as string,
  (e) => e.req_duration_ms as number,
  (e) => BigInt(e.resp_body_size_bytes as number),
  (e) => BigInt(e.resp_header_size_bytes as number),
  (e) => e.id as string,
  (e) => geo(e).city,
  (e) => geo(e).country,
  (e) => e.content_type as string,
  (e) => e.server_datacenter as string,
  (e) => e.is_tls as boolean,
  (e) => e.user_agent as string,
  (e) => e.message as string,
]

/** Appends generated events (data-gen's shape) to the benchmark table as data chunks. */
export async function appendEventChunks(conn: DuckDBConnection, events: readonly Event[]): Promise<void> {
  const app = await conn.createAppender(DUCK_TABLE)
  if (app.columnCount !== COLUMNS.length) {
    throw new Error(`${DUCK_TABLE} has ${app.columnCount} columns, the chunk loader knows ${COLUMNS.length}`)
  }
  const types = COLUMNS.map((_, i) => app.columnType(i))
  for (let from = 0; from < events.length; from += VECTOR) {
    const n = Math.min(VECTOR, events.length - from)
    const columns = COLUMNS.map((read) => {
      const col = new Array<DuckDBValue>(n)
      for (let i = 0; i < n; i++) col[i] = read(events[from + i])
      return col
    })
    const chunk = DuckDBDataChunk.create(types, n)
    chunk.setColumns(columns)
    app.appendDataChunk(chunk)
  }
  app.closeSync()
}
