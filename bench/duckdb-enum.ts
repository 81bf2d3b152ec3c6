// bench/duckdb-enum.ts: the suite's second DuckDB configuration: the same table with its
// low-cardinality strings as ENUM types, built in schema `enums` of the same instance from the
// loaded VARCHAR table (CREATE TYPE … AS ENUM (SELECT DISTINCT …), then CREATE TABLE … AS SELECT
// with casts), and a connection whose search path makes the unchanged benchmark SQL read it.
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api'
import { DUCK_TABLE } from './duckdb-load.ts'

/** The schema holding the ENUM copy of the table. */
export const ENUM_SCHEMA = 'enums'

/** Columns stored as ENUM: every string column but `id` (a quarter of the rows are distinct ids). */
export const ENUM_COLUMNS: readonly string[] = [
  'status',
  'method',
  'uri',
  'geo.city',
  'geo.country',
  'content_type',
  'server_datacenter',
  'user_agent',
  'message',
]

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/** Builds `enums.http_logs` from `main.http_logs` (which stays); `conn` must be on the main schema. */
export async function createEnumCopy(conn: DuckDBConnection): Promise<void> {
  await conn.run(`CREATE SCHEMA ${ENUM_SCHEMA}`)
  const described = await conn.runAndReadAll(`DESCRIBE ${DUCK_TABLE}`)
  const columns = described.getRowObjectsJS().map((r) => String(r.column_name))
  for (const [i, col] of ENUM_COLUMNS.entries()) {
    if (!columns.includes(col)) throw new Error(`${DUCK_TABLE} has no column ${col}`)
    await conn.run(
      `CREATE TYPE ${ENUM_SCHEMA}.e${i} AS ENUM (SELECT DISTINCT ${quote(col)} FROM ${DUCK_TABLE} WHERE ${quote(col)} IS NOT NULL ORDER BY 1)`,
    )
  }
  // Same column order as the VARCHAR table, so `SELECT *` answers look alike.
  const select = columns.map((col) => {
    const e = ENUM_COLUMNS.indexOf(col)
    return e < 0 ? quote(col) : `${quote(col)}::${ENUM_SCHEMA}.e${e} AS ${quote(col)}`
  })
  await conn.run(
    `CREATE TABLE ${ENUM_SCHEMA}.${DUCK_TABLE} AS SELECT ${select.join(', ')} FROM main.${DUCK_TABLE}`,
  )
}

/** A new connection to `instance` whose unqualified names resolve in the ENUM schema. */
export async function connectToEnumCopy(instance: DuckDBInstance): Promise<DuckDBConnection> {
  const conn = await instance.connect()
  await conn.run(`SET search_path = '${ENUM_SCHEMA}'`)
  return conn
}
