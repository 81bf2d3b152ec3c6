// clickhouse/datasets.ts: dataset administration on ClickHouse (the DatasetsPort of this backend):
// a dataset is a row of `_apldb_datasets` plus its table(s) (layout.ts); the same checks and public
// shapes as the local store (storage/dataset-info.ts).
import { randomBytes } from 'node:crypto'
import {
  checkDescription,
  checkKind,
  checkRetention,
  type DatasetCreate,
  type DatasetInfo,
  type DatasetUpdate,
  toInfo,
} from '../storage/dataset-info.ts'
import { validateDatasetName } from '../storage/dataset-name.ts'
import { StoreError } from '../storage/errors.ts'
import type { DatasetMeta } from '../storage/manifest/edits.ts'
import type { FieldInfo } from '../storage/snapshot.ts'
import { formatRfc3339Nano, parseGoDuration } from '../util/time/index.ts'
import type { Catalog, DatasetEntry } from './catalog.ts'
import { type ClickHouseClient, run, selectRows } from './client.ts'
import type { Layout } from './layout.ts'
import { insertMeta, META, nextVersion } from './meta.ts'
import { checkVacuumDue, type StoredMeta, vacuumFields } from './vacuum.ts'

/** What the datasets API needs from the backend. */
export interface DatasetsHost {
  readonly client: ClickHouseClient
  readonly database: string
  readonly layout: Layout
  readonly catalog: Catalog
  now(): bigint
}

/** Dataset administration (see module header). */
export class ClickHouseDatasets {
  readonly #host: DatasetsHost

  constructor(host: DatasetsHost) {
    this.#host = host
  }

  async #save(entry: DatasetEntry, dropped = false): Promise<void> {
    const h = this.#host
    await insertMeta(h.client, h.database, META.datasets, [
      {
        name: entry.meta.name,
        id: entry.meta.id,
        tbl: entry.table,
        meta: JSON.stringify(entry.meta),
        dropped: dropped ? 1 : 0,
        version: nextVersion().toString(),
      },
    ])
    h.catalog.noteDataset(dropped ? undefined : entry, entry.meta.name)
  }

  /** The dataset named `name` (after a refresh), or `dataset_not_found`. */
  async #entry(name: string): Promise<DatasetEntry> {
    await this.#host.catalog.refresh()
    const d = this.#host.catalog.dataset(name)
    if (!d) throw new StoreError('dataset_not_found', `dataset ${JSON.stringify(name)} not found`)
    return d
  }

  async create(args: DatasetCreate): Promise<DatasetInfo> {
    const h = this.#host
    validateDatasetName(args?.name)
    const { retentionDays, useRetentionPeriod } = checkRetention(args.retentionDays, args.useRetentionPeriod)
    const kind = checkKind(args.kind)
    const description = checkDescription(args.description)
    await h.catalog.refresh()
    if (h.catalog.dataset(args.name))
      throw new StoreError('dataset_exists', `dataset ${JSON.stringify(args.name)} already exists`)
    const id = `c${randomBytes(6).toString('hex')}`
    const now = formatRfc3339Nano(h.now())
    const meta: DatasetMeta = {
      id,
      name: args.name,
      description,
      kind,
      who: args.who ?? '',
      created: now,
      updatedAt: now,
      useRetentionPeriod,
      retentionDays,
    }
    const entry = { meta, table: `ds_${id}` }
    for (const sql of h.layout.createTable(entry.table)) await run(h.client, sql)
    await this.#save(entry)
    return toInfo(meta)
  }

  async list(): Promise<DatasetInfo[]> {
    await this.#host.catalog.refresh()
    const c = this.#host.catalog
    return c.names().map((n) => toInfo((c.dataset(n) as DatasetEntry).meta))
  }

  async get(name: string): Promise<DatasetInfo> {
    return toInfo((await this.#entry(name)).meta)
  }

  async update(name: string, changes: DatasetUpdate): Promise<DatasetInfo> {
    const d = await this.#entry(name)
    if (changes.fieldTypes !== undefined) refuseDeclarations()
    const m = d.meta
    const description =
      changes.description === undefined ? m.description : checkDescription(changes.description)
    const days = changes.retentionDays ?? m.retentionDays
    const use =
      changes.useRetentionPeriod ?? (changes.retentionDays !== undefined ? true : m.useRetentionPeriod)
    const { retentionDays, useRetentionPeriod } = checkRetention(days, use)
    const meta = {
      ...m,
      description,
      retentionDays,
      useRetentionPeriod,
      updatedAt: formatRfc3339Nano(this.#host.now()),
    }
    await this.#save({ ...d, meta })
    return toInfo(meta)
  }

  /** Drops the dataset's row first (it vanishes at once), then its tables. */
  async delete(name: string): Promise<void> {
    const d = await this.#entry(name)
    await this.#save(d, true)
    for (const sql of this.#host.layout.dropTable(d.table)) await run(this.#host.client, sql)
  }

  /** Declared field types: none on this backend (declarations are refused). */
  async fieldTypes(name: string): Promise<Record<string, never>> {
    await this.#entry(name)
    return {}
  }

  /** Map fields: none on this backend (declarations are refused). */
  async mapFields(name: string): Promise<string[]> {
    await this.#entry(name)
    return []
  }

  async createMapField(name: string, _field: string): Promise<{ name: string }> {
    await this.#entry(name)
    return refuseDeclarations()
  }

  async setMapFields(name: string, _fields: readonly string[]): Promise<string[]> {
    await this.#entry(name)
    return refuseDeclarations()
  }

  async deleteMapField(name: string, _field: string): Promise<void> {
    await this.#entry(name)
    refuseDeclarations()
  }

  /** OTLP ingest declares its span shape first: refused here, so OTLP into this backend is too. */
  async ensureDeclared(name: string, _types: unknown, _maps: readonly string[]): Promise<void> {
    await this.#entry(name)
    refuseDeclarations()
  }

  /**
   * Vacuum (vacuum.ts): drops the fields no stored row carries any more; at most once a day per
   * dataset (sooner: `vacuum_too_soon` with `retryAt`). The time is recorded once the fields are gone.
   */
  async vacuum(name: string): Promise<{ fieldsDropped: string[] }> {
    const d = await this.#entry(name)
    const now = this.#host.now()
    checkVacuumDue(name, d.meta, now)
    const fieldsDropped = await vacuumFields(this.#host, d)
    const meta: StoredMeta = { ...d.meta, vacuumedAt: formatRfc3339Nano(now) }
    await this.#save({ ...d, meta })
    return { fieldsDropped }
  }

  /** Removes whole blocks whose newest event is older than `now - maxDuration` (block-granular, as local). */
  async trim(name: string, maxDuration: string): Promise<{ blocksRemoved: number; rowsRemoved: number }> {
    const h = this.#host
    const d = await this.#entry(name)
    const dur = typeof maxDuration === 'string' ? parseGoDuration(maxDuration) : null
    if (dur === null || dur < 0n) {
      throw new StoreError(
        'invalid_argument',
        `invalid maxDuration ${JSON.stringify(maxDuration)}: use a Go duration such as "1h0m0s", "30m" or "7d"`,
      )
    }
    const cutoff = h.now() - dur
    const rows = await selectRows<{ b: string; n: string }>(
      h.client,
      `SELECT _block AS b, count() AS n FROM ${h.layout.readTable(d.table)} GROUP BY _block HAVING max(toUnixTimestamp64Nano(_time)) < ${cutoff}`,
    )
    if (rows.length === 0) return { blocksRemoved: 0, rowsRemoved: 0 }
    const list = rows.map((r) => r.b).join(', ')
    for (const sql of h.layout.deleteStatements(d.table, `_block IN (${list})`)) await run(h.client, sql)
    return { blocksRemoved: rows.length, rowsRemoved: rows.reduce((s, r) => s + Number(r.n), 0) }
  }

  async fields(name: string): Promise<FieldInfo[]> {
    await this.#entry(name)
    return this.#host.catalog.schema(name)
  }
}

/** Declared field types and map fields (issue 19) are not stored by this backend yet. */
function refuseDeclarations(): never {
  throw new StoreError(
    'not_supported',
    'declared field types, map fields and OTLP ingest are not supported on the ClickHouse backend yet',
  )
}
