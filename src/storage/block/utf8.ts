// storage/block/utf8.ts: packs JS strings into Arrow Utf8 buffers (Int32 offsets + bytes) and
// makes strings well-formed first (Arrow Utf8 must be valid UTF-8, so lone surrogates cannot pass);
// unpacks such buffers (a dictionary's entries) back into strings with one native decode.
import type * as arrow from 'apache-arrow'

const LONE_SURROGATE = /\p{Cs}/u
const LONE_SURROGATES = /\p{Cs}/gu

/** `s` with every lone UTF-16 surrogate replaced by U+FFFD (what a UTF-8 encoder would write). */
export function wellFormed(s: string): string {
  return LONE_SURROGATE.test(s) ? s.replace(LONE_SURROGATES, '\ufffd') : s
}

/** Arrow Utf8 buffers: `offsets` has `length + 1` entries into `bytes`. */
export interface Utf8Buffers {
  readonly offsets: Int32Array
  readonly bytes: Uint8Array
}

/**
 * Packs `length` well-formed strings (a hole or `undefined` packs as empty, for null rows) into one
 * byte buffer. Throws when the column would exceed Int32 offsets (2 GiB), a block-size bug.
 */
export function packUtf8(strings: readonly (string | undefined)[], length: number): Utf8Buffers {
  return packJoined(strings, strings.join(''), length)
}

const SURROGATE = /[\uD800-\uDFFF]/

/**
 * `packUtf8` of strings that may not be well-formed: undefined when one holds a lone surrogate
 * (UTF-8 would turn it into U+FFFD). The joined text is made once: with no surrogate in it (the
 * common case) every string is well-formed; else each is checked (two lone halves in neighbouring
 * strings read as a pair in the joined text).
 */
export function packUtf8IfWellFormed(strings: readonly string[]): Utf8Buffers | undefined {
  const joined = strings.join('')
  if (SURROGATE.test(joined) && strings.some((x) => LONE_SURROGATE.test(x))) return undefined
  return packJoined(strings, joined, strings.length)
}

function packJoined(strings: readonly (string | undefined)[], joined: string, length: number): Utf8Buffers {
  // One native encode of the joined text; pairs cannot form across boundaries (inputs well-formed).
  const bytes = Buffer.from(joined, 'utf8')
  if (bytes.length > 0x7fffffff) throw new Error('block string column exceeds 2 GiB of UTF-8')
  const offsets = new Int32Array(length + 1)
  // UTF-8 length equals UTF-16 length only when every character is ASCII: skip per-string byteLength.
  const ascii = bytes.length === joined.length
  let pos = 0
  for (let i = 0; i < length; i++) {
    const s = strings[i]
    if (s !== undefined) pos += ascii ? s.length : Buffer.byteLength(s, 'utf8')
    offsets[i + 1] = pos
  }
  return { offsets, bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length) }
}

// ignoreBOM: a string value may begin with U+FEFF, which a default decoder drops.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true })

/**
 * The `length` strings of Arrow Utf8 buffers (the inverse of packUtf8): one native decode of the whole
 * byte range, then each entry sliced out at its UTF-16 offset. Decoding entry by entry costs a
 * TextDecoder call per string (a block's 65,536-entry dictionary of ids took ~3× as long). Offsets in
 * UTF-16 units equal byte offsets for ASCII text; otherwise one pass validates the UTF-8 and counts
 * the units up to each entry. Bytes that are not valid UTF-8 (never written by packUtf8) decode
 * entry by entry instead, as a decoder reading each entry alone would.
 */
export function unpackUtf8(buffers: Utf8Buffers, length: number): string[] {
  const { offsets, bytes } = buffers
  const out = new Array<string>(length)
  if (length === 0) return out
  const lo = offsets[0]
  const hi = offsets[length]
  const units = isAscii(bytes, lo, hi) ? undefined : unitOffsets(bytes, offsets, length)
  if (units === null) {
    for (let i = 0; i < length; i++) out[i] = utf8.decode(bytes.subarray(offsets[i], offsets[i + 1]))
    return out
  }
  const text = utf8.decode(bytes.subarray(lo, hi))
  if (units === undefined)
    for (let i = 0; i < length; i++) out[i] = text.slice(offsets[i] - lo, offsets[i + 1] - lo)
  else for (let i = 0; i < length; i++) out[i] = text.slice(units[i], units[i + 1])
  return out
}

function isAscii(bytes: Uint8Array, from: number, to: number): boolean {
  let any = 0
  for (let i = from; i < to; i++) any |= bytes[i]
  return (any & 0x80) === 0
}

/** Whether `b` may follow `lead` as its first continuation byte (the ranges of RFC 3629's table). */
function firstContinuation(lead: number, b: number): boolean {
  if (lead === 0xe0) return b >= 0xa0 && b <= 0xbf
  if (lead === 0xed) return b >= 0x80 && b <= 0x9f
  if (lead === 0xf0) return b >= 0x90 && b <= 0xbf
  if (lead === 0xf4) return b >= 0x80 && b <= 0x8f
  return (b & 0xc0) === 0x80
}

/**
 * UTF-16 offsets of each entry's start (and the end), counted from offsets[0]; null when the bytes
 * are not valid UTF-8 or a character crosses an entry boundary.
 */
function unitOffsets(bytes: Uint8Array, offsets: Int32Array, length: number): Int32Array | null {
  const units = new Int32Array(length + 1)
  let u = 0
  let at = offsets[0]
  for (let i = 0; i < length; i++) {
    const end = offsets[i + 1]
    while (at < end) {
      const b = bytes[at]
      const size =
        b < 0x80
          ? 1
          : b >= 0xc2 && b <= 0xdf
            ? 2
            : b >= 0xe0 && b <= 0xef
              ? 3
              : b >= 0xf0 && b <= 0xf4
                ? 4
                : 0
      if (size === 0 || at + size > end) return null
      if (size > 1) {
        if (!firstContinuation(b, bytes[at + 1])) return null
        for (let k = 2; k < size; k++) if ((bytes[at + k] & 0xc0) !== 0x80) return null
      }
      u += size === 4 ? 2 : 1
      at += size
    }
    units[i + 1] = u
  }
  return units
}

/** The strings of an Arrow Utf8 vector (a dictionary's entries): unpackUtf8 on its one chunk. */
export function utf8Strings(v: arrow.Vector | undefined | null): string[] {
  if (!v) return []
  const d = v.data[0]
  if (
    v.data.length !== 1 ||
    d.offset !== 0 ||
    d.nullCount !== 0 ||
    !(d.values instanceof Uint8Array) ||
    !(d.valueOffsets instanceof Int32Array)
  )
    return v.toArray() as unknown as string[]
  return unpackUtf8({ offsets: d.valueOffsets, bytes: d.values }, d.length)
}
