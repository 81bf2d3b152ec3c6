// clickhouse/ingest.ts: one ingest call on ClickHouse: the same parsing and per-event normalization as
// the local store (storage/ingest), then the dataset's new (field, type) pairs registered and any new
// typed columns added before the rows, then the rows inserted in blocks of `blockRows`, each with a
// fresh `_block` id (a block is one INSERT, so it lands whole on one shard).

import { normalizeEvent, parseInput } from '../storage/ingest/index.ts'
import type { IngestInput, IngestOptions, IngestStatus } from '../storage/ingest-call.ts'
import type { FieldType, FlatEvent } from '../storage/types.ts'
import { typeOfValue } from '../storage/types.ts'
import { formatRfc3339Nano } from '../util/time/index.ts'
import { arrayColumn, type Catalog, COLUMN_TYPE, type DatasetEntry } from './catalog.ts'
import { type ClickHouseClient, run } from './client.ts'
import type { Layout } from './layout.ts'
import { insertMeta, META } from './meta.ts'
import { blockRows } from './rows.ts'

/** Settings of a data insert: values keep the types apldb gave them (no guessing inside `_rest`). */
const INSERT_SETTINGS = {
  input_format_try_infer_dates: 0,
  input_format_try_infer_datetimes: 0,
  input_format_json_try_infer_numbers_from_strings: 0,
  input_format_json_infer_incomplete_types_as_strings: 0,
} as const

/** Block ids: seconds since 2024 · 2^8 plus a random byte, strictly increasing in this process. */
let lastBlock = 0n
const EPOCH_2024_S = 1_704_067_200
export function nextBlockId(nowNs: bigint): bigint {
  const s = nowNs / 1_000_000_000n - BigInt(EPOCH_2024_S)
  const candidate = (s > 0n ? s : 0n) * 256n + BigInt(Math.floor(Math.random() * 256))
  lastBlock = candidate > lastBlock ? candidate : lastBlock + 1n
  return lastBlock
}

/** Everything ingest needs from the backend. */
export interface IngestHost {
  readonly client: ClickHouseClient
  readonly database: string
  readonly layout: Layout
  readonly catalog: Catalog
  readonly blockRows: number
  now(): bigint
}

/** True when some event holds an integral number beyond ±2^53 (a JSON literal the parse may have rounded). */
function beyondSafe(events: readonly FlatEvent[]): boolean {
  for (const e of events)
    for (const f in e.fields) {
      const v = e.fields[f]
      if (typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v)) return true
    }
  return false
}

/**
 * Parses and normalizes one call's input as the local store does (storage/ingest-call.ts): JSON text
 * parsed natively, and again keeping integers exact (bigint) when a number went past ±2^53.
 */
function normalize(input: IngestInput, opts: IngestOptions, now: bigint) {
  const text = typeof input === 'string' || input instanceof Uint8Array ? input : undefined
  const once = (exactIntegers: boolean) => {
    const failures: { timestamp: string; error: string }[] = []
    let raw: readonly unknown[] = input as readonly unknown[]
    let bytes = 0
    if (text !== undefined) {
      const parsed = parseInput(text, {
        format: opts.format,
        csvDelimiter: opts.csvDelimiter,
        csvFields: opts.csvFields,
        exactIntegers,
      })
      raw = parsed.events
      bytes = parsed.bytes
      for (const e of parsed.errors) failures.push({ timestamp: formatRfc3339Nano(now), error: e.error })
    }
    const norm = {
      timestampField: opts.timestampField,
      timestampFormat: opts.timestampFormat,
      labels: opts.labels,
      receiveTime: now,
      sysTime: now,
    }
    const events: FlatEvent[] = []
    for (const r of raw) {
      const res = normalizeEvent(r, norm)
      if (res.ok) events.push(res.event)
      else failures.push({ timestamp: formatRfc3339Nano(res.time), error: res.error })
    }
    return { events, failures, bytes }
  }
  const first = once(false)
  return text !== undefined && opts.format !== 'csv' && beyondSafe(first.events) ? once(true) : first
}

/** Registers new (field, type) pairs and adds typed columns for fields seen for the first time. */
async function prepareFields(host: IngestHost, d: DatasetEntry, events: readonly FlatEvent[]): Promise<void> {
  const known = host.catalog.fieldTypes(d.meta.id)
  const cols = host.catalog.columns(d.table)
  const pairs = new Map<string, [string, FieldType]>()
  const firstType = new Map<string, FieldType>()
  for (const e of events)
    for (const f in e.fields) {
      const t = typeOfValue(e.fields[f])
      if (!firstType.has(f)) firstType.set(f, t)
      if (!known.get(f)?.has(t)) pairs.set(`${f}\u0000${t}`, [f, t])
    }
  // A field new to the dataset gets a typed column of the first type it arrives with; its other
  // types go to `_rest`, except arrays, which get the field's `::array` column.
  const wanted = new Map<string, FieldType>()
  for (const [f, t] of firstType) if (!known.has(f) && !cols.has(f)) wanted.set(f, t)
  for (const [f, t] of pairs.values()) {
    const own = wanted.get(f) ?? cols.get(f)
    if (t === 'array' && own !== 'array') wanted.set(arrayColumn(f), 'array')
  }
  let altered = false
  for (const [column, t] of wanted) {
    if (cols.has(column)) continue
    for (const sql of host.layout.addColumn(d.table, column, COLUMN_TYPE[t], t)) await run(host.client, sql)
    altered = true
  }
  // Another front end may have added the same column first: place values by what the table has.
  if (altered) await host.catalog.refresh()
  const added = [...pairs.values()]
  await insertMeta(
    host.client,
    host.database,
    META.fields,
    added.map(([field, type]) => ({ dataset_id: d.meta.id, field, type })),
  )
  host.catalog.noteFields(d.meta.id, added)
}

/**
 * Inserts normalized events into dataset `d` in blocks of `blockRows` (fields registered and columns
 * added first); returns the number of blocks. Ingest and `migrate` both write through here.
 */
export async function insertEvents(
  host: IngestHost,
  d: DatasetEntry,
  events: readonly FlatEvent[],
): Promise<number> {
  if (events.length === 0) return 0
  await prepareFields(host, d, events)
  const placement = { columns: host.catalog.columns(d.table) }
  let blocks = 0
  for (let off = 0; off < events.length; off += host.blockRows) {
    const chunk = events.slice(off, off + host.blockRows)
    const block = nextBlockId(host.now())
    // One INSERT per block, its rows inline (hand-written JSON: int64 beyond 2^53 stays exact).
    await run(
      host.client,
      `INSERT INTO ${host.layout.insertTable(d.table, block)} FORMAT JSONEachRow\n${blockRows(chunk, block, placement)}`,
      INSERT_SETTINGS,
    )
    blocks++
  }
  return blocks
}

/** Ingests into dataset `d` (see module header). */
export async function ingestInto(
  host: IngestHost,
  d: DatasetEntry,
  input: IngestInput,
  opts: IngestOptions,
): Promise<IngestStatus> {
  const now = host.now()
  const { events, failures, bytes } = normalize(input, opts, now)
  const blocks = await insertEvents(host, d, events)
  return {
    ingested: events.length,
    failed: failures.length,
    failures,
    processedBytes: bytes + (opts.extraProcessedBytes ?? 0),
    blocksCreated: blocks,
    walLength: 0,
  }
}
