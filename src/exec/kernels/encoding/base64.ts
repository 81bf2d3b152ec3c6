// exec/kernels/encoding/base64.ts: base64 (RFC 4648 standard alphabet, padded) to and from UTF-8 text
// and byte arrays, and the Unicode code points of a string. Per-value functions on the helper.
import type { CellJson } from '../../result.ts'
import { scalarKernel } from '../executor/index.ts'

const PADDED = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/
const UTF8 = new TextDecoder('utf-8', { fatal: true })

/** The bytes of padded standard base64, or null when `s` is not that. */
export function base64Bytes(s: string): Uint8Array | null {
  return PADDED.test(s) ? Buffer.from(s, 'base64') : null
}

/** Decoded base64 as UTF-8 text; null when not base64 or not valid UTF-8. */
export function base64ToText(s: string): string | null {
  const bytes = base64Bytes(s)
  if (bytes === null) return null
  try {
    return UTF8.decode(bytes)
  } catch {
    return null
  }
}

/** Base64 of a dynamic array of integers 0–255; "" when it holds anything else (Axiom's page). */
export function base64FromArray(a: CellJson): string | null {
  if (!Array.isArray(a)) return ''
  const bytes = new Uint8Array(a.length)
  for (let i = 0; i < a.length; i++) {
    const b = a[i]
    if (typeof b !== 'number' || !Number.isInteger(b) || b < 0 || b > 255) return ''
    bytes[i] = b
  }
  return Buffer.from(bytes).toString('base64')
}

/** Code points of `s` (a lone surrogate as U+FFFD). */
export function codePointsOf(s: string): number[] {
  const out: number[] = []
  for (const ch of s) {
    const c = ch.codePointAt(0) as number
    out.push(c >= 0xd800 && c <= 0xdfff ? 0xfffd : c)
  }
  return out
}

/** The string of an array of code points; null when an element is not a Unicode scalar value. */
export function textOfCodePoints(a: CellJson): string | null {
  if (!Array.isArray(a)) return null
  let out = ''
  for (const c of a) {
    if (typeof c !== 'number' || !Number.isInteger(c) || c < 0 || c > 0x10ffff) return null
    if (c >= 0xd800 && c <= 0xdfff) return null
    out += String.fromCodePoint(c)
  }
  return out
}

/** Base64 and code point kernels keyed by scalar kernel key. */
export const BASE64_KERNELS = {
  base64_encode_tostring: scalarKernel({
    args: ['string'],
    returns: 'string',
    fn: (s) => Buffer.from(s, 'utf8').toString('base64'),
  }),
  base64_decode_tostring: scalarKernel({ args: ['string'], returns: 'string', fn: base64ToText }),
  base64_decode_toarray: scalarKernel({
    args: ['string'],
    returns: 'dynamic',
    fn: (s) => Array.from(base64Bytes(s) ?? []),
  }),
  base64_encode_fromarray: scalarKernel({ args: ['dynamic'], returns: 'string', fn: base64FromArray }),
  unicode_codepoints_from_string: scalarKernel({ args: ['string'], returns: 'dynamic', fn: codePointsOf }),
  unicode_codepoints_to_string: scalarKernel({ args: ['dynamic'], returns: 'string', fn: textOfCodePoints }),
}
