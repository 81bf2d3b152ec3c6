// storage/block/utf8.ts: packs JS strings into Arrow Utf8 buffers (Int32 offsets + bytes) and
// makes strings well-formed first; Arrow Utf8 must be valid UTF-8, so lone surrogates cannot pass.

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
  // One native encode of the joined text; pairs cannot form across boundaries (inputs well-formed).
  const joined = strings.join('')
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
