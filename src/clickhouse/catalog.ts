// clickhouse/catalog.ts: this front end's cached view of the shared meta tables: datasets, the storage
// types each field has held, and each dataset table's columns; refreshed from ClickHouse before every
// query and after this front end's own changes, so a front end sees what another wrote.
import type { DatasetMeta } from '../storage/manifest/edits.ts'
import type { FieldInfo } from '../storage/snapshot.ts'
import { compositeType, type FieldType } from '../storage/types.ts'
import { type ClickHouseClient, selectRows } from './client.ts'
import type { TableSource } from './compile/relation.ts'
import type { Layout } from './layout.ts'
import { latest, META } from './meta.ts'
import { ident, str } from './sql-text.ts'

/** A dataset as stored in `_apldb_datasets`. */
export interface DatasetEntry {
  readonly meta: DatasetMeta
  /** Its table's name (in the main database, and in each shard database). */
  readonly table: string
}

/** The ClickHouse column type holding each storage type when a field has its own column. */
export const COLUMN_TYPE: Readonly<Record<FieldType, string>> = {
  string: 'Nullable(String)',
  integer: 'Nullable(Int64)',
  float: 'Nullable(Float64)',
  boolean: 'Nullable(Bool)',
  datetime: "DateTime64(9, 'UTC')",
  // Declared types (issue 19) are not declared on this backend yet (datasets.ts refuses them); the
  // rows keep the table total: int64 ns and JSON text.
  timespan: 'Nullable(Int64)',
  array: 'Nullable(String)',
  map: 'Nullable(String)',
}

/** The JSON subcolumn type of a storage type kept in `_rest` (arrays never are: see `arrayColumn`). */
const JSON_TYPE: Readonly<Partial<Record<FieldType, string>>> = {
  string: 'String',
  integer: 'Int64',
  float: 'Float64',
  boolean: 'Bool',
}

/** The column of a field's `array` values when the field's own column holds another type. */
export function arrayColumn(field: string): string {
  return `${field}::array`
}

const TYPED: ReadonlySet<string> = new Set(['string', 'integer', 'float', 'boolean', 'array'])

/** Which storage type a typed column holds (its comment, written when apldb added it). */
function columnStorage(comment: string, chType: string): FieldType | undefined {
  if (!TYPED.has(comment)) return undefined
  const t = comment as FieldType
  return COLUMN_TYPE[t] === chType ? t : undefined
}

/** The cached catalog (see module header). */
export class Catalog {
  readonly #client: ClickHouseClient
  readonly #database: string
  readonly #layout: Layout
  #datasets = new Map<string, DatasetEntry>()
  /** dataset id → field → storage types. */
  #fields = new Map<string, Map<string, Set<FieldType>>>()
  /** table → column → storage type it holds. */
  #columns = new Map<string, Map<string, FieldType>>()
  #version = 0
  #readAt = Number.NEGATIVE_INFINITY

  constructor(client: ClickHouseClient, database: string, layout: Layout) {
    this.#client = client
    this.#database = database
    this.#layout = layout
  }

  /** Bumped on every refresh (snapshots are numbered by it). */
  get version(): number {
    return this.#version
  }

  /** Re-reads datasets, fields and table columns; with `maxAgeMs`, only when the last read is older. */
  async refresh(maxAgeMs = 0): Promise<void> {
    if (maxAgeMs > 0 && performance.now() - this.#readAt < maxAgeMs) return
    this.#readAt = performance.now()
    const rows = await latest<{ name: string; id: string; tbl: string; meta: string; dropped: number }>(
      this.#client,
      this.#database,
      META.datasets,
      'name',
      ['id', 'tbl', 'meta', 'dropped'],
    )
    const datasets = new Map<string, DatasetEntry>()
    for (const r of rows)
      if (!Number(r.dropped)) datasets.set(r.name, { meta: JSON.parse(r.meta) as DatasetMeta, table: r.tbl })
    const fieldRows = await selectRows<{ dataset_id: string; field: string; type: FieldType }>(
      this.#client,
      `SELECT DISTINCT dataset_id, field, type FROM ${ident(this.#database)}.${ident(META.fields)}`,
    )
    const fields = new Map<string, Map<string, Set<FieldType>>>()
    for (const r of fieldRows) {
      const m = fields.get(r.dataset_id) ?? new Map<string, Set<FieldType>>()
      fields.set(r.dataset_id, m)
      const s = m.get(r.field) ?? new Set<FieldType>()
      m.set(r.field, s)
      s.add(r.type)
    }
    const colRows = await selectRows<{ table: string; name: string; type: string; comment: string }>(
      this.#client,
      `SELECT table, name, type, comment FROM system.columns WHERE database = ${str(this.#database)}`,
    )
    const columns = new Map<string, Map<string, FieldType>>()
    const byTable = new Map([...datasets.values()].map((d) => [d.table, d]))
    for (const r of colRows) {
      if (!byTable.has(r.table)) continue
      const m = columns.get(r.table) ?? new Map<string, FieldType>()
      columns.set(r.table, m)
      const t = columnStorage(r.comment, r.type)
      if (t !== undefined) m.set(r.name, t)
    }
    this.#datasets = datasets
    this.#fields = fields
    this.#columns = columns
    this.#version++
  }

  /** Dataset names, sorted. */
  names(): string[] {
    return [...this.#datasets.keys()].sort()
  }

  dataset(name: string): DatasetEntry | undefined {
    return this.#datasets.get(name)
  }

  /** The storage types each field of a dataset has held. */
  fieldTypes(id: string): ReadonlyMap<string, ReadonlySet<FieldType>> {
    return this.#fields.get(id) ?? new Map()
  }

  /** The typed columns of a table (column → storage type). */
  columns(table: string): ReadonlyMap<string, FieldType> {
    return this.#columns.get(table) ?? new Map()
  }

  /** Notes pairs and columns this front end just added (so its next snapshot has them before a refresh). */
  noteFields(id: string, pairs: readonly (readonly [string, FieldType])[]): void {
    const m = this.#fields.get(id) ?? new Map<string, Set<FieldType>>()
    this.#fields.set(id, m)
    for (const [f, t] of pairs) {
      const s = m.get(f) ?? new Set<FieldType>()
      m.set(f, s)
      s.add(t)
    }
    this.#version++
  }

  noteDataset(entry: DatasetEntry | undefined, name: string): void {
    if (entry) this.#datasets.set(name, entry)
    else this.#datasets.delete(name)
    this.#version++
  }

  /** The fields of a dataset as the binder and the API see them (`_time`, `_sysTime` included). */
  schema(name: string): FieldInfo[] {
    const d = this.#datasets.get(name)
    if (!d) return []
    const types = this.fieldTypes(d.meta.id)
    const out: FieldInfo[] = []
    if (types.size > 0) {
      out.push({ name: '_sysTime', types: ['datetime'], type: 'datetime' })
      out.push({ name: '_time', types: ['datetime'], type: 'datetime' })
    }
    for (const [f, s] of types) {
      const type = compositeType(s)
      out.push({ name: f, types: type.split('|') as FieldType[], type })
    }
    return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  }

  /** Where the compiler reads a dataset's fields from. */
  source(name: string): TableSource | undefined {
    const d = this.#datasets.get(name)
    if (!d) return undefined
    const cols = this.columns(d.table)
    const table = this.#layout.readTable(d.table)
    return {
      table,
      part: (field, type) => {
        if (field === '_time' || field === '_sysTime') return type === 'datetime' ? ident(field) : undefined
        if (field === '_block') return type === 'integer' ? 'toInt64(_block)' : undefined
        if (cols.get(field) === type) return ident(field)
        if (type === 'array')
          return cols.get(arrayColumn(field)) === 'array' ? ident(arrayColumn(field)) : undefined
        const jt = JSON_TYPE[type]
        return jt === undefined ? undefined : `_rest.${ident(field)}.:${jt}`
      },
    }
  }
}
