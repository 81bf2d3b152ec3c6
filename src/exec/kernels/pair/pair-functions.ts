// exec/kernels/pair/pair-functions.ts: pair, parse_pair and find_pair: a pair is the object
// `{key, value, separator}`; text splits at the first separator (default `:`); find_pair matches key and
// value against `*` wildcard patterns (reference rules P1–P3).
import type { CellJson } from '../../result.ts'
import { scalarKernel } from '../executor/index.ts'

const DEFAULT_SEPARATOR = ':'

/** The pair object. */
function pairOf(key: string, value: string, separator: string): CellJson {
  return { key, value, separator }
}

/** `text` split at the first `separator` as [key, value]; without one the key is "" and the value all of `text`. */
function splitPair(text: string, separator: string): [string, string] {
  const at = separator === '' ? -1 : text.indexOf(separator)
  return at < 0 ? ['', text] : [text.slice(0, at), text.slice(at + separator.length)]
}

function parsePair(text: string, separator = DEFAULT_SEPARATOR): CellJson {
  const [key, value] = splitPair(text, separator)
  return pairOf(key, value, separator)
}

/** `*` wildcard patterns as their literal pieces, split once per distinct pattern text (bounded). */
const PIECES = new Map<string, readonly string[]>()
const PIECES_CAP = 256
function piecesOf(pattern: string): readonly string[] {
  let pieces = PIECES.get(pattern)
  if (pieces === undefined) {
    if (PIECES.size >= PIECES_CAP) PIECES.clear()
    pieces = pattern.split('*')
    PIECES.set(pattern, pieces)
  }
  return pieces
}

/** Whether `s` matches the wildcard `pattern`: `*` is any run of characters, the rest literal. */
export function wildcardMatch(s: string, pattern: string): boolean {
  const pieces = piecesOf(pattern)
  const first = pieces[0]
  if (pieces.length === 1) return s === first
  const last = pieces[pieces.length - 1]
  if (!s.startsWith(first) || s.length < first.length + last.length) return false
  let at = first.length
  const end = s.length - last.length
  for (let p = 1; p < pieces.length - 1; p++) {
    const found = s.indexOf(pieces[p], at)
    if (found < 0 || found + pieces[p].length > end) return false
    at = found + pieces[p].length
  }
  return s.endsWith(last)
}

/** The first string element of `array` whose key and value match the patterns, as a pair; else null. */
function findPair(array: CellJson, keyPattern: string, valuePattern: string, separator = DEFAULT_SEPARATOR) {
  if (!Array.isArray(array)) return null
  for (const element of array) {
    if (typeof element !== 'string') continue
    const [key, value] = splitPair(element, separator)
    if (wildcardMatch(key, keyPattern) && wildcardMatch(value, valuePattern))
      return pairOf(key, value, separator)
  }
  return null
}

/** Pair kernels keyed by scalar kernel key. */
export const PAIR_FUNCTION_KERNELS = {
  pair: scalarKernel({
    args: ['string', 'string', 'string?'],
    returns: 'dynamic',
    fn: (key, value, separator) => pairOf(key, value, separator ?? DEFAULT_SEPARATOR),
  }),
  parse_pair: scalarKernel({ args: ['string', 'string?'], returns: 'dynamic', fn: parsePair }),
  find_pair: scalarKernel({
    args: ['dynamic', 'string', 'string', 'string?'],
    returns: 'dynamic',
    fn: findPair,
  }),
}
