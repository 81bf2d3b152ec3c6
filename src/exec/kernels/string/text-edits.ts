// exec/kernels/string/text-edits.ts: plain-text (no regex) rewrites and measures: replace_string,
// countof, translate, strrep, strcmp, string_size, totitle, quote, strip_ansi_escapes. Per-value
// functions on the kernel-authoring helper: with the other arguments constant they run once per
// dictionary entry of the text.
import { scalarKernel } from '../executor/index.ts'
import { compareStrings } from '../parse-number.ts'
import { upperCase } from './text-case.ts'

/** Most copies `strrep` makes (Axiom: larger multipliers are capped). */
export const STRREP_MAX = 1024

/** Every non-overlapping occurrence of `lookup` replaced, left to right; an empty lookup changes nothing. */
export function replaceString(lookup: string, rewrite: string, text: string): string {
  return lookup === '' ? text : text.split(lookup).join(rewrite)
}

/** Non-overlapping occurrences of `search` in `text`; 0 for an empty search. */
export function countOf(search: string, text: string): number {
  if (search === '') return 0
  let count = 0
  for (let at = text.indexOf(search); at >= 0; at = text.indexOf(search, at + search.length)) count++
  return count
}

/**
 * Each code point of `search` in `source` becomes the code point at the same position of
 * `replacement`, its last one when it is shorter; with an empty replacement they are removed. A code
 * point listed twice maps as its first listing.
 */
export function translate(search: string, replacement: string, source: string): string {
  const from = [...search]
  const to = [...replacement]
  const map = new Map<string, string>()
  for (let i = 0; i < from.length; i++) {
    if (!map.has(from[i])) map.set(from[i], to.length === 0 ? '' : to[Math.min(i, to.length - 1)])
  }
  let out = ''
  for (const ch of source) out += map.get(ch) ?? ch
  return out
}

/** `value` repeated `times` (capped at STRREP_MAX; below 1: empty), `delimiter` between copies. */
export function repeatText(value: string, times: number, delimiter: string): string {
  const k = Math.min(times, STRREP_MAX)
  if (k < 1) return ''
  return delimiter === '' ? value.repeat(k) : new Array<string>(k).fill(value).join(delimiter)
}

/** UTF-8 bytes of `s` (a lone surrogate counts as its 3-byte replacement character). */
export function utf8Size(s: string): number {
  let bytes = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x80) bytes += 1
    else if (c < 0x800) bytes += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 4
        i++
      } else bytes += 3
    } else bytes += 3
  }
  return bytes
}

/** The first character in upper case (a 1:1 mapping, as toupper), the rest as is. */
export function titleFirst(s: string): string {
  if (s === '') return s
  const first = String.fromCodePoint(s.codePointAt(0) as number)
  return upperCase(first) + s.slice(first.length)
}

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '"': '\\"',
  '\\': '\\\\',
}

/** Characters a quoted literal spells as escapes: controls, format characters, separators but ' ', lone surrogates. */
const NON_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Zs}\p{Co}\p{Cs}]$/u

/** `s` as a double-quoted literal: `"` and `\` escaped, control and invisible characters as escapes. */
export function quoteText(s: string): string {
  let out = '"'
  for (const ch of s) {
    const short = SHORT_ESCAPES[ch]
    if (short !== undefined) out += short
    else if (ch === ' ' || !NON_PRINTABLE.test(ch)) out += ch
    else {
      const c = ch.codePointAt(0) as number
      if (c >= 0xd800 && c <= 0xdfff) out += '\\ufffd'
      else if (c < 0x80) out += `\\x${c.toString(16).padStart(2, '0')}`
      else if (c <= 0xffff) out += `\\u${c.toString(16).padStart(4, '0')}`
      else out += `\\U${c.toString(16).padStart(8, '0')}`
    }
  }
  return `${out}"`
}

/**
 * ANSI escape sequences: CSI (`ESC [` parameters, intermediates, a final byte, or the one-byte CSI
 * U+009B), OSC and other strings up to BEL or `ESC \`, and two-character `ESC x` sequences.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: ESC, BEL and CSI are what the pattern matches.
const ANSI = /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|\x1b[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[ -/]*[0-~]/g

/** `s` without its ANSI escape sequences. */
export function stripAnsi(s: string): string {
  return s.includes('\x1b') || s.includes('\x9b') ? s.replace(ANSI, '') : s
}

/** Plain-text edit kernels keyed by scalar kernel key. */
export const TEXT_EDIT_KERNELS = {
  replace_string: scalarKernel({
    args: ['string', 'string', 'string'],
    returns: 'string',
    fn: replaceString,
  }),
  countof: scalarKernel({ args: ['string', 'string'], returns: 'long', fn: countOf }),
  translate: scalarKernel({ args: ['string', 'string', 'string'], returns: 'string', fn: translate }),
  strrep: scalarKernel({
    args: ['string', 'long', 'string?'],
    returns: 'string',
    fn: (v, k, d) => repeatText(v, k, d ?? ''),
  }),
  strcmp: scalarKernel({ args: ['string', 'string'], returns: 'long', fn: compareStrings }),
  string_size: scalarKernel({ args: ['string'], returns: 'long', fn: utf8Size }),
  totitle: scalarKernel({ args: ['string'], returns: 'string', fn: titleFirst }),
  quote: scalarKernel({ args: ['string'], returns: 'string', fn: quoteText }),
  strip_ansi_escapes: scalarKernel({ args: ['string'], returns: 'string', fn: stripAnsi }),
}
