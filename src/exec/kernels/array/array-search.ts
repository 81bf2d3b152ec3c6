// exec/kernels/array/array-search.ts: array functions that look into elements: array_index_of,
// array_select_dict, array_extract, array_sum, array_sort_asc/desc, strcat_array, and the set functions
// (set_has_element, set_union, set_intersect, set_difference; distinct by value, first order kept).
import { checkStringSize } from '../../guard.ts'
import type { CellJson } from '../../result.ts'
import { formatReal } from '../conversion/to-string.ts'
import { scalarKernel } from '../executor/index.ts'
import type { Kernel } from '../kernel.ts'
import { compareJson, distinctKey, follow, isBag, parsePath, sameJson } from './json-values.ts'

type Json = CellJson
const arr = (j: Json): readonly Json[] | null => (Array.isArray(j) ? (j as Json[]) : null)

/**
 * array_index_of(a, v [, start [, length [, occurrence]]]): the index of the occurrence-th element
 * equal to v in the window [start, start+length) (negative start from the end; length -1 unlimited);
 * -1 when absent; null for a non-array or a non-positive occurrence (rule 97).
 */
export function indexOf(a: Json, v: Json, start = 0, length = -1, occurrence = 1): number | null {
  const xs = arr(a)
  if (xs === null || occurrence < 1) return null
  const from = Math.max(0, start < 0 ? xs.length + start : start)
  const to = length < 0 ? xs.length : Math.min(xs.length, from + length)
  let seen = 0
  for (let i = from; i < to; i++) if (sameJson(xs[i], v) && ++seen === occurrence) return i
  return -1
}

/** Sorted copy, nulls last (rule 95); a non-array gives an empty array (Axiom). */
function sorted(a: Json, desc: boolean): Json {
  const xs = arr(a)
  if (xs === null) return []
  const vals = xs.filter((x) => x !== null)
  vals.sort((x, y) => (desc ? compareJson(y, x) : compareJson(x, y)))
  return [...vals, ...xs.filter((x) => x === null)]
}

/** The `tostring` text of an element inside strcat_array (null: empty). */
function elementText(x: Json): string {
  if (x === null) return ''
  if (typeof x === 'string') return x
  if (typeof x === 'number') return Number.isSafeInteger(x) && !Object.is(x, -0) ? String(x) : formatReal(x)
  if (typeof x === 'boolean') return x ? 'true' : 'false'
  return JSON.stringify(x)
}

/** The distinct elements of the arrays in order of first appearance, kept by `keep(key)`. */
function distinct(lists: readonly (readonly Json[])[], keep: (k: string) => boolean): Json[] {
  const seen = new Set<string>()
  const out: Json[] = []
  for (const xs of lists)
    for (const x of xs) {
      const k = distinctKey(x)
      if (seen.has(k) || !keep(k)) continue
      seen.add(k)
      out.push(x)
    }
  return out
}

/** A set operation over two arrays (null when either is not an array). */
function setOp(f: (a: readonly Json[], b: readonly Json[]) => Json[]): Kernel {
  return scalarKernel({
    args: ['dynamic', 'dynamic'],
    returns: 'dynamic',
    fn: (a, b) => {
      const [x, y] = [arr(a), arr(b)]
      return x && y ? f(x, y) : null
    },
  })
}

const keys = (xs: readonly Json[]) => new Set(xs.map(distinctKey))

/** Search kernels keyed by kernel key. */
export const ARRAY_SEARCH_KERNELS = {
  array_index_of: scalarKernel({
    args: ['dynamic', 'dynamic', 'long?', 'long?', 'long?'],
    returns: 'long',
    fn: (a, v, s, l, o) => indexOf(a, v, s, l, o),
  }),
  array_select_dict: scalarKernel({
    args: ['dynamic', 'string', 'dynamic'],
    returns: 'dynamic',
    fn: (a, key, v) => arr(a)?.find((x) => isBag(x) && Object.hasOwn(x, key) && sameJson(x[key], v)) ?? null,
  }),
  array_extract: scalarKernel({
    args: ['dynamic', 'string'],
    returns: 'dynamic',
    fn: (a, path) => {
      const steps = parsePath(path)
      const xs = arr(a)
      if (xs === null || steps === null) return null
      return xs.map((x) => follow(x, steps)).filter((x): x is Json => x !== undefined)
    },
  }),
  array_sum: scalarKernel({
    args: ['dynamic'],
    returns: 'real',
    fn: (a) => {
      const xs = arr(a)?.filter((x): x is number => typeof x === 'number') ?? []
      return xs.length === 0 ? null : xs.reduce((s, x) => s + x, 0)
    },
  }),
  array_sort_asc: scalarKernel({
    args: ['dynamic'],
    returns: 'dynamic',
    nulls: 'call',
    fn: (a) => sorted(a, false),
  }),
  array_sort_desc: scalarKernel({
    args: ['dynamic'],
    returns: 'dynamic',
    nulls: 'call',
    fn: (a) => sorted(a, true),
  }),
  strcat_array: scalarKernel({
    args: ['dynamic', 'string?'],
    returns: 'string',
    fn: (a, d) => {
      const texts = arr(a)?.map(elementText)
      if (texts === undefined) return null
      const delimiter = d ?? ''
      // The joined length is known before joining (a long delimiter between many elements).
      let chars = Math.max(0, texts.length - 1) * delimiter.length
      for (const t of texts) chars += t.length
      checkStringSize(chars, 'strcat_array')
      return texts.join(delimiter)
    },
  }),
  set_has_element: scalarKernel({
    args: ['dynamic', 'dynamic'],
    returns: 'bool',
    fn: (a, v) => (arr(a) ? (arr(a) ?? []).some((x) => sameJson(x, v)) : null),
  }),
  set_union: setOp((a, b) => distinct([a, b], () => true)),
  set_intersect: setOp((a, b) => {
    const inB = keys(b)
    return distinct([a], (k) => inB.has(k))
  }),
  set_difference: setOp((a, b) => {
    const inB = keys(b)
    return distinct([a], (k) => !inB.has(k))
  }),
} as const satisfies Record<string, Kernel>
