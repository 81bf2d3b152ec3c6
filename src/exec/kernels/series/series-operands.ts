// exec/kernels/series/series-operands.ts: how series_* kernels read arguments and write results: an
// argument as typed arrays per row (num-series.ts) or as a number per row (a scalar operand broadcast
// over the other array), and a builder for typed results. Reference rule 90 (test/reference/README.md).
import { type NumSeries, seriesOf, seriesVec } from '../../num-series.ts'
import type { Vec } from '../../vector.ts'
import { cellAt } from '../../vector.ts'
import { KERNEL_CHECK_ROWS, type KernelSite } from '../kernel.ts'

/** An argument of a series function: arrays per row, and a number per row where the row is a scalar. */
export interface Operand {
  readonly s: NumSeries
  /** The row's number when it is a number rather than an array (NaN: neither). */
  readonly scalar: Float64Array
}

/** Reads `v` as arrays (and numbers, for broadcasting); booleans read as 1/0 when `bools`. */
export function operand(v: Vec, n: number, bools = false): Operand {
  const s = seriesOf(v, n, bools)
  const scalar = new Float64Array(n).fill(Number.NaN)
  if (v.kind === 'num' || v.kind === 'span') {
    for (let i = 0; i < n; i++) if (v.valid === null || v.valid[i] === 1) scalar[i] = v.values[i]
  } else if (v.kind === 'dyn' || v.kind === 'mixed' || v.kind === 'bool') {
    for (let i = 0; i < n; i++) {
      if (s.len[i] >= 0) continue
      const c = cellAt(v, i)
      if (typeof c === 'number') scalar[i] = c
      else if (typeof c === 'bigint') scalar[i] = Number(c)
      else if (bools && typeof c === 'boolean') scalar[i] = c ? 1 : 0
    }
  }
  return { s, scalar }
}

/** Builds a typed result row by row: `open(i, length)`, `put(k, x)` (NaN = null element), `close()`. */
export class SeriesBuilder {
  readonly #n: number
  readonly #start: Int32Array
  readonly #len: Int32Array
  #data: Float64Array
  #present: Uint8Array
  #at = 0
  #row = 0
  #nulls = false
  #bools: boolean

  constructor(n: number, sizeHint: number, bools = false) {
    this.#n = n
    this.#start = new Int32Array(n)
    this.#len = new Int32Array(n).fill(-1)
    this.#data = new Float64Array(Math.max(16, sizeHint))
    this.#present = new Uint8Array(this.#data.length)
    this.#bools = bools
  }

  /** Starts row `i` with `length` elements (all null until put). */
  open(i: number, length: number): void {
    const need = this.#at + length
    if (need > this.#data.length) {
      const size = Math.max(need, this.#data.length * 2)
      const data = new Float64Array(size)
      data.set(this.#data)
      const present = new Uint8Array(size)
      present.set(this.#present)
      this.#data = data
      this.#present = present
    }
    this.#row = i
    this.#start[i] = this.#at
    this.#len[i] = length
    this.#at = need
  }

  /** Element `k` of the open row; NaN writes a null element. */
  put(k: number, x: number): void {
    const j = this.#start[this.#row] + k
    if (Number.isNaN(x)) {
      this.#nulls = true
      this.#present[j] = 0
    } else {
      this.#data[j] = x
      this.#present[j] = 1
    }
  }

  /** Marks elements never put as null (call after filling a row sparsely). */
  finish(): Vec {
    const data = this.#data.subarray(0, this.#at)
    const present = this.#present.subarray(0, this.#at)
    if (!this.#nulls && present.indexOf(0) >= 0) this.#nulls = true
    return seriesVec(
      { start: this.#start, len: this.#len, data, present: this.#nulls ? present : null, bools: this.#bools },
      this.#n,
    )
  }
}

/** Element `k` of row `i` of `s` as a number; NaN when it is null or past the row's end. */
export function elementAt(s: NumSeries, i: number, k: number): number {
  if (k >= s.len[i]) return Number.NaN
  const j = s.start[i] + k
  return s.present !== null && s.present[j] === 0 ? Number.NaN : s.data[j]
}

/** Calls the query's interrupt check after every KERNEL_CHECK_ROWS units of element work. */
export class WorkMeter {
  #done = 0

  /** Counts `units` of work (a row's elements, or elements × taps). */
  add(site: KernelSite, units: number): void {
    this.#done += units
    if (this.#done < KERNEL_CHECK_ROWS) return
    this.#done = 0
    site.interrupt?.()
  }
}
