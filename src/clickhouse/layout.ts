// clickhouse/layout.ts: where a dataset's rows live and the DDL that puts them there. `single`: one
// MergeTree per dataset. `shards`: a MergeTree per shard database and a `Merge` table over them in the
// main database (chdb's stand-in for a cluster: no network server), rows placed by `_block`.
// `cluster`: per-shard MergeTrees `ON CLUSTER` and a `Distributed` table sharded by `_block`. Either
// way a block stays on one shard, reads go to the one table, and deletions go to each shard (neither
// `Merge` nor `Distributed` accepts DELETE).
import { ident, qualified, str } from './sql-text.ts'

/** How datasets are laid out (openStore's `layout` option). */
export type LayoutOptions =
  | { readonly kind: 'single' }
  | { readonly kind: 'shards'; readonly shardDatabases: readonly string[] }
  | { readonly kind: 'cluster'; readonly cluster: string; readonly shardDatabase: string }

/** The fixed columns of every dataset table, before its typed field columns. */
export const FIXED_COLUMNS: readonly (readonly [string, string])[] = [
  ['_time', "DateTime64(9, 'UTC')"],
  ['_sysTime', "DateTime64(9, 'UTC')"],
  ['_block', 'UInt64'],
  ['_seq', 'UInt32'],
  ['_rest', 'JSON'],
]

/** One dataset's placement: the table queries read and the tables writes and deletions reach. */
export class Layout {
  readonly options: LayoutOptions
  readonly database: string

  constructor(database: string, options: LayoutOptions) {
    this.database = database
    this.options = options
  }

  /** Number of shards (1 for `single`; a cluster's count is the cluster's business: 1 here). */
  get shardCount(): number {
    return this.options.kind === 'shards' ? this.options.shardDatabases.length : 1
  }

  /** The table a query reads (`Merge`/`Distributed` over the shards, or the MergeTree itself). */
  readTable(table: string): string {
    return qualified(this.database, table)
  }

  /** The table an insert of block `block` goes to (a cluster's Distributed table places it by `_block`). */
  insertTable(table: string, block: bigint): string {
    const o = this.options
    if (o.kind === 'shards')
      return qualified(o.shardDatabases[Number(block % BigInt(o.shardDatabases.length))], table)
    return qualified(this.database, table)
  }

  /** DELETE statements of rows matching `where`, one per shard (`ON CLUSTER` reaches every shard). */
  deleteStatements(table: string, where: string): string[] {
    const o = this.options
    if (o.kind === 'shards')
      return o.shardDatabases.map((d) => `DELETE FROM ${qualified(d, table)} WHERE ${where}`)
    if (o.kind === 'cluster')
      return [
        `DELETE FROM ${qualified(o.shardDatabase, table)} ON CLUSTER ${ident(o.cluster)} WHERE ${where}`,
      ]
    return [`DELETE FROM ${qualified(this.database, table)} WHERE ${where}`]
  }

  /** The databases to create. */
  databases(): string[] {
    const o = this.options
    if (o.kind === 'shards') return [this.database, ...o.shardDatabases]
    if (o.kind === 'cluster') return [this.database, o.shardDatabase]
    return [this.database]
  }

  /** CREATE DATABASE statements. */
  createDatabases(): string[] {
    const on = this.#onCluster()
    return this.databases().map((d) => `CREATE DATABASE IF NOT EXISTS ${ident(d)}${on}`)
  }

  /** CREATE TABLE statements for a new dataset table (storage tables first, then the read table). */
  createTable(table: string): string[] {
    const cols = FIXED_COLUMNS.map(([n, t]) => `${ident(n)} ${t}`).join(', ')
    const engine = `ENGINE = MergeTree ORDER BY (_time, _block, _seq)`
    const o = this.options
    if (o.kind === 'single')
      return [`CREATE TABLE IF NOT EXISTS ${qualified(this.database, table)} (${cols}) ${engine}`]
    if (o.kind === 'shards') {
      const local = o.shardDatabases.map(
        (d) => `CREATE TABLE IF NOT EXISTS ${qualified(d, table)} (${cols}) ${engine}`,
      )
      const dbs = o.shardDatabases.map((d) => d.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&')).join('|')
      const merge = `CREATE TABLE IF NOT EXISTS ${qualified(this.database, table)} (${cols}) ENGINE = Merge(REGEXP(${str(`^(${dbs})$`)}), ${str(`^${table}$`)})`
      return [...local, merge]
    }
    const on = ` ON CLUSTER ${ident(o.cluster)}`
    return [
      `CREATE TABLE IF NOT EXISTS ${qualified(o.shardDatabase, table)}${on} (${cols}) ${engine}`,
      `CREATE TABLE IF NOT EXISTS ${qualified(this.database, table)}${on} (${cols}) ENGINE = Distributed(${str(o.cluster)}, ${str(o.shardDatabase)}, ${str(table)}, _block)`,
    ]
  }

  /** ALTER statements adding a typed column (its comment: the storage type) to every table of a dataset. */
  addColumn(table: string, column: string, type: string, comment: string): string[] {
    const add = `ADD COLUMN IF NOT EXISTS ${ident(column)} ${type} COMMENT ${str(comment)}`
    return this.#allTables(table).map((t) => `ALTER TABLE ${t}${this.#onCluster()} ${add}`)
  }

  /** DROP statements for every table of a dataset (the read table first). */
  dropTable(table: string): string[] {
    return this.#allTables(table)
      .reverse()
      .map((t) => `DROP TABLE IF EXISTS ${t}${this.#onCluster()}`)
  }

  #allTables(table: string): string[] {
    const o = this.options
    if (o.kind === 'shards')
      return [...o.shardDatabases.map((d) => qualified(d, table)), qualified(this.database, table)]
    if (o.kind === 'cluster') return [qualified(o.shardDatabase, table), qualified(this.database, table)]
    return [qualified(this.database, table)]
  }

  #onCluster(): string {
    return this.options.kind === 'cluster' ? ` ON CLUSTER ${ident(this.options.cluster)}` : ''
  }
}
