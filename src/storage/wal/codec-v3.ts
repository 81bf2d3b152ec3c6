// storage/wal/codec-v3.ts: the row-wise WAL payload format of version 3, read only (WAL segments
// written before the columnar format must still replay after an upgrade). Little-endian:
//
//   u8 version=3 | f64 firstSeq | u32 part | u32 parts | u32 nEvents | u32 nStrings | u32 metaLen
//   | meta: u32 charLen per string; per event: i64 time, i64 sysTime, u32 nFields,
//           per field: u32 keyString, u8 tag, value (f64 | i64 | u32 string index | nothing)
//   | blob: UTF-8 of the string table, concatenated (lengths count UTF-16 units)
import type { FlatEvent, FlatValue } from '../types.ts'

// ignoreBOM: a string value may begin with U+FEFF; a default decoder would drop it (and shift every later string).
const dec = new TextDecoder('utf-8', { ignoreBOM: true })

/** The version byte of this format. */
export const VERSION_V3 = 3
const TAG_NUMBER = 1
const TAG_BIGINT = 2
const TAG_STRING = 3
const TAG_TRUE = 4
const TAG_FALSE = 5
const TAG_ARRAY = 6

/** One decoded version-3 record. */
export interface WalRecordV3 {
  readonly firstSeq: number
  readonly part: number
  readonly parts: number
  readonly events: FlatEvent[]
}

/** Decode one version-3 WAL payload; throws on a wrong shape (its CRC passed, so that means a bug). */
export function decodeWalRecordV3(payload: Uint8Array): WalRecordV3 {
  const dv = new DataView(payload.buffer, payload.byteOffset, payload.byteLength)
  if (payload[0] !== VERSION_V3) throw new Error(`WAL record version ${payload[0]} is not ${VERSION_V3}`)
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
