// test/reference/scalar/array.ts: the reference's array functions, row at a time, from Axiom's pages
// (Kusto's where silent) and rules 95–98 of test/reference/README.md. Never imports engine code.

import { formatGoDuration, formatRfc3339Nano } from '../../../src/util/time/index.ts'
import { formatReal } from '../convert.ts'
import { DateTime, type Json, type JsonArray, Timespan, toJson, type Value, valueKey } from '../values.ts'
import { type FamilyImpls, int, text } from './define.ts'

/** The array of a dynamic value, or null. */
const list = (v: Value): JsonArray | null => (Array.isArray(v) ? (v as JsonArray) : null)

/** JSON values compared as values: numbers by number, containers by canonical content. */
const same = (a: Json, b: Json): boolean => valueKey(a as Value) === valueKey(b as Value)

/** A JSON element's identity for set functions (the reference's grouping key). */
const key = (j: Json): string => valueKey(typeof j === 'number' ? j : (j as Value))

/** An optional long argument (undefined or null: the default). */
const optInt = (v: Value | undefined, fallback: number): number =>
  v === undefined || v === null ? fallback : int(v)

/** Rule 100: numbers < strings < booleans < containers (canonical text); nulls last in both orders. */
function rank(j: Json): number {
  return typeof j === 'number' ? 0 : typeof j === 'string' ? 1 : typeof j === 'boolean' ? 2 : 3
}
function order(a: Json, b: Json): number {
  if (rank(a) !== rank(b)) return rank(a) - rank(b)
  if (typeof a === 'number' && typeof b === 'number') return a - b
  const [x, y] =
    typeof a === 'string' || typeof a === 'boolean'
      ? [String(a), String(b)]
      : [valueKey(a as Value), valueKey(b as Value)]
  return x === y ? 0 : x < y ? -1 : 1
}
function sortArray(v: Value, desc: boolean): Value {
  const a = list(v)
  if (a === null) return []
  const nonNull = a.filter((x) => x !== null).sort((x, y) => (desc ? -order(x, y) : order(x, y)))
  return [...nonNull, ...a.filter((x) => x === null)]
}

/** Rule 101: rotation and shifting by index arithmetic. */
function rotated(v: Value, k: number): Value {
  const a = list(v)
  if (a === null) return null
  return a.map((_, i) => a[(((i + k) % a.length) + a.length) % a.length])
}
function shifted(v: Value, k: number, fill: Value | undefined): Value {
  const a = list(v)
  if (a === null) return null
  return a.map((_, i) => (i + k >= 0 && i + k < a.length ? a[i + k] : toJson(fill ?? null)))
}

/** Axiom §7: [start, end), negatives from the end, clamped. */
function sliced(v: Value, s: number, e: number): Value {
  const a = list(v)
  if (a === null) return null
  const clamp = (x: number) => Math.max(0, Math.min(a.length, x < 0 ? x + a.length : x))
  const out: Json[] = []
  for (let i = clamp(s); i < clamp(e); i++) out.push(a[i])
  return out
}

function splitAt(v: Value, at: Value): Value {
  const a = list(v)
  const points = typeof at === 'bigint' ? [Number(at)] : list(at)
  if (a === null || points === null || points.some((p) => typeof p !== 'number')) return null
  const out: Json[] = []
  let from = 0
  for (const p of points as number[]) {
    const q = Math.trunc(p)
    const to = Math.max(from, Math.min(a.length, q < 0 ? q + a.length : q))
    out.push(a.slice(from, to))
    from = to
  }
  out.push(a.slice(from))
  return out
}

/** Rule 102: the occurrence-th match in [start, start+length). */
function indexOf([v, x, s, l, o]: readonly Value[]): Value {
  const a = list(v)
  if (a === null || x === null) return null
  const occurrence = optInt(o, 1)
  if (occurrence < 1) return null
  const start = optInt(s, 0)
  const length = optInt(l, -1)
  const from = Math.max(0, start < 0 ? a.length + start : start)
  const to = length < 0 ? a.length : Math.min(a.length, from + length)
  let seen = 0
  for (let i = from; i < to; i++) {
    if (same(a[i], toJson(x))) {
      seen++
      if (seen === occurrence) return BigInt(i)
    }
  }
  return -1n
}

/** JSONPath steps `$.a['b'][0]`. */
function steps(path: string): (string | number)[] | null {
  if (path[0] !== '$') return null
  const out: (string | number)[] = []
  let rest = path.slice(1)
  while (rest.length > 0) {
    const m = /^(?:\.([^.[\]]+)|\[\s*(-?\d+)\s*\]|\[\s*'([^']*)'\s*\]|\[\s*"([^"]*)"\s*\])/.exec(rest)
    if (!m) return null
    out.push(m[2] !== undefined ? Number(m[2]) : (m[1] ?? m[3] ?? m[4]))
    rest = rest.slice(m[0].length)
  }
  return out
}
export function atPath(j: Json, path: readonly (string | number)[]): Json | undefined {
  let cur: Json | undefined = j
  for (const s of path) {
    if (Array.isArray(cur) && typeof s === 'number') cur = cur[s < 0 ? cur.length + s : s]
    else if (cur !== null && typeof cur === 'object' && !Array.isArray(cur) && typeof s === 'string')
      cur = Object.hasOwn(cur, s) ? (cur as Record<string, Json>)[s] : undefined
    else return undefined
  }
  return cur
}

function extract([v, p]: readonly Value[]): Value {
  const a = list(v)
  const path = steps(text(p))
  if (a === null || path === null) return null
  const out: Json[] = []
  for (const x of a) {
    const hit = atPath(x, path)
    if (hit !== undefined) out.push(hit)
  }
  return out
}

function elementText(x: Json): string {
  if (x === null) return ''
  if (typeof x === 'number') return Number.isSafeInteger(x) && !Object.is(x, -0) ? `${x}` : formatReal(x)
  if (typeof x === 'string') return x
  if (typeof x === 'boolean') return `${x}`
  return JSON.stringify(x)
}

/** Distinct values by key, in order of first appearance. */
function uniq(xs: readonly Json[], keep: (x: Json) => boolean): Json[] {
  const seen: string[] = []
  const out: Json[] = []
  for (const x of xs) {
    if (!keep(x) || seen.includes(key(x))) continue
    seen.push(key(x))
    out.push(x)
  }
  return out
}

/** Rule 103: range by its definition; at most 1,048,576 elements. */
function range([a, b, s]: readonly Value[]): Value {
  if (a === null || b === null || s === null) return null
  if (a instanceof DateTime || a instanceof Timespan) {
    if (!(s instanceof Timespan) || s.ns === 0n) return null
    const stop = (b as DateTime | Timespan).ns
    const out: string[] = []
    for (let x = a.ns; s.ns > 0n ? x <= stop : x >= stop; x += s.ns) {
      if (out.length === 1_048_576) return null
      out.push(a instanceof DateTime ? formatRfc3339Nano(x) : formatGoDuration(x))
    }
    return out
  }
  const [x0, x1] = [Number(a), Number(b)]
  const step = s === undefined ? 1 : Number(s)
  if (step === 0 || !Number.isFinite(x0) || !Number.isFinite(x1) || !Number.isFinite(step)) return null
  const out: number[] = []
  for (let i = 0; step > 0 ? x0 + i * step <= x1 : x0 + i * step >= x1; i++) {
    if (out.length === 1_048_576) return null
    out.push(x0 + i * step)
  }
  return out
}

/** The array family. */
export const ARRAY: FamilyImpls<'array'> = {
  array_concat: (args) => {
    const parts = args.map(list)
    return parts.some((p) => p === null) ? null : parts.flatMap((p) => [...(p ?? [])])
  },
  array_extract: extract,
  array_iff: ([c, a, b]) => {
    const conds = list(c)
    if (conds === null) return null
    const from = (side: Value, i: number): Json => (list(side) ? (list(side)?.[i] ?? null) : toJson(side))
    return conds.map((x, i) => {
      const t = typeof x === 'boolean' ? x : typeof x === 'number' ? x !== 0 : null
      return t === null ? null : from(t ? a : b, i)
    })
  },
  array_index_of: indexOf,
  array_reverse: ([v]) => (list(v) ? [...(list(v) ?? [])].reverse() : null),
  array_rotate_left: ([v, k]) => (k === null ? null : rotated(v, int(k))),
  array_rotate_right: ([v, k]) => (k === null ? null : rotated(v, -int(k))),
  array_shift_left: ([v, k, f]) => (k === null || f === null ? null : shifted(v, int(k), f)),
  array_shift_right: ([v, k, f]) => (k === null || f === null ? null : shifted(v, -optInt(k, 1), f)),
  array_select_dict: ([v, k, x]) => {
    const a = list(v)
    if (a === null || k === null || x === null) return null
    const hit = a.find(
      (e) =>
        e !== null &&
        typeof e === 'object' &&
        !Array.isArray(e) &&
        Object.hasOwn(e, text(k)) &&
        same((e as Record<string, Json>)[text(k)], toJson(x)),
    )
    return hit ?? null
  },
  array_slice: ([v, s, e]) => (s === null || e === null ? null : sliced(v, int(s), int(e))),
  array_sort_asc: ([v]) => sortArray(v, false),
  array_sort_desc: ([v]) => sortArray(v, true),
  array_split: ([v, at]) => (at === null ? null : splitAt(v, at)),
  array_sum: ([v]) => {
    const nums = (list(v) ?? []).filter((x): x is number => typeof x === 'number')
    return nums.length ? nums.reduce((s, x) => s + x, 0) : null
  },
  strcat_array: ([v, d]) => {
    const a = list(v)
    if (a === null || d === null) return null
    return a.map(elementText).join(d === undefined ? '' : text(d))
  },
  set_has_element: ([v, x]) => {
    const a = list(v)
    return a === null || x === null ? null : a.some((e) => same(e, toJson(x)))
  },
  set_union: ([p, q]) =>
    list(p) && list(q) ? uniq([...(list(p) ?? []), ...(list(q) ?? [])], () => true) : null,
  set_intersect: ([p, q]) => {
    const [a, b] = [list(p), list(q)]
    return a && b ? uniq(a, (x) => b.some((y) => same(x, y))) : null
  },
  set_difference: ([p, q]) => {
    const [a, b] = [list(p), list(q)]
    return a && b ? uniq(a, (x) => !b.some((y) => same(x, y))) : null
  },
  range,
}
