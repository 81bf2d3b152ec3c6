// clickhouse/meta.ts: apldb's own tables in the main database, shared by every front end: datasets,
// the (field, storage type) pairs each dataset has seen, whole documents (tokens, annotations, …) and
// block-deletion records. Append-only rows in ReplacingMergeTree tables, read with argMax by version,
// so concurrent front ends never overwrite each other's rows of another key.
import { type ClickHouseClient, run, selectRows } from './client.ts'
import { qualified, str } from './sql-text.ts'

/** Names of the meta tables. */
export const META = {
  datasets: '_apldb_datasets',
  fields: '_apldb_fields',
  docs: '_apldb_docs',
  deletions: '_apldb_deletions',
} as const

const DDL: Readonly<Record<keyof typeof META, string>> = {
  datasets:
    '(name String, id String, tbl String, meta String, dropped UInt8, version UInt64) ENGINE = ReplacingMergeTree(version) ORDER BY name',
  fields:
    '(dataset_id String, field String, type String) ENGINE = ReplacingMergeTree ORDER BY (dataset_id, field, type)',
  docs: '(name String, data String, version UInt64) ENGINE = ReplacingMergeTree(version) ORDER BY name',
  deletions: '(id String, record String, version UInt64) ENGINE = ReplacingMergeTree(version) ORDER BY id',
}

/** A version number for a meta row: microseconds, strictly increasing within this process. */
let lastVersion = 0n
export function nextVersion(): bigint {
  const now = BigInt(Date.now()) * 1000n
  lastVersion = now > lastVersion ? now : lastVersion + 1n
  return lastVersion
}

/** Creates the meta tables when missing. */
export async function createMeta(
  client: ClickHouseClient,
  database: string,
  onCluster: string,
): Promise<void> {
  for (const [k, table] of Object.entries(META)) {
    await run(
      client,
      `CREATE TABLE IF NOT EXISTS ${qualified(database, table)}${onCluster} ${DDL[k as keyof typeof META]}`,
    )
  }
}

/** The latest row of each key of a meta table (`key` column; `cols` the others, version last). */
export function latest<T>(
  client: ClickHouseClient,
  database: string,
  table: string,
  key: string,
  cols: readonly string[],
  where = '',
): Promise<T[]> {
  const pick = cols.map((c) => `argMax(${c}, version) AS ${c}`).join(', ')
  return selectRows<T>(
    client,
    `SELECT ${key}, ${pick} FROM ${qualified(database, table)}${where ? ` WHERE ${where}` : ''} GROUP BY ${key} ORDER BY ${key}`,
  )
}

/** Inserts rows into a meta table. */
export async function insertMeta(
  client: ClickHouseClient,
  database: string,
  table: string,
  rows: readonly Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return
  await client.insert({ table: qualified(database, table), values: rows, format: 'JSONEachRow' })
}

/** `name = '…'` for a WHERE clause. */
export function whereName(column: string, value: string): string {
  return `${column} = ${str(value)}`
}
