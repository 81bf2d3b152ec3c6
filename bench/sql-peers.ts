// bench/sql-peers.ts: the suite's peers behind one interface (suite-case.ts's Peer): a DuckDB
// connection (VARCHAR table or ENUM copy) and a ClickHouse session. Adapters only.
import type { DuckDBConnection } from '@duckdb/node-api'
import type { ClickHousePeer } from './clickhouse-peer.ts'
import type { Peer } from './suite-case.ts'

/** A DuckDB connection as a peer: the case's `sql`, checked with its `checkSql`. */
export function duckPeer(name: string, conn: DuckDBConnection): Peer {
  return {
    name,
    sql: (c) => ({ timed: c.sql, check: c.checkSql ?? c.sql }),
    run: (sql) => conn.runAndReadAll(sql),
    async rows(sql) {
      const r = await conn.runAndReadAll(sql)
      return { names: r.columnNames(), rows: r.getRowsJS() }
    },
  }
}

/** A ClickHouse session as a peer: the case's `chSql`, checked with its `chCheckSql`. */
export function clickHousePeer(name: string, ch: ClickHousePeer): Peer {
  return {
    name,
    sql: (c) => ({ timed: c.chSql, check: c.chCheckSql ?? c.chSql }),
    run: (sql) => ch.run(sql),
    rows: (sql) => ch.rows(sql),
  }
}
