// test/reference/scalar/string-edits.ts: the reference's plain-text string functions (trim*, replace_string,
// countof, translate, strrep, strcmp, string_size, totitle, quote, strip_ansi_escapes, format_bytes,
// parse_bytes), row at a time over code points, written from Axiom's pages (rules S1–S9 in README.md).

import { upper } from '../strings.ts'
import type { Value } from '../values.ts'
import { type FamilyImpls, int, strict, text } from './define.ts'

/** Unicode white space as Go's unicode.IsSpace sees it (rule S1). */
const GO_SPACES = new Set([
  ...'\t\n\v\f\r \u0085\u00a0\u1680\u2028\u2029\u202f\u205f\u3000',
  ...Array.from({ length: 11 }, (_, k) => String.fromCodePoint(0x2000 + k)),
])

/** Drops the code points `drop` accepts from the chosen ends. */
function strip(s: string, drop: (ch: string) => boolean, left: boolean, right: boolean): string {
  const cps = [...s]
  let a = 0
  let b = cps.length
  while (left && a < b && drop(cps[a])) a++
  while (right && b > a && drop(cps[b - 1])) b--
  return cps.slice(a, b).join('')
}

const cutset =
  (left: boolean, right: boolean) =>
  ([c, s]: readonly Value[]): Value =>
    strip(text(s), (ch) => [...text(c)].includes(ch), left, right)

/** Occurrences of `needle` scanned left to right, each resuming after the previous (rule S2). */
function occurrences(needle: string, hay: string): number {
  if (needle === '') return 0
  let n = 0
  let i = 0
  while (true) {
    const at = hay.indexOf(needle, i)
    if (at < 0) return n
    n++
    i = at + needle.length
  }
}

/** Rule S3. */
function translateChars(search: string, repl: string, src: string): string {
  const s = [...search]
  const r = [...repl]
  return [...src]
    .map((ch) => {
      const k = s.indexOf(ch)
      if (k < 0) return ch
      return r.length === 0 ? '' : r[Math.min(k, r.length - 1)]
    })
    .join('')
}

/** Code point order (UTF-8 byte order). */
function codePointOrder(a: string, b: string): number {
  const x = [...a].map((c) => c.codePointAt(0) as number)
  const y = [...b].map((c) => c.codePointAt(0) as number)
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] < y[i] ? -1 : 1
  return Math.sign(x.length - y.length)
}

/** Rule S5: Go strconv.Quote-style escapes. */
function quoted(s: string): string {
  const named: Record<string, string> = {
    '\u0007': 'a',
    '\u0008': 'b',
    '\u000c': 'f',
    '\n': 'n',
    '\r': 'r',
    '\t': 't',
    '\u000b': 'v',
    '"': '"',
    '\\': '\\',
  }
  let out = ''
  for (const ch of s) {
    const cp = ch.codePointAt(0) as number
    if (named[ch] !== undefined) out += `\\${named[ch]}`
    else if (ch !== ' ' && /[\p{C}\p{Z}]/u.test(ch) && !/\p{Cn}/u.test(ch)) {
      const hex = cp.toString(16)
      if (cp >= 0xd800 && cp <= 0xdfff) out += '\\ufffd'
      else if (cp < 128) out += `\\x${hex.padStart(2, '0')}`
      else if (cp < 0x10000) out += `\\u${hex.padStart(4, '0')}`
      else out += `\\U${hex.padStart(8, '0')}`
    } else out += ch
  }
  return `"${out}"`
}

/** Rule S6: ECMA-48 escape sequences. */
function withoutAnsi(s: string): string {
  const cps = [...s]
  let out = ''
  let i = 0
  const inRange = (ch: string | undefined, lo: number, hi: number) =>
    ch !== undefined && (ch.codePointAt(0) as number) >= lo && (ch.codePointAt(0) as number) <= hi
  while (i < cps.length) {
    const ch = cps[i]
    const csi = ch === '\u009b' || (ch === '\u001b' && cps[i + 1] === '[')
    if (csi) {
      let j = ch === '\u009b' ? i + 1 : i + 2
      while (inRange(cps[j], 0x30, 0x3f)) j++
      while (inRange(cps[j], 0x20, 0x2f)) j++
      if (inRange(cps[j], 0x40, 0x7e)) {
        i = j + 1
        continue
      }
    } else if (ch === '\u001b' && ']PX^_'.includes(cps[i + 1] ?? '!')) {
      let j = i + 2
      while (j < cps.length && cps[j] !== '\u0007' && cps[j] !== '\u001b') j++
      if (cps[j] === '\u0007') j++
      else if (cps[j] === '\u001b' && cps[j + 1] === '\\') j += 2
      i = j
      continue
    } else if (ch === '\u001b') {
      let j = i + 1
      while (inRange(cps[j], 0x20, 0x2f)) j++
      if (inRange(cps[j], 0x30, 0x7e)) {
        i = j + 1
        continue
      }
    }
    out += ch
    i++
  }
  return out
}

const UNIT_LETTERS = ['k', 'm', 'g', 't', 'p', 'e', 'z', 'y']

/** A unit text → bytes per unit (rule S7), or null when it is not one. */
function unitBytes(u: string, base: number): number | null {
  const t = u.toLowerCase()
  if (['b', 'byte', 'bytes'].includes(t)) return 1
  const k = UNIT_LETTERS.indexOf(t.charAt(0)) + 1
  if (k === 0) return null
  if (t.length === 3 && t.endsWith('ib')) return 1024 ** k
  if (t.length === 2 && t.endsWith('b')) return (base === 10 ? 1000 : 1024) ** k
  return null
}

/** Rule S7. */
function formatBytes(args: readonly Value[]): Value {
  const [v, p, u, b] = args
  if (v === null || (args.length > 1 && p === null) || (args.length > 2 && u === null)) return null
  if (args.length > 3 && b === null) return null
  const value = Number(v)
  const decimals = args.length > 1 ? int(p) : 0
  const base = args.length > 3 ? int(b) : 2
  if ((base !== 2 && base !== 10) || decimals < 0 || decimals > 20 || !Number.isFinite(value)) return null
  const units = args.length > 2 ? text(u).trim() : ''
  const per = units === '' ? null : unitBytes(units, base)
  if (per !== null) return `${(value / per).toFixed(decimals)} ${per === 1 ? 'Bytes' : units}`
  const names =
    base === 2
      ? ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB']
      : ['Bytes', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB']
  const k = base === 2 ? 1024 : 1000
  let i = 0
  while (i < names.length - 1 && Math.abs(value) >= k ** (i + 1)) i++
  return `${(value / k ** i).toFixed(decimals)} ${names[i]}`
}

/** Rule S8. */
function parseBytes(args: readonly Value[]): Value {
  const base = args.length > 1 ? int(args[1]) : 2
  if (base !== 2 && base !== 10) return null
  const m = /^\s*\+?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*([A-Za-z]*)\s*$/.exec(text(args[0]))
  if (m === null) return 0n
  const per = m[3] === '' ? 1 : unitBytes(m[3], base)
  if (per === null) return 0n
  const bytes = Math.trunc(Number(m[1] + (m[2] ?? '')) * per)
  return Number.isSafeInteger(bytes) ? BigInt(bytes) : 0n
}

/** The plain-text string functions. */
export const STRING_EDITS: FamilyImpls<'string'> = {
  trim: strict(cutset(true, true)),
  trim_start: strict(cutset(true, false)),
  trim_end: strict(cutset(false, true)),
  trim_space: strict(([s]) => strip(text(s), (ch) => GO_SPACES.has(ch), true, true)),
  replace_string: strict(([l, r, s]) => (text(l) === '' ? text(s) : text(s).replaceAll(text(l), text(r)))),
  countof: strict(([needle, hay]) => BigInt(occurrences(text(needle), text(hay)))),
  translate: strict(([a, b, s]) => translateChars(text(a), text(b), text(s))),
  strrep: strict(([v, k, d]) => {
    const times = Math.min(int(k), 1024)
    return times < 1 ? '' : Array.from({ length: times }, () => text(v)).join(d === undefined ? '' : text(d))
  }),
  strcmp: strict(([a, b]) => BigInt(codePointOrder(text(a), text(b)))),
  string_size: strict(([s]) => BigInt(new TextEncoder().encode(text(s)).length)),
  totitle: strict(([s]) => {
    const [first = '', ...rest] = [...text(s)]
    return upper(first) + rest.join('')
  }),
  quote: strict(([s]) => quoted(text(s))),
  strip_ansi_escapes: strict(([s]) => withoutAnsi(text(s))),
  format_bytes: formatBytes,
  parse_bytes: strict(parseBytes),
}
