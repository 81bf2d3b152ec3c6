// ops/parse-kv-match.ts: parse-kv's three extraction modes over one text (delimited, words, regex):
// each cuts the text into raw key/value pairs; keys and values are trimmed and unquoted, the first pair
// of a listed key wins, a key absent (or a value that does not convert) is null. Every text matches.
import { RE2JS } from 're2js'
import type { AplType } from '../../catalog/index.ts'
import type { KvQuote, KvSplit, ParseMatcher } from '../../plan/index.ts'
import type { Cell } from '../result.ts'
import { convertCapture, type TextMatcher } from './parse-capture.ts'

type KvMatcher = Extract<ParseMatcher, { kind: 'kv' }>

/** Receives one raw pair; returns false once no further pair is wanted. */
type PairSink = (key: string, value: string) => boolean

/** Calls `sink` with the raw pairs of `text` in order, until it returns false (`isKey`: a raw key names a listed key). */
type PairReader = (text: string, isKey: (raw: string) => boolean, sink: PairSink) => void

const READERS: {
  readonly [K in KvSplit['kind']]: (m: KvMatcher, split: Extract<KvSplit, { kind: K }>) => PairReader
} = {
  delimited: (m, s) => (text, _isKey, sink) => delimitedPairs(text, s, m.quotes, m.escape, sink),
  words: (m) => (text, isKey, sink) => wordPairs(text, m.quotes, m.escape, isKey, sink),
  regex: (_m, s) => {
    const re = RE2JS.compile(s.pattern)
    return (text, _isKey, sink) => {
      const found = re.matcher(text)
      while (found.find()) {
        const key = found.group(1)
        if (key !== null && !sink(key, found.group(2) ?? '')) return
      }
    }
  },
}

/** The matcher of a parse-kv node for keys typed `types` (see module header). */
export function kvMatcher(m: KvMatcher, types: readonly AplType[]): TextMatcher {
  const slot = new Map(m.keys.map((k, i) => [k, i] as const))
  const read = (READERS[m.split.kind] as (m: KvMatcher, s: KvSplit) => PairReader)(m, m.split)
  const isKey = (raw: string) => slot.has(unquote(raw.trim(), m.quotes, m.escape))
  return (text) => {
    const out: Cell[] = new Array(types.length).fill(null)
    const filled = new Uint8Array(types.length)
    let left = types.length
    read(text, isKey, (rawKey, rawValue) => {
      const k = slot.get(unquote(rawKey.trim(), m.quotes, m.escape))
      if (k === undefined || filled[k] === 1) return true
      filled[k] = 1
      out[k] = convertCapture(types[k], unquote(rawValue.trim(), m.quotes, m.escape)) ?? null
      return --left > 0
    })
    return out
  }
}

/** The index just past the quoted run opening at `at`, or -1 when no quote opens there. */
function quotedEnd(text: string, at: number, quotes: readonly KvQuote[], escapes: string): number {
  const q = quotes.find((x) => x.open === text[at])
  if (q === undefined) return -1
  for (let i = at + 1; i < text.length; i++) {
    if (escapes.includes(text[i])) i++
    else if (text[i] === q.close) return i + 1
  }
  return text.length
}

/** The first index ≥ `from` where `needle` starts outside a quoted run, or -1. */
function findOutsideQuotes(
  text: string,
  needle: string,
  from: number,
  quotes: readonly KvQuote[],
  escapes: string,
): number {
  for (let i = from; i < text.length; ) {
    const end = quotes.length === 0 ? -1 : quotedEnd(text, i, quotes, escapes)
    if (end >= 0) i = end
    else if (text.startsWith(needle, i)) return i
    else i++
  }
  return -1
}

/**
 * Delimited mode: pieces cut at the pair delimiter outside quotes, each split at its first key delimiter
 * outside quotes (a piece without one holds no pair); greedy: such a piece is rejoined to the one before.
 */
function delimitedPairs(
  text: string,
  s: Extract<KvSplit, { kind: 'delimited' }>,
  quotes: readonly KvQuote[],
  escapes: string,
  sink: PairSink,
): void {
  let pending: { key: string; valueFrom: number } | null = null
  let start = 0
  while (start <= text.length) {
    const cut = findOutsideQuotes(text, s.pairDelimiter, start, quotes, escapes)
    const end = cut < 0 ? text.length : cut
    const piece = text.slice(start, end)
    const at = findOutsideQuotes(piece, s.kvDelimiter, 0, quotes, escapes)
    if (at >= 0 || !s.greedy) {
      if (
        pending !== null &&
        !sink(pending.key, text.slice(pending.valueFrom, start - s.pairDelimiter.length))
      )
        return
      pending = null
      if (at >= 0) {
        const key = piece.slice(0, at)
        const valueFrom = start + at + s.kvDelimiter.length
        if (s.greedy) pending = { key, valueFrom }
        else if (!sink(key, text.slice(valueFrom, end))) return
      }
    }
    if (cut < 0) break
    start = cut + s.pairDelimiter.length
  }
  if (pending !== null) sink(pending.key, text.slice(pending.valueFrom))
}

/** A maximal run of letters and digits (any script). */
const WORD = /[\p{L}\p{N}]+/uy

/**
 * Words mode: the text as a sequence of words (quoted runs, or runs of letters and digits; every other
 * character delimits); a word naming a listed key takes the word after it as its value, other words
 * are skipped.
 */
function wordPairs(
  text: string,
  quotes: readonly KvQuote[],
  escapes: string,
  isKey: (raw: string) => boolean,
  sink: PairSink,
): void {
  let key: string | null = null
  for (let i = 0; i < text.length; ) {
    let end = quotes.length === 0 ? -1 : quotedEnd(text, i, quotes, escapes)
    if (end < 0) {
      WORD.lastIndex = i
      end = WORD.test(text) ? WORD.lastIndex : -1
    }
    if (end < 0) {
      i++
      continue
    }
    const word = text.slice(i, end)
    i = end
    if (key !== null) {
      if (!sink(key, word)) return
      key = null
    } else if (isKey(word)) key = word
  }
}

/** A value wrapped in one quote pair, unwrapped, its escape characters dropped (each keeps the next). */
function unquote(v: string, quotes: readonly KvQuote[], escapes: string): string {
  if (v.length < 2) return v
  const q = quotes.find((x) => x.open === v[0])
  if (q === undefined || v[v.length - 1] !== q.close) return v
  const inner = v.slice(1, -1)
  if (escapes === '') return inner
  let out = ''
  for (let i = 0; i < inner.length; i++) {
    if (escapes.includes(inner[i]) && i + 1 < inner.length) i++
    out += inner[i]
  }
  return out
}
