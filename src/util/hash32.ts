// src/util/hash32.ts: the 32-bit hashes shared by stored structures and kernels (bloom filters and
// UTF-8 dictionaries in blocks, `sample`'s row rule, dcount's 64-bit hash): FNV-1a over UTF-8 and
// MurmurHash3's finalizer. Stored filters depend on them: never change their output.

/** FNV-1a 32 over the UTF-8 bytes of `s` (lone surrogates as U+FFFD), without encoding to a buffer. */
export function fnv1aUtf8(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i)
    if (c < 0x80) {
      h = Math.imul(h ^ c, 0x01000193)
      continue
    }
    if (c < 0x800) {
      h = Math.imul(h ^ (0xc0 | (c >> 6)), 0x01000193)
      h = Math.imul(h ^ (0x80 | (c & 0x3f)), 0x01000193)
      continue
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < s.length ? s.charCodeAt(i + 1) : 0
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        const cp = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00)
        i++
        h = Math.imul(h ^ (0xf0 | (cp >> 18)), 0x01000193)
        h = Math.imul(h ^ (0x80 | ((cp >> 12) & 0x3f)), 0x01000193)
        h = Math.imul(h ^ (0x80 | ((cp >> 6) & 0x3f)), 0x01000193)
        h = Math.imul(h ^ (0x80 | (cp & 0x3f)), 0x01000193)
        continue
      }
      c = 0xfffd
    }
    h = Math.imul(h ^ (0xe0 | (c >> 12)), 0x01000193)
    h = Math.imul(h ^ (0x80 | ((c >> 6) & 0x3f)), 0x01000193)
    h = Math.imul(h ^ (0x80 | (c & 0x3f)), 0x01000193)
  }
  return h >>> 0
}

/** MurmurHash3's 32-bit finalizer (a bijection with full avalanche), unsigned. */
export function fmix32(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}
