// bench/query-cases.ts: the benchmark queries (issues 4 and 24) as APL for apldb and the equivalent
// SQL for DuckDB and for ClickHouse, with what the agreement check compares. Data only, no execution.
import { CH_TABLE } from './clickhouse-peer.ts'
import { DUCK_TABLE } from './duckdb-load.ts'

/** One benchmark query in both dialects. */
export interface QueryCase {
  /** Short id printed in the table (`1` … `10`, `6b`). */
  readonly id: string
  readonly title: string
  readonly apl: string
  /** Timed SQL; its output columns are aliased to apldb's column names. */
  readonly sql: string
  /** Untimed exact SQL the agreement check uses instead of `sql` (for estimating aggregates). */
  readonly checkSql?: string
  /** The same query in ClickHouse's SQL (timed), output columns aliased as in `sql`. */
  readonly chSql: string
  /** Untimed exact ClickHouse SQL for the agreement check (for estimating aggregates). */
  readonly chCheckSql?: string
  /** Query window for apldb (RFC 3339); the SQL carries the same window as a WHERE. */
  readonly window: { readonly startTime: string; readonly endTime: string }
  /** apldb's row cap when the default 1,000 would cut the answer (it applies to summarize too). */
  readonly limit?: number
  /** Columns compared, by name in both results; the first `keys` of them form the row key. */
  readonly cols: readonly string[]
  /** Leading key columns; 0 keys rows by position (ordered results). */
  readonly keys: number
  /** Relative tolerance on compared values (0 for exact counts). */
  readonly tol: number
  /** The answers must also have the same number of rows (an unordered `take`: any rows may come back). */
  readonly sameRowCount?: boolean
  /** A top-N cut: a key on one side only is right when its count ties the other side's smallest. */
  readonly tiesAtCut?: boolean
}

/** The whole generated span (data-gen's default start, 30 days). */
export const FULL_WINDOW = { startTime: '2026-01-01T00:00:00Z', endTime: '2026-02-01T00:00:00Z' }
/** One day inside the data, for query 10. */
export const DAY_WINDOW = { startTime: '2026-01-10T00:00:00Z', endTime: '2026-01-11T00:00:00Z' }

const D = "['http-logs']"
const T = DUCK_TABLE
const C = CH_TABLE

/** The queries (1–10 plus 6b, then issue 24's sum and raw-event queries) in the order they run. */
export const QUERY_CASES: readonly QueryCase[] = [
  {
    id: '1',
    title: "count where status == '500'",
    apl: `${D} | where status == '500' | count`,
    sql: `SELECT count(*) AS count_ FROM ${T} WHERE status = '500'`,
    chSql: `SELECT count() AS count_ FROM ${C} WHERE status = '500'`,
    window: FULL_WINDOW,
    cols: ['count_'],
    keys: 0,
    tol: 0,
  },
  {
    id: '2',
    title: 'count by status',
    apl: `${D} | summarize count() by status`,
    sql: `SELECT status, count(*) AS count_ FROM ${T} GROUP BY status`,
    chSql: `SELECT status, count() AS count_ FROM ${C} GROUP BY status`,
    window: FULL_WINDOW,
    cols: ['status', 'count_'],
    keys: 1,
    tol: 0,
  },
  {
    id: '3',
    title: 'avg, max req_duration_ms by method',
    apl: `${D} | summarize avg(req_duration_ms), max(req_duration_ms) by method`,
    sql: `SELECT method, avg(req_duration_ms) AS avg_req_duration_ms, max(req_duration_ms) AS max_req_duration_ms FROM ${T} GROUP BY method`,
    chSql: `SELECT method, avg(req_duration_ms) AS avg_req_duration_ms, max(req_duration_ms) AS max_req_duration_ms FROM ${C} GROUP BY method`,
    window: FULL_WINDOW,
    cols: ['method', 'avg_req_duration_ms', 'max_req_duration_ms'],
    keys: 1,
    tol: 1e-9,
  },
  {
    id: '4',
    title: 'count by bin(_time, 1h)',
    apl: `${D} | summarize count() by bin(_time, 1h)`,
    sql: `SELECT epoch_us(time_bucket(INTERVAL 1 HOUR, _time)) AS _time, count(*) AS count_ FROM ${T} GROUP BY 1`,
    chSql: `SELECT toUnixTimestamp(toStartOfHour(_time)) * 1000000 AS _time, count() AS count_ FROM ${C} GROUP BY 1 SETTINGS prefer_column_name_to_alias = 1`,
    window: FULL_WINDOW,
    cols: ['_time', 'count_'],
    keys: 1,
    tol: 0,
  },
  {
    id: '5',
    title: 'percentile 95, 99 of req_duration_ms by server_datacenter',
    apl: `${D} | summarize percentile(req_duration_ms, 95), percentile(req_duration_ms, 99) by server_datacenter`,
    sql: `SELECT server_datacenter, approx_quantile(req_duration_ms, 0.95) AS percentile_req_duration_ms_95, approx_quantile(req_duration_ms, 0.99) AS percentile_req_duration_ms_99 FROM ${T} GROUP BY 1`,
    checkSql: `SELECT server_datacenter, quantile_cont(req_duration_ms, 0.95) AS percentile_req_duration_ms_95, quantile_cont(req_duration_ms, 0.99) AS percentile_req_duration_ms_99 FROM ${T} GROUP BY 1`,
    chSql: `SELECT server_datacenter, quantileTDigest(0.95)(req_duration_ms) AS percentile_req_duration_ms_95, quantileTDigest(0.99)(req_duration_ms) AS percentile_req_duration_ms_99 FROM ${C} GROUP BY 1`,
    chCheckSql: `SELECT server_datacenter, quantileExactInclusive(0.95)(req_duration_ms) AS percentile_req_duration_ms_95, quantileExactInclusive(0.99)(req_duration_ms) AS percentile_req_duration_ms_99 FROM ${C} GROUP BY 1`,
    window: FULL_WINDOW,
    cols: ['server_datacenter', 'percentile_req_duration_ms_95', 'percentile_req_duration_ms_99'],
    keys: 1,
    // apldb answers from a relative-error sketch; DuckDB's check is the exact interpolated value.
    tol: 0.05,
  },
  {
    id: '6',
    title: 'dcount(id)',
    apl: `${D} | summarize dcount(id)`,
    sql: `SELECT approx_count_distinct(id) AS dcount_id FROM ${T}`,
    checkSql: `SELECT count(DISTINCT id) AS dcount_id FROM ${T}`,
    chSql: `SELECT uniq(id) AS dcount_id FROM ${C}`,
    chCheckSql: `SELECT uniqExact(id) AS dcount_id FROM ${C}`,
    window: FULL_WINDOW,
    cols: ['dcount_id'],
    keys: 0,
    tol: 0.03,
  },
  {
    id: '6b',
    title: 'dcount(id) by geo.country',
    apl: `${D} | summarize dcount(id) by ['geo.country']`,
    sql: `SELECT "geo.country", approx_count_distinct(id) AS dcount_id FROM ${T} GROUP BY 1`,
    checkSql: `SELECT "geo.country", count(DISTINCT id) AS dcount_id FROM ${T} GROUP BY 1`,
    chSql: `SELECT \`geo.country\`, uniq(id) AS dcount_id FROM ${C} GROUP BY 1`,
    chCheckSql: `SELECT \`geo.country\`, uniqExact(id) AS dcount_id FROM ${C} GROUP BY 1`,
    window: FULL_WINDOW,
    cols: ['geo.country', 'dcount_id'],
    keys: 1,
    tol: 0.03,
  },
  {
    id: '7',
    title: 'top 10 uri by count',
    apl: `${D} | summarize count() by uri | top 10 by count_`,
    sql: `SELECT uri, count(*) AS count_ FROM ${T} GROUP BY uri ORDER BY count_ DESC LIMIT 10`,
    chSql: `SELECT uri, count() AS count_ FROM ${C} GROUP BY uri ORDER BY count_ DESC LIMIT 10`,
    window: FULL_WINDOW,
    cols: ['uri', 'count_'],
    keys: 1,
    tol: 0,
    tiesAtCut: true,
  },
  {
    id: '8',
    title: "uri startswith '/api', method !~ 'get': top 5 geo.country",
    apl: `${D} | where uri startswith '/api' and method !~ 'get' | summarize count() by ['geo.country'] | top 5 by count_`,
    sql: `SELECT "geo.country", count(*) AS count_ FROM ${T} WHERE starts_with(uri, '/api') AND lower(method) <> 'get' GROUP BY 1 ORDER BY count_ DESC LIMIT 5`,
    chSql: `SELECT \`geo.country\`, count() AS count_ FROM ${C} WHERE startsWith(uri, '/api') AND lowerUTF8(method) != 'get' GROUP BY 1 ORDER BY count_ DESC LIMIT 5`,
    window: FULL_WINDOW,
    cols: ['geo.country', 'count_'],
    keys: 1,
    tol: 0,
    tiesAtCut: true,
  },
  {
    id: '9',
    title: 'req_duration_ms > 500, sort desc, take 100',
    apl: `${D} | where req_duration_ms > 500 | sort by req_duration_ms desc | take 100`,
    sql: `SELECT * FROM ${T} WHERE req_duration_ms > 500 ORDER BY req_duration_ms DESC LIMIT 100`,
    chSql: `SELECT * FROM ${C} WHERE req_duration_ms > 500 ORDER BY req_duration_ms DESC LIMIT 100`,
    window: FULL_WINDOW,
    cols: ['req_duration_ms'],
    keys: 0,
    tol: 0,
  },
  {
    id: '10',
    title: 'one day: count by bin(_time, 5m), status',
    apl: `${D} | summarize count() by bin(_time, 5m), status`,
    sql: `SELECT epoch_us(time_bucket(INTERVAL 5 MINUTE, _time)) AS _time, status, count(*) AS count_ FROM ${T} WHERE _time >= TIMESTAMP '2026-01-10 00:00:00' AND _time < TIMESTAMP '2026-01-11 00:00:00' GROUP BY 1, 2`,
    chSql: `SELECT toUnixTimestamp(toStartOfFiveMinutes(_time)) * 1000000 AS _time, status, count() AS count_ FROM ${C} WHERE _time >= toDateTime64('2026-01-10 00:00:00', 3, 'UTC') AND _time < toDateTime64('2026-01-11 00:00:00', 3, 'UTC') GROUP BY 1, 2 SETTINGS prefer_column_name_to_alias = 1`,
    window: DAY_WINDOW,
    // 288 five-minute bins × ~21 statuses: above apldb's default cap of 1,000 rows.
    limit: 50_000,
    cols: ['_time', 'status', 'count_'],
    keys: 2,
    tol: 0,
  },
  {
    id: '11',
    title: 'sum(req_duration_ms)',
    apl: `${D} | summarize sum(req_duration_ms)`,
    sql: `SELECT sum(req_duration_ms) AS sum_req_duration_ms FROM ${T}`,
    chSql: `SELECT sum(req_duration_ms) AS sum_req_duration_ms FROM ${C}`,
    window: FULL_WINDOW,
    cols: ['sum_req_duration_ms'],
    keys: 0,
    // Floating-point sums in another order differ in the last bits.
    tol: 1e-9,
  },
  {
    id: '12',
    title: "raw events: status == '500' and method == 'POST', take 1000",
    apl: `${D} | where status == '500' and method == 'POST' | take 1000`,
    sql: `SELECT * FROM ${T} WHERE status = '500' AND method = 'POST' LIMIT 1000`,
    chSql: `SELECT * FROM ${C} WHERE status = '500' AND method = 'POST' LIMIT 1000`,
    window: FULL_WINDOW,
    // Any 1,000 matching events are a right answer: every row must match, and there must be 1,000.
    cols: ['status', 'method'],
    keys: 2,
    tol: 0,
    sameRowCount: true,
  },
]
