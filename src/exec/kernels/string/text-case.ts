// exec/kernels/string/text-case.ts: tolower/toupper with Go's per-code-point 1:1 mappings (Axiom is Go):
// a character whose case mapping is not a single code point stays as it is (`ß` stays `ß` in
// toupper, where JS would write `SS`). ASCII-only text takes the native fast path.

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 127) return false
  return true
}

function map1to1(s: string, f: (ch: string) => string): string {
  let out = ''
  for (const ch of s) {
    const m = f(ch)
    out += m.length === ch.length || [...m].length === 1 ? m : ch
  }
  return out
}

/** Upper case, one code point for one. */
export function upperCase(s: string): string {
  return isAscii(s) ? s.toUpperCase() : map1to1(s, (ch) => ch.toUpperCase())
}

/** Lower case, one code point for one. */
export function lowerCase(s: string): string {
  return isAscii(s) ? s.toLowerCase() : map1to1(s, (ch) => ch.toLowerCase())
}
