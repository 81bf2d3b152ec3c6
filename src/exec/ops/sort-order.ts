// ops/sort-order.ts: row comparators over key vectors (typed per layout; strings ranked once per
// dictionary entry) and the stable ordering of row indices that Sort and TopN share. Null placement
// and direction come from the SortKey (decision §10.4 defaults are applied by the binder).
import type { SortKey } from '../../plan/index.ts'
import { isNullAt } from '../kernels/arg-views.ts'
import { compareStrings } from '../kernels/parse-number.ts'
import type { Cell } from '../result.ts'
import type { Vec } from '../vector.ts'
import { cellAt } from '../vector.ts'

/** Compares rows i and j of one key ascending, both non-null. */
type RowCompare = (i: number, j: number) => number

const KIND_RANK: Readonly<Record<string, number>> = { boolean: 0, number: 1, bigint: 1, string: 4, object: 6 }

/** Total order of two non-null cells (kinds first, numbers with NaN lowest, strings by code point). */
export function compareCells(a: Cell, b: Cell): number {
  const r = KIND_RANK[typeof a] - KIND_RANK[typeof b]
  if (r !== 0) return r
  if (typeof a === 'string') return compareStrings(a, b as string)
  if (typeof a === 'object') return compareStrings(JSON.stringify(a), JSON.stringify(b))
  // A bigint (a long beyond ±2^53) against a number compares exactly; NaN is below every number.
  if ((typeof a === 'bigint' || typeof b === 'bigint') && !Number.isNaN(a) && !Number.isNaN(b))
    return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0
  const x = Number(a)
  const y = Number(b)
  if (Number.isNaN(x) || Number.isNaN(y))
    return Number.isNaN(x) === Number.isNaN(y) ? 0 : Number.isNaN(x) ? -1 : 1
  return x < y ? -1 : x > y ? 1 : 0
}

function numCompare(values: Float64Array): RowCompare {
  return (i, j) => {
    const x = values[i]
    const y = values[j]
    if (x < y) return -1
    if (x > y) return 1
    if (x === y) return 0
    return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : -1) : 1
  }
}

/** The ascending comparator of a vector and its null test. */
function keyOf(v: Vec): { cmp: RowCompare; isNull: (i: number) => boolean } {
  switch (v.kind) {
    case 'num':
    case 'span':
      return { cmp: numCompare(v.values), isNull: (i) => v.valid !== null && v.valid[i] === 0 }
    case 'bool':
      return { cmp: (i, j) => v.values[i] - v.values[j], isNull: (i) => v.valid !== null && v.valid[i] === 0 }
    case 'time':
      return {
        cmp: (i, j) => v.ms[i] - v.ms[j] || v.ns[i] - v.ns[j],
        isNull: (i) => v.valid !== null && v.valid[i] === 0,
      }
    case 'str': {
      // Rank each dictionary entry once; rows then compare integers. Computed dictionaries may hold
      // the same string twice (tolower of "GET" and "get"): equal strings share a rank, so they tie.
      const order = v.dict.map((_, d) => d).sort((a, b) => compareStrings(v.dict[a], v.dict[b]))
      const rank = new Int32Array(v.dict.length)
      let r = 0
      order.forEach((d, k) => {
        if (k > 0 && v.dict[d] !== v.dict[order[k - 1]]) r++
        rank[d] = r
      })
      return { cmp: (i, j) => rank[v.codes[i]] - rank[v.codes[j]], isNull: (i) => v.codes[i] < 0 }
    }
    case 'dyn':
    case 'mixed':
      return { cmp: (i, j) => compareCells(cellAt(v, i), cellAt(v, j)), isNull: (i) => cellAt(v, i) === null }
  }
}

/** A comparator of row indices over several keys (evaluated vectors aligned with `keys`). */
export function rowComparator(
  vecs: readonly Vec[],
  keys: readonly SortKey[],
): (i: number, j: number) => number {
  const parts = vecs.map((v, k) => ({
    ...keyOf(v),
    desc: keys[k].descending,
    nullsFirst: keys[k].nullsFirst,
  }))
  return (i, j) => {
    for (const p of parts) {
      const ni = p.isNull(i)
      const nj = p.isNull(j)
      if (ni || nj) {
        if (ni && nj) continue
        return ni === p.nullsFirst ? -1 : 1
      }
      const c = p.cmp(i, j)
      if (c !== 0) return p.desc ? -c : c
    }
    return 0
  }
}

/** Rows `0 … n-1` stably ordered by `keys`, at most `limit` of them. */
export function orderRows(n: number, vecs: readonly Vec[], keys: readonly SortKey[], limit = n): Uint32Array {
  const typed = vecs.length === 1 ? orderByOneNumber(n, vecs[0], keys[0]) : null
  if (typed) return limit < n ? typed.subarray(0, limit) : typed
  const idx = Array.from({ length: n }, (_, i) => i)
  idx.sort(rowComparator(vecs, keys))
  return Uint32Array.from(limit < n ? idx.slice(0, limit) : idx)
}

/** Most exact integer in a double: packed sort keys stay below it. */
const EXACT = 2 ** 53

/**
 * One key of numbers, timespans or whole-ms times, ordered without a comparator. Keys already in
 * order or in reverse order (a summarize's time bins, first seen in time order) are ordered in one
 * pass: as they are, or with their runs of equal keys reversed (rows in a run keep their order).
 * Other integral keys are packed: each non-null row becomes rank of its value × 2^b + row, the
 * doubles sort natively and rows come back as the low bits, so ties keep row order (stable); nulls
 * go first or last in row order, as the comparator puts them. Null (use the comparator) for other
 * layouts, non-integral values out of order, or a value range too wide to pack.
 */
function orderByOneNumber(n: number, v: Vec, key: SortKey): Uint32Array | null {
  let values: Float64Array
  let valid: Uint8Array | null
  if (v.kind === 'time') {
    if (!allZero(v.ns, n)) return null
    values = v.ms
    valid = v.valid
  } else if (v.kind === 'num' || v.kind === 'span') {
    values = v.values
    valid = v.valid
  } else return null
  if (valid === null || allOnes(valid, n)) {
    const trend = monotone(values, n)
    if (trend !== 0) return inRunOrder(values, n, trend === (key.descending ? -1 : 1))
  }
  return orderPacked(n, values, valid, key)
}

function orderPacked(
  n: number,
  values: Float64Array,
  valid: Uint8Array | null,
  key: SortKey,
): Uint32Array | null {
  let low = 1
  while (low < n) low *= 2
  const packed = new Float64Array(n)
  const nulls = new Uint32Array(n)
  const live = packRows(values, valid, n, low, key.descending, packed, nulls)
  if (live < 0) return null
  const sorted = packed.subarray(0, live).sort()
  const out = new Uint32Array(n)
  const nullCount = n - live
  unpackRows(sorted, low, out, key.nullsFirst ? nullCount : 0)
  out.set(nulls.subarray(0, nullCount), key.nullsFirst ? 0 : live)
  return out
}

function allZero(xs: Int32Array, n: number): boolean {
  for (let i = 0; i < n; i++) if (xs[i] !== 0) return false
  return true
}

function allOnes(xs: Uint8Array, n: number): boolean {
  for (let i = 0; i < n; i++) if (xs[i] !== 1) return false
  return true
}

/** 1 when `values` never decrease, -1 when they never increase (and are not all equal), else 0 (NaN: 0). */
function monotone(values: Float64Array, n: number): number {
  if (n > 0 && Number.isNaN(values[0])) return 0
  const trend = trendBits(values, n)
  return trend & 1 ? 1 : trend & 2 ? -1 : 0
}

/**
 * Bit 0 set while no value is below the one before it, bit 1 while none is above (a NaN clears
 * both). A leaf loop: nothing but the return follows it, so its optimized code never meets code
 * it has no feedback for.
 */
function trendBits(values: Float64Array, n: number): number {
  let trend = 3
  for (let i = 1; i < n && trend !== 0; i++) {
    const a = values[i - 1]
    const b = values[i]
    trend &= +(a <= b) | (+(a >= b) << 1)
  }
  return trend
}

/** Rows as they are (`keep`), or with the runs of equal values in reverse order, each run's rows in order. */
function inRunOrder(values: Float64Array, n: number, keep: boolean): Uint32Array {
  const out = new Uint32Array(n)
  if (keep) {
    for (let i = 0; i < n; i++) out[i] = i
    return out
  }
  let at = 0
  let end = n
  while (end > 0) {
    let start = end - 1
    while (start > 0 && values[start - 1] === values[end - 1]) start--
    for (let i = start; i < end; i++) out[at++] = i
    end = start
  }
  return out
}

/**
 * Writes (value − min) × low + row (descending: (max − value) × low + row) of each non-null row into
 * `packed` and the null rows into `nulls`; returns the non-null count, or -1 when a value is not an
 * integer or the packed keys would pass 2^53.
 */
function packRows(
  values: Float64Array,
  valid: Uint8Array | null,
  n: number,
  low: number,
  descending: boolean,
  packed: Float64Array,
  nulls: Uint32Array,
): number {
  let min = Number.POSITIVE_INFINITY
  let max = Number.NEGATIVE_INFINITY
  for (let i = 0; i < n; i++) {
    if (valid !== null && valid[i] === 0) continue
    const x = values[i]
    if (!Number.isInteger(x)) return -1
    if (x < min) min = x
    if (x > max) max = x
  }
  if (max >= min && (max - min + 1) * low > EXACT) return -1
  let live = 0
  let nullCount = 0
  for (let i = 0; i < n; i++) {
    if (valid !== null && valid[i] === 0) nulls[nullCount++] = i
    else packed[live++] = (descending ? max - values[i] : values[i] - min) * low + i
  }
  return live
}

/** The rows (low bits: `low` is a power of two, so the split is exact) of sorted packed keys into `out` from `at`. */
function unpackRows(sorted: Float64Array, low: number, out: Uint32Array, at: number): void {
  for (let k = 0; k < sorted.length; k++) {
    const c = sorted[k]
    out[at + k] = c - Math.floor(c / low) * low
  }
}

/** Compares row i of one batch's key vectors with row j of another's (same keys, layouts may differ). */
export type CrossCompare = (a: readonly Vec[], i: number, b: readonly Vec[], j: number) => number

/** One key of two vectors with the same layout, both rows non-null (`null` when the layouts differ). */
function sameLayoutCompare(a: Vec, i: number, b: Vec, j: number): number | null {
  if (a.kind === 'num' && b.kind === 'num') return numCompareValues(a.values[i], b.values[j])
  if (a.kind === 'span' && b.kind === 'span') return numCompareValues(a.values[i], b.values[j])
  if (a.kind === 'time' && b.kind === 'time') return a.ms[i] - b.ms[j] || a.ns[i] - b.ns[j]
  if (a.kind === 'bool' && b.kind === 'bool') return a.values[i] - b.values[j]
  if (a.kind === 'str' && b.kind === 'str') {
    if (a.dict === b.dict && a.codes[i] === b.codes[j]) return 0
    return compareStrings(a.dict[a.codes[i]], b.dict[b.codes[j]])
  }
  return null
}

function numCompareValues(x: number, y: number): number {
  if (x < y) return -1
  if (x > y) return 1
  if (x === y) return 0
  return Number.isNaN(x) ? (Number.isNaN(y) ? 0 : -1) : 1
}

/** The comparator `rowComparator` would give, across two batches' key vectors. */
export function crossComparator(keys: readonly SortKey[]): CrossCompare {
  return (a, i, b, j) => {
    for (let k = 0; k < keys.length; k++) {
      const va = a[k]
      const vb = b[k]
      const na = isNullAt(va, i)
      const nb = isNullAt(vb, j)
      if (na || nb) {
        if (na && nb) continue
        return na === keys[k].nullsFirst ? -1 : 1
      }
      const c = sameLayoutCompare(va, i, vb, j) ?? compareCells(cellAt(va, i), cellAt(vb, j))
      if (c !== 0) return keys[k].descending ? -c : c
    }
    return 0
  }
}
