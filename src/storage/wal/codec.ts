// storage/wal/codec.ts: the WAL payload format (binary, little-endian). One ingest call becomes
// one or more records; a record is all-or-nothing on replay (see wal.ts). JSON was the first
// format and cost ~3 µs/event on the ingest hot path; this one writes numbers into a byte buffer
// and keeps one table of distinct strings (keys, string values, array JSON) per record, so a
// repeated value costs one Map lookup and every distinct string is UTF-8 encoded once:
//
//   u8 version=3 | f64 firstSeq | u32 part | u32 parts | u32 nEvents | u32 nStrings | u32 metaLen
//   | meta: u32 charLen per string; per event: i64 time, i64 sysTime, u32 nFields,
//           per field: u32 keyString, u8 tag, value (f64 | i64 | u32 string index | nothing)
//   | blob: UTF-8 of the string table, concatenated
//
// String lengths count UTF-16 units, so the blob is decoded once and sliced. A lone surrogate
// becomes U+FFFD (one unit for one), as it does in Arrow blocks, so the counts stay exact.
import type { FlatEvent, FlatValue } from '../types.ts'

const dec = new TextDecoder()

/** Events per WAL record: bounds record size and the blob string's length. */
export const EVENTS_PER_RECORD = 8192

const VERSION = 3
const TAG_NUMBER = 1
const TAG_BIGINT = 2
const TAG_STRING = 3
const TAG_TRUE = 4
const TAG_FALSE = 5
const TAG_ARRAY = 6

/** One decoded WAL record. */
export interface WalRecord {
  readonly firstSeq: number
  readonly part: number
  readonly parts: number
  readonly events: FlatEvent[]
}

let scratch: Uint8Array = Buffer.allocUnsafe(1 << 16)
let blobScratch: Buffer = Buffer.allocUnsafe(1 << 16)

function encodeRecord(
  firstSeq: number,
  part: number,
  parts: number,
  events: readonly FlatEvent[],
): Uint8Array {
  const table = new Map<string, number>()
  const strs: string[] = []
  // Scratch buffers are reused across calls (the encoder is synchronous); only `out` is kept.
  if (scratch.length < events.length * 128) scratch = Buffer.allocUnsafe(events.length * 160)
  let buf: Uint8Array = scratch
  let dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength)
  let pos = 0
  // Inlined on purpose (locals, no helper calls): this loop runs once per field of every event.
  // Keys repeat in the same order event after event (one hidden class per source shape), so a
  // key is first compared with the key seen at the same position in the previous event. (Stale
  // entries are harmless: a key's index is fixed for the whole record.)
  let prevKeys: string[] = []
  let prevIdx: number[] = []
  let curKeys: string[] = []
  let curIdx: number[] = []
  for (const e of events) {
    const fields = e.fields
    if (pos + 20 + 13 * 64 > buf.length) {
      const next = Buffer.allocUnsafe(buf.length * 2 + 20 + 13 * 64)
      next.set(buf.subarray(0, pos))
      buf = scratch = next
      dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength)
    }
    dv.setBigInt64(pos, e.time, true)
    dv.setBigInt64(pos + 8, e.sysTime, true)
    const countAt = pos + 16
    pos += 20
    let n = 0
    for (const k in fields) {
      const v: FlatValue = fields[k]
      let ki: number | undefined
      if (prevKeys[n] === k) ki = prevIdx[n]
      else {
        ki = table.get(k)
        if (ki === undefined) {
          ki = strs.length
          table.set(k, ki)
          strs.push(k)
        }
      }
      curKeys[n] = k
      curIdx[n] = ki
      if (pos + 13 > buf.length) {
        const next = Buffer.allocUnsafe(buf.length * 2)
        next.set(buf.subarray(0, pos))
        buf = scratch = next
        dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength)
      }
      dv.setUint32(pos, ki, true)
      if (typeof v === 'number') {
        buf[pos + 4] = TAG_NUMBER
        dv.setFloat64(pos + 5, v, true)
        pos += 13
      } else if (typeof v === 'boolean') {
        buf[pos + 4] = v ? TAG_TRUE : TAG_FALSE
        pos += 5
      } else if (typeof v === 'bigint') {
        buf[pos + 4] = TAG_BIGINT
        dv.setBigInt64(pos + 5, v, true)
        pos += 13
      } else {
        const str = typeof v === 'string' ? v : JSON.stringify(v)
        let si = table.get(str)
        if (si === undefined) {
          si = strs.length
          table.set(str, si)
          strs.push(str)
        }
        buf[pos + 4] = typeof v === 'string' ? TAG_STRING : TAG_ARRAY
        dv.setUint32(pos + 5, si, true)
        pos += 9
      }
      n++
    }
    const tk = prevKeys
    const ti = prevIdx
    prevKeys = curKeys
    prevIdx = curIdx
    curKeys = tk
    curIdx = ti
    dv.setUint32(countAt, n, true)
  }
  // Each distinct string is written straight into the blob: joining them first (Array.join, or a
  // `+=` rope that Buffer.from flattens) cost up to 1 µs per event on deep cons-strings.
  let chars = 0
  for (const str of strs) chars += str.length
  if (blobScratch.length < chars * 3) blobScratch = Buffer.allocUnsafe(chars * 4)
  const blobBuf = blobScratch
  let blobLen = 0
  for (const str of strs) blobLen += blobBuf.write(str, blobLen, 'utf8')
  const blob = blobBuf.subarray(0, blobLen)
  const headLen = 29 + 4 * strs.length
  const out = new Uint8Array(headLen + pos + blob.length)
  const odv = new DataView(out.buffer, out.byteOffset, out.byteLength)
  out[0] = VERSION
  odv.setFloat64(1, firstSeq, true)
  odv.setUint32(9, part, true)
  odv.setUint32(13, parts, true)
  odv.setUint32(17, events.length, true)
  odv.setUint32(21, strs.length, true)
  odv.setUint32(25, 4 * strs.length + pos, true)
  let p = 29
  for (const str of strs) {
    odv.setUint32(p, str.length, true)
    p += 4
  }
  out.set(buf.subarray(0, pos), p)
  out.set(blob, p + pos)
  return out
}

/** Encode one ingest call's events (sequence numbers from `firstSeq`) as WAL payloads. */
export function encodeWalBatch(firstSeq: number, events: readonly FlatEvent[]): Uint8Array[] {
  const parts = Math.max(1, Math.ceil(events.length / EVENTS_PER_RECORD))
  const out: Uint8Array[] = []
  for (let p = 0; p < parts; p++) {
    const from = p * EVENTS_PER_RECORD
    out.push(encodeRecord(firstSeq + from, p, parts, events.slice(from, from + EVENTS_PER_RECORD)))
  }
  return out
}

/** Decode one WAL payload; throws on a wrong shape (its CRC already passed, so that means a bug). */
export function decodeWalRecord(payload: Uint8Array): WalRecord {
  const dv = new DataView(payload.buffer, payload.byteOffset, payload.byteLength)
  if (payload[0] !== VERSION) throw new Error(`WAL record version ${payload[0]} is not ${VERSION}`)
  const firstSeq = dv.getFloat64(1, true)
  const part = dv.getUint32(9, true)
  const parts = dv.getUint32(13, true)
  const nEvents = dv.getUint32(17, true)
  const nStrings = dv.getUint32(21, true)
  const metaLen = dv.getUint32(25, true)
  const blob = dec.decode(payload.subarray(29 + metaLen))
  let p = 29
  let sp = 0
  const strs: string[] = new Array(nStrings)
  for (let i = 0; i < nStrings; i++) {
    const len = dv.getUint32(p, true)
    p += 4
    strs[i] = blob.slice(sp, sp + len)
    sp += len
  }
  const events: FlatEvent[] = []
  for (let i = 0; i < nEvents; i++) {
    const time = dv.getBigInt64(p, true)
    const sysTime = dv.getBigInt64(p + 8, true)
    const n = dv.getUint32(p + 16, true)
    p += 20
    const fields: Record<string, FlatValue> = {}
    for (let f = 0; f < n; f++) {
      const key = strs[dv.getUint32(p, true)]
      const tag = payload[p + 4]
      let v: FlatValue
      if (tag === TAG_NUMBER) {
        v = dv.getFloat64(p + 5, true)
        p += 13
      } else if (tag === TAG_BIGINT) {
        v = dv.getBigInt64(p + 5, true)
        p += 13
      } else if (tag === TAG_TRUE || tag === TAG_FALSE) {
        v = tag === TAG_TRUE
        p += 5
      } else if (tag === TAG_STRING || tag === TAG_ARRAY) {
        const s = strs[dv.getUint32(p + 5, true)]
        v = tag === TAG_STRING ? s : (JSON.parse(s) as FlatValue)
        p += 9
      } else {
        throw new Error(`WAL record has unknown value tag ${tag}`)
      }
      if (key === '__proto__')
        Object.defineProperty(fields, key, { value: v, enumerable: true, writable: true, configurable: true })
      else fields[key] = v
    }
    events.push({ time, sysTime, fields })
  }
  return { firstSeq, part, parts, events }
}
