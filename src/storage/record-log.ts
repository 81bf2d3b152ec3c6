// storage/record-log.ts: the record framing shared by the WAL and the manifest LOG,
// `len u32 LE | crc32(payload) u32 LE | payload`, and the scan that tells a torn tail (safe to
// truncate: never acknowledged) from corruption in the middle (refuse; never drop edits silently).
// Limit: a corrupted length field that points past the end of the file looks exactly like a torn
// tail, so it is treated as one; payload corruption anywhere before the tail is always caught.
import { crc32 } from 'node:zlib'

/** Bytes of framing before each payload. */
export const RECORD_HEADER_BYTES = 8

/** The 8-byte frame header of a payload (write it before the payload). */
export function recordHeader(payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(RECORD_HEADER_BYTES)
  const dv = new DataView(out.buffer)
  dv.setUint32(0, payload.length, true)
  dv.setUint32(4, crc32(payload), true)
  return out
}

/** Frame one payload (header and payload in one buffer). */
export function frameRecord(payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(RECORD_HEADER_BYTES + payload.length)
  const dv = new DataView(out.buffer)
  dv.setUint32(0, payload.length, true)
  dv.setUint32(4, crc32(payload), true)
  out.set(payload, RECORD_HEADER_BYTES)
  return out
}

/** What a scan of a record file found. */
export interface RecordScan {
  readonly records: Uint8Array[]
  /** Byte offset just past the last good record. */
  readonly validEnd: number
  /** 'clean': ends exactly at a record boundary; 'torn': bad bytes at the tail only; 'corrupt': a bad record with good data after it. */
  readonly ending: 'clean' | 'torn' | 'corrupt'
}

function allZero(b: Uint8Array, from: number): boolean {
  for (let i = from; i < b.length; i++) if (b[i] !== 0) return false
  return true
}

/**
 * Split `bytes` into records. A record whose header or payload runs past the end, a CRC failure on
 * the last record, or a zero-filled remainder is a torn tail. A CRC failure followed by more
 * non-zero data is corruption.
 */
export function scanRecords(bytes: Uint8Array): RecordScan {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const records: Uint8Array[] = []
  let off = 0
  while (off < bytes.length) {
    if (off + RECORD_HEADER_BYTES > bytes.length) return { records, validEnd: off, ending: 'torn' }
    const len = dv.getUint32(off, true)
    const crc = dv.getUint32(off + 4, true)
    const end = off + RECORD_HEADER_BYTES + len
    if (len === 0 && crc === 0 && allZero(bytes, off)) return { records, validEnd: off, ending: 'torn' }
    if (end > bytes.length) return { records, validEnd: off, ending: 'torn' }
    const payload = bytes.subarray(off + RECORD_HEADER_BYTES, end)
    if (crc32(payload) !== crc) {
      const tail = end >= bytes.length || allZero(bytes, end)
      return { records, validEnd: off, ending: tail ? 'torn' : 'corrupt' }
    }
    records.push(payload)
    off = end
  }
  return { records, validEnd: off, ending: 'clean' }
}
