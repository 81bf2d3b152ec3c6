// exec/kernels/regex/regex-functions.ts: countof_regex, replace_regex (and replace), trim_regex,
// trim_start_regex, trim_end_regex, regex_quote and indexof_regex, RE2 semantics (re2js, linear
// time). The pattern is a constant (catalog), compiled once; with the text the only varying argument
// each function runs once per dictionary entry (kernel-authoring helper).
import type { RE2JS } from 're2js'
import { scalarKernel } from '../executor/index.ts'
import { cachedRegex, codePointIndex, eachMatch } from './regex-matches.ts'

/** Matches of `pattern` in `text` (null for an invalid pattern, as every function here). */
export function countRegex(pattern: string, text: string): number | null {
  const re = cachedRegex(pattern)
  if (re === null) return null
  let n = 0
  eachMatch(re, text, () => {
    n++
    return true
  })
  return n
}

/**
 * `rewrite` for one match: `$N` (the longest run of digits) is group N ("" when it did not take part
 * or does not exist), `${N}` and `${name}` likewise, `$$` a dollar; any other `$` is literal.
 */
function expand(rewrite: string, re: RE2JS, m: ReturnType<RE2JS['matcher']>): string {
  let out = ''
  for (let i = 0; i < rewrite.length; i++) {
    const c = rewrite[i]
    if (c !== '$' || i + 1 >= rewrite.length) {
      out += c
      continue
    }
    const rest = rewrite.slice(i + 1)
    const digits = /^\d+/.exec(rest)
    const braced = /^\{(\w+)\}/.exec(rest)
    if (rest[0] === '$') {
      out += '$'
      i++
    } else if (digits !== null || braced !== null) {
      const ref = digits !== null ? digits[0] : (braced as RegExpExecArray)[1]
      out += groupText(re, m, ref)
      i += digits !== null ? digits[0].length : (braced as RegExpExecArray)[0].length
    } else out += c
  }
  return out
}

function groupText(re: RE2JS, m: ReturnType<RE2JS['matcher']>, ref: string): string {
  if (/^\d+$/.test(ref)) {
    const g = Number(ref)
    return g <= re.groupCount() ? (m.group(g) ?? '') : ''
  }
  return Object.hasOwn(re.namedGroups(), ref) ? (m.group(ref) ?? '') : ''
}

/** Every match of `pattern` in `text` replaced by `rewrite` expanded for it. */
export function replaceRegex(pattern: string, rewrite: string, text: string): string | null {
  const re = cachedRegex(pattern)
  if (re === null) return null
  let out = ''
  let last = 0
  eachMatch(re, text, (m) => {
    out += text.slice(last, m.start()) + expand(rewrite, re, m)
    last = m.end()
    return true
  })
  return last === 0 && out === '' ? text : out + text.slice(last)
}

/** `text` without a match of `pattern` at its start and/or its end. */
export function trimRegex(pattern: string, text: string, start: boolean, end: boolean): string | null {
  if (cachedRegex(pattern) === null) return null
  let s = text
  if (start) {
    const m = cachedRegex(`\\A(?:${pattern})`)?.matcher(s)
    if (m?.find(0)) s = s.slice(m.end())
  }
  if (end) {
    const m = cachedRegex(`(?:${pattern})\\z`)?.matcher(s)
    if (m?.find(0)) s = s.slice(0, m.start())
  }
  return s
}

const META = /[\\.+*?()|[\]{}^$]/g

/** `s` with every RE2 metacharacter escaped (Go's regexp.QuoteMeta). */
export function quoteRegex(s: string): string {
  return s.replace(META, (c) => `\\${c}`)
}

/**
 * The code point index of the `occurrence`-th match of `pattern` in the code points
 * `[start, start + length)` of `text` (length -1 = to the end), or -1; null for start < 0,
 * occurrence < 1 or length < -1 (Axiom's page).
 */
export function indexOfRegex(
  text: string,
  pattern: string,
  start: number,
  occurrence: number,
  length: number,
): number | null {
  const re = cachedRegex(pattern)
  if (re === null || start < 0 || occurrence < 1 || length < -1) return null
  const cps = [...text]
  if (start > cps.length) return -1
  const end = length === -1 ? cps.length : Math.min(cps.length, start + length)
  const part = cps.slice(start, end).join('')
  let seen = 0
  let at = -1
  eachMatch(re, part, (m) => {
    if (++seen < occurrence) return true
    at = start + codePointIndex(part, m.start())
    return false
  })
  return at
}

/** Regex function kernels keyed by scalar kernel key. */
export const REGEX_FUNCTION_KERNELS = {
  countof_regex: scalarKernel({ args: ['string', 'string'], returns: 'long', fn: countRegex }),
  replace_regex: scalarKernel({ args: ['string', 'string', 'string'], returns: 'string', fn: replaceRegex }),
  trim_regex: scalarKernel({
    args: ['string', 'string'],
    returns: 'string',
    fn: (p, s) => trimRegex(p, s, true, true),
  }),
  trim_start_regex: scalarKernel({
    args: ['string', 'string'],
    returns: 'string',
    fn: (p, s) => trimRegex(p, s, true, false),
  }),
  trim_end_regex: scalarKernel({
    args: ['string', 'string'],
    returns: 'string',
    fn: (p, s) => trimRegex(p, s, false, true),
  }),
  regex_quote: scalarKernel({ args: ['string'], returns: 'string', fn: quoteRegex }),
  indexof_regex: scalarKernel({
    args: ['string', 'string', 'long?', 'long?', 'long?'],
    returns: 'long',
    fn: (s, p, start, occurrence, length) => indexOfRegex(s, p, start ?? 0, occurrence ?? 1, length ?? -1),
  }),
}
