// bench/clickhouse-peer.ts: ClickHouse (chdb, in-process) as a benchmark peer: one session on disk,
// the sample-http-logs table (MergeTree ORDER BY _time, LowCardinality strings, max_threads=2)
// filled from NDJSON files by INSERT … SELECT FROM file(…, JSONEachRow), and queries returning rows.
import { ensurePeers } from './peers/ensure.ts'

/** The benchmark table's name in ClickHouse. */
export const CH_TABLE = 'http_logs'
/** Query threads (the setting: two, as the machine's cores). */
export const CH_THREADS = 2

/** The part of chdb's Session the bench uses (chdb lives in bench/peers, outside the typecheck). */
interface ChdbSession {
  queryAsync(sql: string, opts?: { format?: string }): Promise<{ text(): string; bytes(): Uint8Array }>
  close(): void
}

// `status` is a string column: the 1 % of events that carry the number 200 are read as '200'
// (input_format_json_read_numbers_as_strings), as DuckDB's VARCHAR table does.
const DDL = `CREATE TABLE ${CH_TABLE} (
  _time DateTime64(3, 'UTC'), status LowCardinality(String), method LowCardinality(String),
  uri LowCardinality(String), req_duration_ms Float64, resp_body_size_bytes Int64,
  resp_header_size_bytes Int64, id String, \`geo.city\` LowCardinality(String),
  \`geo.country\` LowCardinality(String), content_type LowCardinality(String),
  server_datacenter LowCardinality(String), is_tls Bool, user_agent LowCardinality(String),
  message LowCardinality(String)) ENGINE = MergeTree ORDER BY _time`

/** One ClickHouse session holding the benchmark table. */
export interface ClickHousePeer {
  readonly version: string
  /** Runs `sql` and returns the raw result (what the timing measures). */
  run(sql: string): Promise<unknown>
  /** Runs `sql` and returns its column names and rows as JS values (for the agreement check). */
  rows(sql: string): Promise<{ names: string[]; rows: unknown[][] }>
  /** Loads NDJSON files (a glob) into the table; returns the wall time, ms. */
  loadNdjson(glob: string): Promise<number>
  /** Bytes of the table's active parts on disk. */
  diskBytes(): Promise<number>
  close(): void
}

/** Opens a chdb session whose data lives under `dir` and creates the empty table. */
export async function openClickHouse(dir: string): Promise<ClickHousePeer> {
  const { Session } = ensurePeers()('chdb') as {
    Session: new (path: string, o: { connectionArgs: string[] }) => ChdbSession
  }
  const s = new Session(dir, { connectionArgs: [`--max_threads=${CH_THREADS}`] })
  await s.queryAsync(DDL)
  const rows = async (sql: string) => {
    const r = JSON.parse((await s.queryAsync(sql, { format: 'JSONCompact' })).text()) as {
      meta: { name: string }[]
      data: unknown[][]
    }
    return { names: r.meta.map((m) => m.name), rows: r.data }
  }
  const version = String((await rows('SELECT version()')).rows[0][0])
  return {
    version,
    run: (sql) => s.queryAsync(sql, { format: 'JSONCompact' }).then((r) => r.bytes()),
    rows,
    async loadNdjson(glob) {
      const t = performance.now()
      await s.queryAsync(
        `INSERT INTO ${CH_TABLE} SELECT * FROM file('${glob}', JSONEachRow) SETTINGS input_format_import_nested_json = 1`,
      )
      return performance.now() - t
    },
    async diskBytes() {
      const r = await rows(
        `SELECT sum(bytes_on_disk) FROM system.parts WHERE table = '${CH_TABLE}' AND active`,
      )
      return Number(r.rows[0][0])
    },
    close: () => s.close(),
  }
}
