// exec/num-series.ts: the typed form of a dynamic column whose rows are arrays of numbers (make-series
// output, series_* results): one Float64Array of elements, per-row start/length (rows may share a
// range), per-element presence. It rides on a DynVec (`series`) whose JSON `values` are built only when
// a reader asks for them, so series_* chains stay typed arrays end to end (DESIGN.md "Dynamic values").
import type { CellJson } from './result.ts'
import type { DynVec, Vec } from './vector.ts'

/** Arrays of numbers, one per row: row i is `data[start[i] … start[i]+len[i])`, or null when len[i] < 0. */
export interface NumSeries {
  readonly start: Int32Array
  readonly len: Int32Array
  readonly data: Float64Array
  /** 1 where an element is a number; 0 where it is null (or was not numeric). null: every element. */
  readonly present: Uint8Array | null
  /** Elements read as booleans (series comparisons) rather than numbers. */
  readonly bools?: boolean
}

/** Row `i` of `s` as JSON (a fresh array; null for a null row). */
export function seriesRowJson(s: NumSeries, i: number): CellJson {
  const l = s.len[i]
  if (l < 0) return null
  const out: CellJson[] = new Array(l)
  const at = s.start[i]
  for (let k = 0; k < l; k++) {
    const x = s.data[at + k]
    out[k] = s.present !== null && s.present[at + k] === 0 ? null : s.bools ? x !== 0 : x
  }
  return out
}

/** A dynamic vector over `s` (n rows) whose JSON cells are built on first read, once. */
export function seriesVec(s: NumSeries, n: number): DynVec {
  let cells: (CellJson | null)[] | undefined
  return {
    kind: 'dyn',
    series: s,
    get values() {
      if (cells === undefined) {
        cells = new Array(n)
        let last = -2
        let lastLen = -2
        for (let i = 0; i < n; i++) {
          // Rows sharing a range (a constant, make-series' axis) share one JSON array too.
          if (s.start[i] === last && s.len[i] === lastLen && i > 0) cells[i] = cells[i - 1]
          else cells[i] = seriesRowJson(s, i)
          last = s.start[i]
          lastLen = s.len[i]
        }
      }
      return cells
    },
  }
}

/** A JSON element as a number (numbers only; booleans too when `bools`), else null. */
function numberIn(c: unknown, bools: boolean): number | null {
  if (typeof c === 'number') return c
  if (bools && typeof c === 'boolean') return c ? 1 : 0
  return null
}

/**
 * The typed arrays of a vector's rows: its own `series` when it has one, else built once from the
 * JSON cells (rows that are not arrays are null rows; elements that are not numbers are absent).
 * Consecutive rows holding the same array object share one range (a constant argument converts once).
 * `bools`: read booleans as 1/0 (array_iff conditions, comparisons' outputs).
 */
export function seriesOf(v: Vec, n: number, bools = false): NumSeries {
  if (v.kind === 'dyn' && v.series !== undefined) return v.series
  const start = new Int32Array(n)
  const len = new Int32Array(n).fill(-1)
  if (v.kind !== 'dyn' && v.kind !== 'mixed') return { start, len, data: new Float64Array(0), present: null }
  let total = 0
  let prev: unknown
  for (let i = 0; i < n; i++) {
    const c = v.values[i]
    if (Array.isArray(c) && c !== prev) total += c.length
    prev = c
  }
  const data = new Float64Array(total)
  let present: Uint8Array | null = null
  let at = 0
  prev = undefined
  for (let i = 0; i < n; i++) {
    const c = v.values[i]
    if (!Array.isArray(c)) {
      prev = c
      continue
    }
    if (c === prev) {
      start[i] = start[i - 1]
      len[i] = len[i - 1]
      continue
    }
    prev = c
    start[i] = at
    len[i] = c.length
    for (let k = 0; k < c.length; k++) {
      const x = numberIn(c[k], bools)
      if (x === null) {
        present ??= new Uint8Array(total).fill(1)
        present[at + k] = 0
      } else data[at + k] = x
    }
    at += c.length
  }
  return { start, len, data, present }
}

/** True when element `j` (an index into `data`) of `s` is a number. */
export function hasElement(s: NumSeries, j: number): boolean {
  return s.present === null || s.present[j] === 1
}
