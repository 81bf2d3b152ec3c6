// clickhouse/client.ts: the slice of `@clickhouse/client` the backend calls (a real client over HTTP
// to a server or cluster, or one over chdb's in-process connection), typed structurally so neither
// optional peer dependency is needed to build apldb; and the few calls every module makes through it.
import type { Readable } from 'node:stream'

/** Settings passed with a statement. */
export type ClickHouseSettings = Record<string, string | number | boolean>

/** The `@clickhouse/client` methods apldb uses (ClickHouseClient satisfies it). */
export interface ClickHouseClient {
  query(params: {
    query: string
    format?: string
    clickhouse_settings?: ClickHouseSettings
    abort_signal?: AbortSignal
  }): Promise<{ text(): Promise<string>; json<T>(): Promise<T> }>
  command(params: {
    query: string
    clickhouse_settings?: ClickHouseSettings
    abort_signal?: AbortSignal
  }): Promise<unknown>
  exec(params: {
    query: string
    clickhouse_settings?: ClickHouseSettings
    abort_signal?: AbortSignal
  }): Promise<{ stream: Readable }>
  insert(params: {
    table: string
    values: readonly unknown[]
    format: 'JSONEachRow'
    columns?: readonly string[]
    clickhouse_settings?: ClickHouseSettings
  }): Promise<unknown>
  close(): Promise<void>
}

/** Rows of a SELECT as objects (JSONEachRow; 64-bit integers arrive as strings). */
export async function selectRows<T>(client: ClickHouseClient, query: string): Promise<T[]> {
  const rs = await client.query({
    query,
    format: 'JSONEachRow',
    clickhouse_settings: { output_format_json_quote_64bit_integers: 1 },
  })
  return rs.json<T[]>()
}

/** Runs a statement that returns no rows (DDL, ALTER, DELETE). */
export async function run(
  client: ClickHouseClient,
  query: string,
  settings?: ClickHouseSettings,
): Promise<void> {
  await client.command({ query, ...(settings ? { clickhouse_settings: settings } : {}) })
}
