// storage/ingest/limits.ts: Axiom's per-event ingest limits (api-contract.md §3.2) and the
// cheap UTF-8 size checks that enforce them. Constants only plus one pure helper.

/** Longest accepted field name, in UTF-8 bytes (checked on the flattened, dotted name). */
export const MAX_FIELD_NAME_BYTES = 200

/**
 * Longest string value kept, in UTF-8 bytes. The contract says "1 MB"; we read it as 1 MiB
 * (1,048,576 bytes). Longer strings are replaced by `TOO_LONG_STRING`.
 */
export const MAX_STRING_BYTES = 1_048_576

/** What a string longer than `MAX_STRING_BYTES` is replaced with. */
export const TOO_LONG_STRING = '<invalid string: too long>'

/** What a binary value (a typed array, Buffer or DataView) is replaced with, as Axiom does. */
export const BINARY_VALUE = '<invalid data>'

/**
 * Deepest kept nesting level of objects and arrays. A top-level field's object or array value is
 * level 1; a container at level 101 is cut to null (a cut object vanishes, a cut array element
 * becomes null).
 */
export const MAX_NESTING_DEPTH = 100

/** Strings with at most this many UTF-16 units cannot exceed `MAX_STRING_BYTES` (3 bytes/unit). */
export const STRING_SAFE_UNITS = Math.floor(MAX_STRING_BYTES / 3)

/** Names with at most this many UTF-16 units cannot exceed `MAX_FIELD_NAME_BYTES`. */
export const NAME_SAFE_UNITS = Math.floor(MAX_FIELD_NAME_BYTES / 3)

/** UTF-8 byte length of `s` (lone surrogates count 3, as their U+FFFD replacement). */
export function utf8ByteLength(s: string): number {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x80) n += 1
    else if (c < 0x800) n += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4
        i++
      } else n += 3
    } else n += 3
  }
  return n
}

/** `s`, or `TOO_LONG_STRING` when it exceeds `MAX_STRING_BYTES`. */
export function limitString(s: string): string {
  if (s.length <= STRING_SAFE_UNITS) return s
  return s.length > MAX_STRING_BYTES || utf8ByteLength(s) > MAX_STRING_BYTES ? TOO_LONG_STRING : s
}
