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
  const idx = Array.from({ length: n }, (_, i) => i)
  idx.sort(rowComparator(vecs, keys))
  return Uint32Array.from(limit < n ? idx.slice(0, limit) : idx)
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
