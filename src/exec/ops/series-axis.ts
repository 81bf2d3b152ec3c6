// ops/series-axis.ts: the arithmetic of a make-series axis: reading axis values out of a vector as
// (hi, lo) doubles (datetime: epoch ms + ns; others: the value), and mapping them to bucket indices
// exactly (integral axes: bigint scalars, exact doubles per row with a bigint fallback past 2^53) or
// in doubles (a real axis or a real step/from/to), as the reference's make-series.ts does.
import type { AplType } from '../../catalog/index.ts'
import type { Cell } from '../result.ts'
import type { Vec } from '../vector.ts'
import { cellAt } from '../vector.ts'

/** Axis values of one batch: row i is `hi[i] * scale + lo[i]` when `valid[i]` is 1. */
export interface AxisRows {
  readonly hi: Float64Array
  readonly lo: Float64Array
  readonly valid: Uint8Array
}

const MS = 1_000_000
const MS_N = 1_000_000n

/** ns per `hi` unit: 1e6 for a datetime axis (hi = epoch ms), else 1. */
export function axisScale(type: AplType): number {
  return type === 'datetime' ? MS : 1
}

/** The axis values of `v` (n rows); values that are not numbers/times are invalid. */
export function axisRows(v: Vec, n: number, type: AplType): AxisRows {
  const hi = new Float64Array(n)
  const lo = new Float64Array(n)
  const valid = new Uint8Array(n)
  if (v.kind === 'time') {
    hi.set(v.ms.subarray(0, n))
    for (let i = 0; i < n; i++) lo[i] = v.ns[i]
    if (v.valid) valid.set(v.valid.subarray(0, n))
    else valid.fill(1)
  } else if (v.kind === 'num' || v.kind === 'span') {
    for (let i = 0; i < n; i++) {
      const x = v.values[i]
      hi[i] = x
      valid[i] = (!v.valid || v.valid[i] === 1) && !Number.isNaN(x) ? 1 : 0
    }
  } else {
    // Slow path (mixed/dynamic layouts): one cell per row.
    for (let i = 0; i < n; i++) {
      const c: Cell = cellAt(v, i)
      if (typeof c === 'bigint' && type === 'datetime') {
        const ms = c / MS_N - (c % MS_N < 0n ? 1n : 0n)
        hi[i] = Number(ms)
        lo[i] = Number(c - ms * MS_N)
        valid[i] = 1
      } else if (typeof c === 'number' || typeof c === 'bigint') {
        hi[i] = Number(c)
        valid[i] = Number.isNaN(hi[i]) ? 0 : 1
      }
    }
  }
  return { hi, lo, valid }
}

/** Floor division of bigints. */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b
  return q * b !== a && a < 0n !== b < 0n ? q - 1n : q
}

/** Row i as an exact bigint (ns for time axes). */
export function exactAt(a: AxisRows, i: number, scale: number): bigint {
  return BigInt(a.hi[i]) * BigInt(scale) + BigInt(a.lo[i])
}

/** Bucket index of row i for an exact axis from `start` by `step` (both bigint in axis units). */
export function exactSlot(
  a: AxisRows,
  i: number,
  scale: number,
  start: { readonly big: bigint; readonly hi: number; readonly lo: number },
  step: bigint,
): number {
  const d = (a.hi[i] - start.hi) * scale + (a.lo[i] - start.lo)
  const s = Number(step)
  if (Math.abs(d) < 2 ** 52 && s < 2 ** 52) {
    // Exact integers: correct the rounded quotient by one either way.
    let q = Math.floor(d / s)
    if (q * s > d) q--
    else if ((q + 1) * s <= d) q++
    return q
  }
  return Number(floorDiv(exactAt(a, i, scale) - start.big, step))
}
