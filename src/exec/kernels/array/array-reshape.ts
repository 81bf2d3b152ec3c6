// exec/kernels/array/array-reshape.ts: array functions that rearrange elements: array_reverse,
// array_rotate_left/right, array_shift_left/right, array_slice (end exclusive, Axiom §7), array_split,
// array_concat, array_iff. A first argument that is not an array gives null (rule 96).
import { ARRAY_SLOT_BYTES, chargeBuilt, checkArraySize } from '../../guard.ts'
import type { CellJson } from '../../result.ts'
import { jsonAt } from '../arg-views.ts'
import { scalarKernel } from '../executor/index.ts'
import type { Kernel } from '../kernel.ts'

type Json = CellJson
const arr = (j: Json): readonly Json[] | null => (Array.isArray(j) ? (j as Json[]) : null)

/** Rotated left by k (negative: right), wrapping. */
export function rotate(a: readonly Json[], k: number): Json[] {
  if (a.length === 0) return []
  const s = ((k % a.length) + a.length) % a.length
  return [...a.slice(s), ...a.slice(0, s)]
}

/** Shifted left by k (negative: right); vacated slots take `fill`. */
export function shift(a: readonly Json[], k: number, fill: Json): Json[] {
  return a.map((_, i) => {
    const j = i + k
    return j >= 0 && j < a.length ? a[j] : fill
  })
}

/** Elements [start, end) with negative indices from the end, clamped to the array. */
export function slice(a: readonly Json[], start: number, end: number): Json[] {
  const at = (x: number) => Math.min(a.length, Math.max(0, x < 0 ? a.length + x : x))
  return a.slice(at(start), at(end))
}

/** Split before each index (negative from the end, clamped), as N+1 arrays. */
export function split(a: readonly Json[], indices: readonly number[]): Json[] {
  const out: Json[] = []
  let from = 0
  for (const x of indices) {
    const at = Math.min(a.length, Math.max(from, x < 0 ? a.length + x : x))
    out.push(a.slice(from, at))
    from = at
  }
  out.push(a.slice(from))
  return out
}

/** The index argument of array_split: a long, or an array of longs (others: null). */
function indicesOf(j: Json): number[] | null {
  if (typeof j === 'number') return [Math.trunc(j)]
  const a = arr(j)
  if (a === null || !a.every((x) => typeof x === 'number')) return null
  return (a as number[]).map(Math.trunc)
}

/**
 * array_concat(a, …): null when any argument is not an array. The result's size is checked and
 * charged before it is built (nested concatenations of a `let` double per level).
 */
const concat: Kernel = (args, n, site) => {
  const values: Json[] = new Array(n).fill(null)
  const rows = site.sel ?? null
  for (let r = 0; r < (rows ? rows.length : n); r++) {
    const i = rows ? rows[r] : r
    const parts = args.map((v) => arr(jsonAt(v, i)))
    if (!parts.every((p) => p !== null)) continue
    const size = (parts as Json[][]).reduce((sum, p) => sum + p.length, 0)
    checkArraySize(size, 'array_concat')
    chargeBuilt(ARRAY_SLOT_BYTES * size + 64, 'array_concat')
    values[i] = (parts as Json[][]).flat(1)
  }
  return { kind: 'dyn', values }
}

/** A condition element: booleans, numbers (non-zero true); anything else null. */
function truth(c: Json): boolean | null {
  if (typeof c === 'boolean') return c
  if (typeof c === 'number') return c !== 0
  return null
}

/** array_iff(cond, a, b): per condition element, a's or b's element (a scalar repeats). */
export function arrayIff(cond: Json, a: Json, b: Json): Json {
  const c = arr(cond)
  if (c === null) return null
  const pick = (side: Json, i: number): Json => {
    const s = arr(side)
    return s === null ? side : (s[i] ?? null)
  }
  return c.map((x, i) => {
    const t = truth(x)
    return t === null ? null : t ? pick(a, i) : pick(b, i)
  })
}

/** Reshaping kernels keyed by kernel key. */
export const ARRAY_RESHAPE_KERNELS = {
  array_reverse: scalarKernel({
    args: ['dynamic'],
    returns: 'dynamic',
    fn: (a) => {
      const xs = arr(a)
      return xs ? [...xs].reverse() : null
    },
  }),
  array_rotate_left: scalarKernel({
    args: ['dynamic', 'long'],
    returns: 'dynamic',
    fn: (a, k) => (arr(a) ? rotate(arr(a) ?? [], k) : null),
  }),
  array_rotate_right: scalarKernel({
    args: ['dynamic', 'long'],
    returns: 'dynamic',
    fn: (a, k) => (arr(a) ? rotate(arr(a) ?? [], -k) : null),
  }),
  array_shift_left: scalarKernel({
    args: ['dynamic', 'long', 'dynamic?'],
    returns: 'dynamic',
    fn: (a, k, fill) => (arr(a) ? shift(arr(a) ?? [], k, fill ?? null) : null),
  }),
  array_shift_right: scalarKernel({
    args: ['dynamic', 'long?', 'dynamic?'],
    returns: 'dynamic',
    fn: (a, k, fill) => (arr(a) ? shift(arr(a) ?? [], -(k ?? 1), fill ?? null) : null),
  }),
  array_slice: scalarKernel({
    args: ['dynamic', 'long', 'long'],
    returns: 'dynamic',
    fn: (a, s, e) => (arr(a) ? slice(arr(a) ?? [], s, e) : null),
  }),
  array_split: scalarKernel({
    args: ['dynamic', 'dynamic'],
    returns: 'dynamic',
    fn: (a, x) => {
      const at = indicesOf(x)
      return arr(a) && at ? split(arr(a) ?? [], at) : null
    },
  }),
  array_concat: concat,
  array_iff: scalarKernel({
    args: ['dynamic', 'dynamic', 'dynamic'],
    returns: 'dynamic',
    nulls: 'call',
    fn: (c, a, b) => arrayIff(c, a, b),
  }),
} as const satisfies Record<string, Kernel>
