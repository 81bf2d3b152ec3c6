// syntax/string-literal.ts: decoding of APL string literal tokens (apl-reference §2.3) and the inverse
// quoting used by the printer. Never throws: invalid escapes are reported as a value.

/** Decoded string, or the offending escape sequence and its offset inside the token. */
export type DecodedString =
  | { readonly value: string }
  | { readonly sequence: string; readonly offset: number }

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  "'": "'",
  '"': '"',
  '\\': '\\',
  '/': '/',
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  a: '\u0007',
  '0': '\0',
}

const HEX = /^[0-9a-fA-F]+$/

/** Decodes a StringLiteral token image: `'…'`, `"…"` (escapes) or `@'…'`, `@"…"` (verbatim, doubled quote). */
export function decodeStringLiteral(image: string): DecodedString {
  if (image.charCodeAt(0) === 64 /* @ */) {
    const q = image[1]
    return { value: image.slice(2, -1).replaceAll(q + q, q) }
  }
  const body = image.slice(1, -1)
  if (!body.includes('\\')) return { value: body }
  let out = ''
  for (let i = 0; i < body.length; i++) {
    const c = body[i]
    if (c !== '\\') {
      out += c
      continue
    }
    const e = body[i + 1] ?? ''
    const simple = SIMPLE_ESCAPES[e]
    if (simple !== undefined) {
      out += simple
      i++
      continue
    }
    const width = e === 'u' ? 4 : e === 'U' ? 8 : e === 'x' ? 2 : 0
    const hex = body.slice(i + 2, i + 2 + width)
    const code = width > 0 && hex.length === width && HEX.test(hex) ? Number.parseInt(hex, 16) : -1
    if (code < 0 || code > 0x10ffff) {
      return { sequence: body.slice(i, i + 2 + Math.max(width, 0)), offset: i + 1 }
    }
    out += width === 4 ? String.fromCharCode(code) : String.fromCodePoint(code)
    i += 1 + width
  }
  return { value: out }
}

/** A double-quoted literal for `value` that `decodeStringLiteral` maps back to `value` exactly. */
export function quoteString(value: string): string {
  // JSON escapes exactly what our grammar needs (quote, backslash, control chars, lone surrogates).
  return JSON.stringify(value)
}
