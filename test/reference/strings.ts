// test/reference/strings.ts: text rules of the oracle: per-code-point case mapping, Kusto/Axiom
// terms for `has` (apl-reference §5.2 term rules), and RE2 patterns run through JS RegExp, with
// the RE2-only and JS-only constructs translated or refused. Never matches by UTF-16 unit.

/** Maps each code point by `map` when that yields exactly one code point (Go's 1:1 rune mapping). */
function mapCodePoints(s: string, map: (ch: string) => string): string {
  let out = ''
  for (const ch of s) {
    const m = map(ch)
    out += [...m].length === 1 ? m : ch
  }
  return out
}

/** `toupper`: per code point, 1:1 mappings only (`ß` stays `ß`, as Go's unicode.ToUpper). */
export function upper(s: string): string {
  return mapCodePoints(s, (ch) => ch.toUpperCase())
}

/** `tolower`: per code point, 1:1 mappings only (`İ` stays `İ`). */
export function lower(s: string): string {
  return mapCodePoints(s, (ch) => ch.toLowerCase())
}

/**
 * Case folding for the case-insensitive operators: upper then lower per code point (1:1 only), so
 * `ſ`, `S` and `s` fold together and the Kelvin sign `K` folds with `k` (Go EqualFold's orbits).
 */
export function fold(s: string): string {
  return lower(upper(s))
}

const WORD = /^[\p{L}\p{N}]$/u

/** True when `ch` (one code point) belongs to a term: a Unicode letter or digit. */
export function isTermChar(ch: string | undefined): boolean {
  return ch !== undefined && WORD.test(ch)
}

/** Where a term match must sit: whole term(s), start of a term, or end of a term. */
export type TermAnchor = 'whole' | 'prefix' | 'suffix'

/**
 * Term match (`has`, `hasprefix`, `hassuffix`): `needle` occurs in `text` where it does not extend a
 * term: at its start the character before is not a term character (or the needle starts with a
 * separator), at its end likewise. A single-term needle therefore matches whole terms only;
 * a needle with separators (`.docx`, `foo bar`) matches as a boundary-aligned phrase. An empty
 * needle matches nothing (a term is never empty). Code points, case as given.
 */
export function hasTerm(text: string, needle: string, anchor: TermAnchor): boolean {
  const t = [...text]
  const n = [...needle]
  if (n.length === 0) return false
  for (let i = 0; i + n.length <= t.length; i++) {
    let same = true
    for (let k = 0; k < n.length && same; k++) same = t[i + k] === n[k]
    if (!same) continue
    const startOk = !(isTermChar(t[i - 1]) && isTermChar(n[0]))
    const endOk = !(isTermChar(t[i + n.length]) && isTermChar(n[n.length - 1]))
    if (anchor === 'whole' ? startOk && endOk : anchor === 'prefix' ? startOk : endOk) return true
  }
  return false
}

/** A regex the oracle cannot or must not run: RE2 rejects it, or JS cannot express it faithfully. */
export class RegexError extends Error {
  override readonly name = 'RegexError'
}

const JS_SYNTAX = new Set('^$\\.*+?()[]{}|/'.split(''))
const RE2_SPACE = '\\t\\n\\f\\r '

function escapeLiteral(s: string): string {
  return [...s].map((ch) => (JS_SYNTAX.has(ch) || ch === '-' ? `\\${ch}` : ch)).join('')
}

/** One escape `\x…` starting at `i`; returns the JS text and the index after it. */
function translateEscape(p: string, i: number, inClass: boolean): [string, number] {
  const d = p[i + 1]
  if (d === undefined) throw new RegexError('trailing backslash')
  if (/[1-9]/.test(d) || d === 'k') throw new RegexError(`backreference \\${d}: RE2 does not support it`)
  if (d === 'Q') {
    const end = p.indexOf('\\E', i + 2)
    const stop = end < 0 ? p.length : end
    return [escapeLiteral(p.slice(i + 2, stop)), end < 0 ? p.length : end + 2]
  }
  if (!inClass && d === 'A') return ['(?<![\\s\\S])', i + 2]
  if (!inClass && d === 'z') return ['(?![\\s\\S])', i + 2]
  if (d === 's') return [inClass ? RE2_SPACE : `[${RE2_SPACE}]`, i + 2]
  if (d === 'S') {
    if (inClass) throw new RegexError('\\S inside a character class is not supported by the oracle')
    return [`[^${RE2_SPACE}]`, i + 2]
  }
  if ((d === 'p' || d === 'P') && p[i + 2] !== '{') return [`\\${d}{${p[i + 2]}}`, i + 3]
  if (d === 'x' && p[i + 2] === '{') {
    const end = p.indexOf('}', i + 3)
    return [`\\u{${p.slice(i + 3, end)}}`, end + 1]
  }
  if (/[A-Za-z0-9]/.test(d)) return [`\\${d}`, i + 2]
  // RE2 lets any punctuation be escaped; JS's unicode mode only allows its syntax characters.
  if (JS_SYNTAX.has(d) || (inClass && d === '-')) return [`\\${d}`, i + 2]
  return [d, i + 2]
}

/** `(?…` at `i` outside a class: named groups, non-capturing groups; lookaround and mid flags refused. */
function translateGroup(p: string, i: number): [string, number] {
  const rest = p.slice(i + 2)
  if (rest.startsWith('P<')) return ['(?<', i + 4]
  if (rest.startsWith(':')) return ['(?:', i + 3]
  if (/^(=|!|<=|<!)/.test(rest)) throw new RegexError('lookaround: RE2 does not support it')
  if (rest.startsWith('<')) return ['(?<', i + 3]
  throw new RegexError('inline flags are supported only at the start of the pattern (oracle limitation)')
}

/** RE2 syntax → a JS RegExp source and flags (see module header). */
export function translateRegex(pattern: string): { source: string; flags: string } {
  const lead = /^\(\?([imsU]+)\)/.exec(pattern)
  const flags = new Set(lead === null ? [] : lead[1].split(''))
  if (flags.has('U')) throw new RegexError('the U (ungreedy) flag is not supported by the oracle')
  let i = lead === null ? 0 : lead[0].length
  let out = ''
  let inClass = false
  while (i < pattern.length) {
    const c = pattern[i]
    let piece = c
    let next = i + 1
    if (c === '\\') [piece, next] = translateEscape(pattern, i, inClass)
    else if (inClass) {
      if (c === '[' && pattern[i + 1] === ':')
        throw new RegexError('POSIX classes are not supported by the oracle')
      if (c === ']') inClass = false
    } else if (c === '[') {
      inClass = true
      const negate = pattern[i + 1] === '^'
      piece = negate ? '[^' : '['
      next = negate ? i + 2 : i + 1
      // RE2 reads a `]` right after `[` or `[^` as a literal; JS would close the class.
      if (pattern[next] === ']') {
        piece += '\\]'
        next++
      }
    } else if (c === '(' && pattern[i + 1] === '?') [piece, next] = translateGroup(pattern, i)
    else if (c === '.') piece = flags.has('s') ? '[\\s\\S]' : '[^\\n]'
    out += piece
    i = next
  }
  const js = `u${flags.has('i') ? 'i' : ''}${flags.has('m') ? 'm' : ''}`
  return { source: out, flags: js }
}

const CACHE = new Map<string, RegExp>()

/** The JS RegExp for an RE2 pattern (cached); throws RegexError for constructs it refuses. */
export function compileRegex(pattern: string): RegExp {
  const hit = CACHE.get(pattern)
  if (hit !== undefined) return hit
  const { source, flags } = translateRegex(pattern)
  let re: RegExp
  try {
    re = new RegExp(source, flags)
  } catch (e) {
    throw new RegexError(`invalid regex ${JSON.stringify(pattern)}: ${(e as Error).message}`)
  }
  CACHE.set(pattern, re)
  return re
}
