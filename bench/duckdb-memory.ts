// bench/duckdb-memory.ts: DuckDB's own account of the memory its in-memory tables hold (the buffer
// manager's figure, `duckdb_memory()`), for the suite's bytes-per-event line. Read-only.
import type { DuckDBConnection } from '@duckdb/node-api'

/** Bytes DuckDB's buffer manager holds for the whole instance. */
export async function duckMemoryBytes(conn: DuckDBConnection): Promise<number> {
  const r = await conn.runAndReadAll('SELECT sum(memory_usage_bytes) AS b FROM duckdb_memory()')
  return Number(r.getRowsJS()[0][0] ?? 0)
}
