// ops/parse-match.ts: one source text → the captured cells of parse/parse-where (the pattern's RE2
// regex, named groups) or parse-kv (pairs split at the delimiters, quotes honoured), and the typed
// conversion of a captured text. Pure functions of the text: the operator calls them once per entry.
import { RE2JS } from 're2js'
import type { AplType } from '../../catalog/index.ts'
import { captureGroup, type ParseMatcher, patternRegex } from '../../plan/index.ts'
import { parseDurationText, parseTimeAuto } from '../../util/time/index.ts'
import { parseNumber } from '../kernels/parse-number.ts'
import type { Cell } from '../result.ts'

/** The cells of one text (one per capture), or null when the text does not match. */
export type TextMatcher = (text: string) => Cell[] | null

const INTEGER = /^[+-]?[0-9]+$/

/** `text` as a value of `type`; undefined when it is not one. */
export function convertCapture(type: AplType, text: string): Cell | undefined {
  switch (type) {
    case 'string':
    case 'unknown':
      return text
    case 'long': {
      if (!INTEGER.test(text)) return undefined
      const n = Number(text)
      return Number.isSafeInteger(n) ? n : BigInt.asIntN(64, BigInt(text))
    }
    case 'real':
      return parseNumber(text) ?? undefined
    case 'bool': {
      const t = text.toLowerCase()
      return t === 'true' ? true : t === 'false' ? false : undefined
    }
    case 'datetime':
      return parseTimeAuto(text.trim()) ?? undefined
    case 'timespan':
      return parseDurationText(text.trim()) ?? undefined
    case 'dynamic':
      try {
        return JSON.parse(text) as Cell
      } catch {
        return text
      }
  }
}

/** The matcher of a Parse node's `matcher` for captures typed `types`. */
export function textMatcher(m: ParseMatcher, types: readonly AplType[]): TextMatcher {
  return m.kind === 'kv' ? kvMatcher(m, types) : patternMatcher(m, types)
}

function patternMatcher(
  m: Extract<ParseMatcher, { kind: 'pattern' }>,
  types: readonly AplType[],
): TextMatcher {
  const re = RE2JS.compile(patternRegex(m.items, m.mode, m.flags))
  const strict = m.mode !== 'relaxed'
  return (text) => {
    const found = re.matcher(text)
    if (!found.find()) return null
    const out: Cell[] = new Array(types.length)
    for (let k = 0; k < types.length; k++) {
      const t = found.group(captureGroup(k))
      const v = t === null ? undefined : convertCapture(types[k], t)
      if (v === undefined && strict) return null
      out[k] = v ?? null
    }
    return out
  }
}

/**
 * parse-kv: pairs split at `pairDelimiter` (outside quotes), each at its first `kvDelimiter`; keys and
 * values trimmed, a quoted value unquoted; the first pair of a key wins; a key absent (or a value that
 * does not convert) is null. Every text matches.
 */
function kvMatcher(m: Extract<ParseMatcher, { kind: 'kv' }>, types: readonly AplType[]): TextMatcher {
  const slot = new Map(m.keys.map((k, i) => [k, i] as const))
  return (text) => {
    const out: Cell[] = new Array(types.length).fill(null)
    const filled = new Uint8Array(types.length)
    const pieces = splitOutsideQuotes(text, m.pairDelimiter, m.quote, m.escape)
    for (const pair of m.greedy ? joinKeyless(pieces, m.pairDelimiter, m.kvDelimiter) : pieces) {
      const at = pair.indexOf(m.kvDelimiter)
      if (at < 0) continue
      const k = slot.get(pair.slice(0, at).trim())
      if (k === undefined || filled[k] === 1) continue
      filled[k] = 1
      out[k] =
        convertCapture(types[k], unquote(pair.slice(at + m.kvDelimiter.length).trim(), m.quote, m.escape)) ??
        null
    }
    return out
  }
}

/** greedy: each piece without a key delimiter rejoined (with the pair delimiter) to the piece before it. */
function joinKeyless(pieces: readonly string[], pairDelimiter: string, kvDelimiter: string): string[] {
  const out: string[] = []
  for (const p of pieces) {
    if (out.length > 0 && !p.includes(kvDelimiter)) out[out.length - 1] += pairDelimiter + p
    else out.push(p)
  }
  return out
}

/** `text` split at each `delimiter` not inside a quoted run (where an escape character hides the next). */
function splitOutsideQuotes(text: string, delimiter: string, quotes: string, escapes: string): string[] {
  const out: string[] = []
  let start = 0
  let open = ''
  for (let i = 0; i < text.length; ) {
    const c = text[i]
    if (open !== '') {
      if (escapes.includes(c)) i++
      else if (c === open) open = ''
      i++
    } else if (quotes.includes(c)) {
      open = c
      i++
    } else if (text.startsWith(delimiter, i)) {
      out.push(text.slice(start, i))
      i += delimiter.length
      start = i
    } else i++
  }
  out.push(text.slice(start))
  return out
}

/** A value wrapped in one quote character, unwrapped, its escape characters dropped (each keeps the next). */
function unquote(v: string, quotes: string, escapes: string): string {
  if (v.length < 2 || !quotes.includes(v[0]) || v[v.length - 1] !== v[0]) return v
  const inner = v.slice(1, -1)
  if (escapes === '') return inner
  let out = ''
  for (let i = 0; i < inner.length; i++) {
    if (escapes.includes(inner[i]) && i + 1 < inner.length) i++
    out += inner[i]
  }
  return out
}
