// storage/wal/codec.ts: the WAL payload format. One ingest call becomes one or more records
// `{s: firstSeq, p: part, n: parts, e: [[timeNs, sysTimeNs, fields], …]}` (JSON). Values JSON
// cannot carry are tagged: a bigint integer as {"$i": "<decimal>"}, -0 as {"$f": "-0"}. Top-level
// field values are never plain objects (objects are flattened; arrays stay arrays), so a tag is
// unambiguous.
import type { FlatEvent, FlatValue } from '../types.ts'

const enc = new TextEncoder()
const dec = new TextDecoder()

/** Events per WAL record: keeps each JSON string far below V8's string length limit. */
export const EVENTS_PER_RECORD = 8192

/** One decoded WAL record. */
export interface WalRecord {
  readonly firstSeq: number
  readonly part: number
  readonly parts: number
  readonly events: FlatEvent[]
}

function needsTags(fields: Readonly<Record<string, FlatValue>>): boolean {
  for (const k in fields) {
    const v = fields[k]
    if (typeof v === 'bigint' || (v === 0 && Object.is(v, -0))) return true
  }
  return false
}

function tagFields(fields: Readonly<Record<string, FlatValue>>): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null)
  for (const k in fields) {
    const v = fields[k]
    if (typeof v === 'bigint') out[k] = { $i: v.toString() }
    else if (v === 0 && Object.is(v, -0)) out[k] = { $f: '-0' }
    else out[k] = v
  }
  return out
}

/** Encode one ingest call's events (with sequence numbers from `firstSeq`) as WAL payloads. */
export function encodeWalBatch(firstSeq: number, events: readonly FlatEvent[]): Uint8Array[] {
  const parts = Math.max(1, Math.ceil(events.length / EVENTS_PER_RECORD))
  const out: Uint8Array[] = []
  for (let p = 0; p < parts; p++) {
    const from = p * EVENTS_PER_RECORD
    const slice = events.slice(from, from + EVENTS_PER_RECORD)
    const rows = slice.map((e) => [
      e.time.toString(),
      e.sysTime.toString(),
      needsTags(e.fields) ? tagFields(e.fields) : e.fields,
    ])
    out.push(enc.encode(JSON.stringify({ s: firstSeq + from, p, n: parts, e: rows })))
  }
  return out
}

function untag(v: unknown): FlatValue {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    const t = v as { $i?: string; $f?: string }
    if (typeof t.$i === 'string') return BigInt(t.$i)
    if (t.$f === '-0') return -0
  }
  return v as FlatValue
}

/** Decode one WAL payload; throws on a wrong shape (the record's CRC already passed). */
export function decodeWalRecord(payload: Uint8Array): WalRecord {
  const o = JSON.parse(dec.decode(payload)) as {
    s: number
    p: number
    n: number
    e: [string, string, Record<string, unknown>][]
  }
  if (typeof o.s !== 'number' || typeof o.p !== 'number' || typeof o.n !== 'number' || !Array.isArray(o.e)) {
    throw new Error('WAL record has the wrong shape')
  }
  const events: FlatEvent[] = o.e.map(([t, s, f]) => {
    const fields: Record<string, FlatValue> = Object.create(null)
    for (const k of Object.keys(f)) fields[k] = untag(f[k])
    return { time: BigInt(t), sysTime: BigInt(s), fields }
  })
  return { firstSeq: o.s, part: o.p, parts: o.n, events }
}
