// clickhouse/vacuum.ts: vacuum on ClickHouse, as the local store's (storage/datasets-api.ts): the
// dataset forgets the (field, storage type) pairs no stored row carries any more (pairs outlive the
// rows that held them until then: block deletion, trim); at most once per day per dataset, sooner is
// `vacuum_too_soon` with `retryAt`. The pairs present are read in one scan of the dataset's table;
// the others are deleted from `_apldb_fields`, then the deleted pairs are checked once more and any a
// concurrent ingest wrote meanwhile is registered again. The time of the last vacuum rides in the
// dataset's row (`vacuumedAt` in its meta JSON), so every front end sees it.
import { StoreError } from '../storage/errors.ts'
import type { DatasetMeta } from '../storage/manifest/edits.ts'
import type { FieldType } from '../storage/types.ts'
import { formatRfc3339Nano, parseRfc3339 } from '../util/time/index.ts'
import type { Catalog, DatasetEntry } from './catalog.ts'
import { type ClickHouseClient, run, selectRows } from './client.ts'
import { insertMeta, META } from './meta.ts'
import { ident, qualified, str } from './sql-text.ts'

const DAY_NS = 86_400_000_000_000n

/** A dataset's meta as stored on ClickHouse: the local meta plus the last vacuum (RFC 3339). */
export type StoredMeta = DatasetMeta & { readonly vacuumedAt?: string }

/** What vacuum needs from the backend. */
export interface VacuumHost {
  readonly client: ClickHouseClient
  readonly database: string
  readonly catalog: Catalog
  now(): bigint
}

/** Throws `vacuum_too_soon` when the dataset was vacuumed less than a day before `now`. */
export function checkVacuumDue(name: string, meta: StoredMeta, now: bigint): void {
  const last = meta.vacuumedAt
  if (last === undefined) return
  const at = parseRfc3339(last)
  const next = at === null ? now : at + DAY_NS
  if (now >= next) return
  const retryAt = formatRfc3339Nano(next)
  throw new StoreError(
    'vacuum_too_soon',
    `dataset ${JSON.stringify(name)} was vacuumed at ${last}; a dataset may be vacuumed once a day, next at ${retryAt}`,
    { retryAt },
  )
}

type Pair = readonly [field: string, type: FieldType]

/** Which of `pairs` some stored row of `d` carries (one scan; a pair with no column: none). */
async function presentPairs(host: VacuumHost, d: DatasetEntry, pairs: readonly Pair[]): Promise<Pair[]> {
  const src = host.catalog.source(d.meta.name)
  const tests: { pair: Pair; sql: string }[] = []
  for (const p of pairs) {
    const sql = src?.part(p[0], p[1])
    if (sql !== undefined) tests.push({ pair: p, sql })
  }
  if (!src || tests.length === 0) return []
  const select = tests.map((t, i) => `toUInt8(countIf(isNotNull(${t.sql})) > 0) AS ${ident(`p${i}`)}`)
  const [row] = await selectRows<Record<string, number | string>>(
    host.client,
    `SELECT ${select.join(', ')} FROM ${src.table}`,
  )
  return tests.filter((_, i) => Number(row?.[`p${i}`] ?? 0) === 1).map((t) => t.pair)
}

/** Drops the pairs of `d` no row carries (see module header); returns the field names no longer listed. */
export async function vacuumFields(host: VacuumHost, d: DatasetEntry): Promise<string[]> {
  const before = host.catalog.schema(d.meta.name).map((f) => f.name)
  const pairs: Pair[] = []
  for (const [f, types] of host.catalog.fieldTypes(d.meta.id)) for (const t of types) pairs.push([f, t])
  const present = new Set((await presentPairs(host, d, pairs)).map(([f, t]) => `${f}\u0000${t}`))
  const gone = pairs.filter(([f, t]) => !present.has(`${f}\u0000${t}`))
  const table = qualified(host.database, META.fields)
  if (gone.length > 0) {
    const list = gone.map(([f, t]) => `(${str(f)}, ${str(t)})`).join(', ')
    await run(
      host.client,
      `DELETE FROM ${table} WHERE dataset_id = ${str(d.meta.id)} AND (field, type) IN (${list})`,
    )
    // An ingest that took a pair as known while this ran has written rows carrying it: keep it.
    const back = await presentPairs(host, d, gone)
    await insertMeta(
      host.client,
      host.database,
      META.fields,
      back.map(([field, type]) => ({ dataset_id: d.meta.id, field, type })),
    )
  }
  await host.catalog.refresh()
  const after = new Set(host.catalog.schema(d.meta.name).map((f) => f.name))
  return before.filter((f) => !after.has(f)).sort()
}
