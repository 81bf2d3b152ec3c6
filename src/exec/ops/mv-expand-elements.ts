// ops/mv-expand-elements.ts: mv-expand's columnar kernels: per row, how many elements a value expands
// to (an array its length, a bag its properties, any other value one), and an item's output column
// written straight into typed arrays (a typed series source read without building JSON cells).
import type { AplType } from '../../catalog/index.ts'
import type { LogicalOf } from '../../plan/index.ts'
import { parseGoDuration, parseTimeAuto } from '../../util/time/index.ts'
import { fromCells } from '../batch.ts'
import { parseNumber } from '../kernels/parse-number.ts'
import type { Cell, CellJson } from '../result.ts'
import { cellAt, type Vec } from '../vector.ts'

type BagAs = LogicalOf<'MvExpand'>['bagAs']

/** Live row j's input row. */
const rowOf = (sel: Uint32Array | null, j: number): number => (sel === null ? j : sel[j])

/** Raises `counts[j]` to the element count of `v` at each live row (see module header). */
export function maxCounts(v: Vec, sel: Uint32Array | null, counts: Int32Array): void {
  const s = v.kind === 'dyn' ? v.series : undefined
  for (let j = 0; j < counts.length; j++) {
    const i = rowOf(sel, j)
    let c: number
    if (s !== undefined) c = s.len[i] < 0 ? 1 : s.len[i]
    else {
      const cell = cellAt(v, i)
      c = Array.isArray(cell)
        ? cell.length
        : cell !== null && typeof cell === 'object'
          ? Object.keys(cell).length
          : 1
    }
    if (c > counts[j]) counts[j] = c
  }
}

/** `to typeof(T)`: an element as T, or null. */
function convert(type: AplType, e: Cell): Cell {
  if (e === null || type === 'dynamic' || type === 'unknown') return e
  switch (type) {
    case 'string':
      return typeof e === 'string' ? e : typeof e === 'object' ? JSON.stringify(e) : String(e)
    case 'long':
      if (typeof e === 'number' || typeof e === 'bigint') return Math.trunc(Number(e))
      return typeof e === 'string' && /^[+-]?[0-9]+$/.test(e) ? Number(e) : null
    case 'real':
      if (typeof e === 'number' || typeof e === 'bigint') return Number(e)
      return typeof e === 'string' ? parseNumber(e) : null
    case 'bool':
      return typeof e === 'boolean' ? e : null
    case 'datetime':
      return typeof e === 'string' ? parseTimeAuto(e.trim()) : null
    case 'timespan':
      return typeof e === 'string' ? parseGoDuration(e.trim()) : null
  }
}

/**
 * Item column of `total` output rows: live row j gives `counts[j]` rows, element k of its value (null
 * past the value's end), converted to `type` (dynamic: as is).
 */
export function itemColumn(
  v: Vec,
  type: AplType,
  bagAs: BagAs,
  sel: Uint32Array | null,
  counts: Int32Array,
  total: number,
): Vec {
  const s = v.kind === 'dyn' ? v.series : undefined
  if (s !== undefined && s.bools !== true && (type === 'long' || type === 'real')) {
    const values = new Float64Array(total)
    const valid = new Uint8Array(total)
    let o = 0
    for (let j = 0; j < counts.length; j++) {
      const i = rowOf(sel, j)
      const at = s.start[i]
      const len = s.len[i]
      for (let k = 0; k < counts[j]; k++, o++) {
        if (k >= len || (s.present !== null && s.present[at + k] === 0)) continue
        const x = s.data[at + k]
        values[o] = type === 'long' ? Math.trunc(x) : x
        valid[o] = 1
      }
    }
    return { kind: 'num', type, values, valid }
  }
  const cells: Cell[] = new Array(total)
  let o = 0
  for (let j = 0; j < counts.length; j++) {
    const cell = cellAt(v, rowOf(sel, j))
    const n = counts[j]
    if (Array.isArray(cell)) {
      for (let k = 0; k < n; k++) cells[o++] = k < cell.length ? convert(type, cell[k] as CellJson) : null
    } else if (cell !== null && typeof cell === 'object') {
      const entries = Object.entries(cell)
      for (let k = 0; k < n; k++) {
        const e = entries[k]
        cells[o++] = e === undefined ? null : convert(type, bagAs === 'bag' ? { [e[0]]: e[1] } : e)
      }
    } else for (let k = 0; k < n; k++) cells[o++] = k === 0 ? convert(type, cell) : null
  }
  return fromCells(type, cells)
}

/** The `with_itemindex` column: 0 … counts[j]-1 per live row. */
export function indexColumn(counts: Int32Array, total: number): Vec {
  const values = new Float64Array(total)
  let o = 0
  for (let j = 0; j < counts.length; j++) for (let k = 0; k < counts[j]; k++) values[o++] = k
  return { kind: 'num', type: 'long', values, valid: null }
}
