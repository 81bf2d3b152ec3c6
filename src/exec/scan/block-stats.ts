// exec/scan/block-stats.ts: one field of a sealed block as a weighted table of its distinct values,
// read from the zone map alone (string value counts, single-valued number/bool columns, the rows
// without the field), in the order the block's rows first show them: what a count over that field
// needs, with no column decoded. Undefined when the zone map does not pin every row's value and
// first row. The table's vector is built like the scan's (field-vec.ts).
import type { ZoneColumn, ZoneMap } from '../../storage/block/index.ts'
import type { TimeRange } from '../../storage/types.ts'
import type { BoolVec, NumVec, StrVec, Vec } from '../vector.ts'
import { combineParts, type FieldColumnType } from './field-vec.ts'

/** A block's field as distinct values (`vec`, one row each) and the events holding each (`weights`). */
export interface WeightedColumn {
  readonly vec: Vec
  readonly weights: Float64Array
}

/** One physical column's distinct values: their events, first rows, and their part of the table. */
interface PartValues {
  readonly weights: readonly number[]
  /** The block row where each value first appears (the table is ordered by it, as a scan meets them). */
  readonly firsts: readonly number[]
  /** The part's vector over `total` table rows, value i at table row `at[i]`, null elsewhere. */
  readonly part: (at: Int32Array, total: number) => Vec
}

const NONE = null

/** Distinct values of one zone column with their row counts, or null when the zone map lacks them. */
function partOf(zc: ZoneColumn, rowCount: number): PartValues | null {
  const present = rowCount - zc.nullCount
  switch (zc.type) {
    case 'string': {
      const { values: listed, counts: all, firsts: allFirsts } = zc
      if (!listed || !all || !allFirsts || all.length !== listed.length || allFirsts.length !== listed.length)
        return NONE
      // A value no row holds (an unused dictionary entry) would make an empty group.
      const keep = listed.map((_, i) => i).filter((i) => all[i] > 0 && allFirsts[i] >= 0)
      const values = keep.map((i) => listed[i])
      return {
        weights: keep.map((i) => all[i]),
        firsts: keep.map((i) => allFirsts[i]),
        part: (at, total) => {
          const codes = new Int32Array(total).fill(-1)
          for (let i = 0; i < at.length; i++) codes[at[i]] = i
          return { kind: 'str', codes, dict: values } satisfies StrVec
        },
      }
    }
    case 'integer':
    case 'float': {
      const v = single(zc)
      if (v === undefined || zc.first === undefined) return NONE
      const type = zc.type === 'integer' ? 'long' : 'real'
      return onePart(present, zc.first, (row, total) => {
        const values = new Float64Array(total)
        values[row] = v
        return { kind: 'num', type, values, valid: onlyRow(row, total) } satisfies NumVec
      })
    }
    case 'boolean': {
      if (zc.min === undefined || zc.min !== zc.max || zc.first === undefined) return NONE
      const bit = zc.min === 1 ? 1 : 0
      return onePart(present, zc.first, (row, total) => {
        const values = new Uint8Array(total)
        values[row] = bit
        return { kind: 'bool', values, valid: onlyRow(row, total) } satisfies BoolVec
      })
    }
    case 'datetime':
    case 'timespan':
    case 'array':
    case 'map':
      return NONE
  }
}

/** A column holding one value (`present` rows, the first at block row `first`), built by `vec` at its table row. */
function onePart(present: number, first: number, vec: (row: number, total: number) => Vec): PartValues {
  return { weights: [present], firsts: [first], part: (at, total) => vec(at[0], total) }
}

/** Validity of `total` rows where only `row` holds a value. */
function onlyRow(row: number, total: number): Uint8Array {
  const valid = new Uint8Array(total)
  valid[row] = 1
  return valid
}

/** The one value of a number column whose bounds meet (an int64 only when exact as a double). */
function single(zc: ZoneColumn): number | undefined {
  if (zc.min === undefined || zc.min !== zc.max) return undefined
  const v = Number(zc.min)
  if (zc.type === 'integer' && (!Number.isSafeInteger(v) || String(v) !== zc.min)) return undefined
  return Number.isFinite(v) ? v : undefined
}

const cache = new WeakMap<ZoneMap, Map<string, WeightedColumn | null>>()

/**
 * `field` of the block with zone map `zm` as a weighted table (see module header), typed as the scan
 * types it (`type`); undefined when some row's value is not known from the zone map. Cached per
 * zone map (the manifest keeps it).
 */
export function weightedColumn(
  zm: ZoneMap,
  field: string,
  type: FieldColumnType,
): WeightedColumn | undefined {
  let byField = cache.get(zm)
  if (!byField) {
    byField = new Map()
    cache.set(zm, byField)
  }
  const key = `${type}\u0000${field}`
  let hit = byField.get(key)
  if (hit === undefined) {
    hit = build(zm, field, type) ?? null
    byField.set(key, hit)
  }
  return hit ?? undefined
}

function build(zm: ZoneMap, field: string, type: FieldColumnType): WeightedColumn | undefined {
  const parts: PartValues[] = []
  let present = 0
  let firstAbsent: number | undefined
  for (const zc of zm.columns) {
    if (zc.field !== field) continue
    const p = partOf(zc, zm.rowCount)
    if (p === null) return undefined
    parts.push(p)
    present += zm.rowCount - zc.nullCount
    firstAbsent = zc.firstAbsent
  }
  const absent = zm.rowCount - present
  // Each row holds the field in at most one type; anything else is a zone map we cannot trust here.
  if (absent < 0 || (absent > 0 && parts.length > 0 && firstAbsent === undefined)) return undefined
  // Table rows: every (part, value), plus one null row for the rows without the field, ordered by
  // first appearance so groups are born in the order a scan of the block would create them.
  const entries: { part: number; index: number; first: number; weight: number }[] = []
  parts.forEach((p, part) => {
    for (let index = 0; index < p.weights.length; index++)
      entries.push({ part, index, first: p.firsts[index], weight: p.weights[index] })
  })
  if (absent > 0) entries.push({ part: -1, index: 0, first: firstAbsent ?? 0, weight: absent })
  entries.sort((a, b) => a.first - b.first)
  const total = entries.length
  const weights = new Float64Array(total)
  const at = parts.map((p) => new Int32Array(p.weights.length))
  entries.forEach((e, row) => {
    weights[row] = e.weight
    if (e.part >= 0) at[e.part][e.index] = row
  })
  const vs = parts.map((p, i) => p.part(at[i], total))
  return { vec: combineParts(vs, type, total), weights }
}

/**
 * True when a count over `field` (undefined: over rows alone) can take the block with zone map `zm`
 * from the zone map: the block lies inside `range` whole, and the field's values are all known.
 */
export function answeredByStats(
  zm: ZoneMap,
  range: TimeRange,
  field: string | undefined,
  type: FieldColumnType | undefined,
): boolean {
  if (range.start !== undefined && BigInt(zm.minTime) < range.start) return false
  if (range.end !== undefined && BigInt(zm.maxTime) >= range.end) return false
  return field === undefined || type === undefined || weightedColumn(zm, field, type) !== undefined
}
