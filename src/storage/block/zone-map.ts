// storage/block/zone-map.ts: per-block statistics kept in the manifest (JSON) to skip blocks, and
// the pruning tests over them. A test may answer "maybe" wrongly, never "absent" wrongly.
import type { FieldType } from '../types.ts'
import { bloomCreate, bloomCreateFromHashes, bloomCreateUtf8, bloomDecode, bloomMayContain } from './bloom.ts'
import type { BlockBatch, BlockColumn } from './build.ts'
import { ExactPartials } from './exact-partials.ts'
import { compareInt64, int32View } from './int64.ts'
import { lowerBound, prefixSuccessor, upperBound } from './string-bounds.ts'
import { TIME_FIELD } from './time-columns.ts'
import { utf8Strings } from './utf8.ts'
import type { Utf8Dictionary } from './utf8-dictionary.ts'
import { codeRows, firstAbsentRow, firstValidRow } from './value-counts.ts'

/** String columns list their values when at most this many distinct ones exist… */
export const ZONE_VALUES_MAX_COUNT = 512
/** …totalling at most this many UTF-8 bytes; otherwise a bloom filter is kept. */
export const ZONE_VALUES_MAX_BYTES = 16 * 1024
const TWO_32 = 4294967296

/** String min/max are cut to this many UTF-16 code units (then they are bounds, not values). */
export const ZONE_STRING_BOUND_CHARS = 64

/** Statistics of one physical column of a block. */
export interface ZoneColumn {
  field: string
  type: FieldType
  /** Rows of the block without a value of this type (always < rowCount: the column exists). */
  nullCount: number
  /**
   * Lower/upper bound of the values: integer/datetime/timespan as int64 decimal strings, float as
   * number (omitted when a value is NaN or ±Infinity), boolean as 0/1, string as a bound of at most
   * ZONE_STRING_BOUND_CHARS code units (JS order). Absent for `array` and `map` columns.
   */
  min?: number | string
  max?: number | string
  /** Every distinct string value, sorted (JS order); present instead of `bloom` when small. */
  values?: string[]
  /**
   * Rows holding each of `values` (same order), so a count over this one field can be answered
   * without decoding the block (exec/scan/block-stats.ts). Written with `values` since format 1's
   * counts were added; a block sealed before has `values` without `counts` and is simply scanned.
   */
  counts?: number[]
  /** The first row holding each of `values` (same order; -1 for none), written with `counts`. */
  firsts?: number[]
  /** integer, float, boolean: the first row holding a value of this type (absent when none). */
  first?: number
  /**
   * The first row holding no value of this field in any type (the same on each of the field's
   * columns); absent when every row holds one. With `first`/`firsts` it orders a count's groups as
   * a scan of the block would meet them.
   */
  firstAbsent?: number
  /** Bloom filter of the distinct strings (see bloom.ts for the format); when `values` is absent. */
  bloom?: string
  /**
   * integer, float: the exact sum of the column's values as non-overlapping doubles (smallest first;
   * `[]` for none) whose exact sum is that sum, so sum/avg over whole blocks need no decoding
   * (exec/ops/zone-totals-exec.ts) and stay exact in any merge order. Absent when a value is NaN or
   * ±Infinity, an integer is beyond ±2^53 (the scan reads those as exact cells), the sum overflows, or
   * a float column has fractional values but an integral sum (sum()'s integral-result flag could not
   * be told); a block sealed before sums were recorded has none. Such blocks are scanned.
   */
  sum?: number[]
}

/** Statistics of one block. */
export interface ZoneMap {
  rowCount: number
  /** Inclusive `_time` bounds, epoch ns as decimal strings ('0' for an empty block). */
  minTime: string
  maxTime: string
  columns: ZoneColumn[]
}

type Stats = (data: ColumnData, zc: ZoneColumn, col: BlockColumn) => void
type ColumnData = BlockColumn['vector']['data'][number]

const STATS: { readonly [T in FieldType]: Stats } = {
  string: stringStats,
  integer: int64Stats,
  datetime: int64Stats,
  timespan: int64Stats,
  float: floatStats,
  boolean: booleanStats,
  array: () => {},
  map: () => {},
}

/** Computes the zone map of a batch (the same for a batch and its decoded copy). */
export function computeZoneMap(batch: BlockBatch): ZoneMap {
  const columns: ZoneColumn[] = []
  for (const col of batch.columns) {
    const data = col.vector.data[0]
    if (col.positions !== undefined && data) {
      columns.push(sparseZoneColumn(col, data, batch.rowCount))
      continue
    }
    const zc: ZoneColumn = { field: col.field, type: col.type, nullCount: data ? data.nullCount : 0 }
    if (data && batch.rowCount > 0) STATS[col.type](data, zc, col)
    if (data && FIRST_TYPES.has(col.type)) {
      const first = firstValidRow(data)
      if (first >= 0) zc.first = first
    }
    if (data) addSum(col, data, zc)
    columns.push(zc)
  }
  markFirstAbsent(batch, columns)
  const time = columns.find((c) => c.field === TIME_FIELD && c.type === 'datetime')
  const minTime = typeof time?.min === 'string' ? time.min : '0'
  const maxTime = typeof time?.max === 'string' ? time.max : '0'
  return { rowCount: batch.rowCount, minTime, maxTime, columns }
}

/**
 * The zone column of a sparse column: the statistics of its values (one per position, none null),
 * their value indices turned into rows through the positions. O(values).
 */
function sparseZoneColumn(col: BlockColumn, data: ColumnData, rowCount: number): ZoneColumn {
  const positions = col.positions as Int32Array
  const zc: ZoneColumn = { field: col.field, type: col.type, nullCount: rowCount - positions.length }
  if (positions.length === 0) return zc
  STATS[col.type](data, zc, col)
  if (zc.firsts) zc.firsts = zc.firsts.map((k) => (k < 0 ? k : positions[k]))
  if (FIRST_TYPES.has(col.type)) zc.first = positions[0]
  addSum(col, data, zc)
  return zc
}

/** Records ZoneColumn.sum of a number column (dense, or a sparse column's values alone). */
function addSum(col: BlockColumn, data: ColumnData, zc: ZoneColumn): void {
  if (col.type !== 'integer' && col.type !== 'float') return
  const sum = col.type === 'integer' ? int64Sum(data) : floatSum(data)
  if (sum !== undefined) zc.sum = sum
}

/** Column types whose zone column records its first row with a value. */
const FIRST_TYPES: ReadonlySet<FieldType> = new Set(['integer', 'float', 'boolean'])

/** Sets `firstAbsent` on the columns of every field some row lacks (columns are in batch order). */
function markFirstAbsent(batch: BlockBatch, columns: ZoneColumn[]): void {
  let at = 0
  while (at < columns.length) {
    let end = at + 1
    while (end < columns.length && columns[end].field === columns[at].field) end++
    let held = 0
    for (let c = at; c < end; c++) held += batch.rowCount - columns[c].nullCount
    if (held < batch.rowCount) {
      const cols = batch.columns.slice(at, end)
      const row = cols.every((c) => c.vector.data[0] !== undefined)
        ? firstAbsentRow(cols, batch.rowCount)
        : -1
      if (row >= 0) for (let c = at; c < end; c++) columns[c].firstAbsent = row
    }
    at = end
  }
}

function isValid(data: ColumnData): (row: number) => boolean {
  const bitmap = data.nullBitmap
  if (data.nullCount === 0 || !bitmap || bitmap.length === 0) return () => true
  return (row) => ((bitmap[row >> 3] >> (row & 7)) & 1) === 1
}

function int64Stats(data: ColumnData, zc: ZoneColumn): void {
  const big = data.values as BigInt64Array
  const view = int32View(big)
  const valid = isValid(data)
  let lo = -1
  let hi = -1
  for (let row = 0; row < data.length; row++) {
    if (!valid(row)) continue
    if (lo < 0 || compareInt64(view, row, lo) < 0) lo = row
    if (hi < 0 || compareInt64(view, row, hi) > 0) hi = row
  }
  if (lo < 0) return
  zc.min = big[lo].toString()
  zc.max = big[hi].toString()
}

function floatStats(data: ColumnData, zc: ZoneColumn): void {
  const values = data.values as Float64Array
  const valid = isValid(data)
  let min = Number.POSITIVE_INFINITY
  let max = Number.NEGATIVE_INFINITY
  let seen = false
  for (let row = 0; row < data.length; row++) {
    if (!valid(row)) continue
    const v = values[row]
    // JSON cannot carry NaN/±Infinity: without bounds the block is simply never pruned on them.
    if (!Number.isFinite(v)) return
    seen = true
    if (v < min) min = v
    if (v > max) max = v
  }
  if (!seen) return
  zc.min = min
  zc.max = max
}

/** The exact sum of an integer column as partials (ZoneColumn.sum), or undefined past ±2^53. */
function int64Sum(data: ColumnData): number[] | undefined {
  const view = int32View(data.values as BigInt64Array)
  const valid = isValid(data)
  const sum = new ExactPartials()
  for (let row = 0; row < data.length; row++) {
    if (!valid(row)) continue
    const v = view[2 * row + 1] * TWO_32 + (view[2 * row] >>> 0)
    if (!Number.isSafeInteger(v)) return undefined
    sum.add(v)
  }
  return sum.list()
}

/** The exact sum of a float column as partials (ZoneColumn.sum), or undefined (see there). */
function floatSum(data: ColumnData): number[] | undefined {
  const values = data.values as Float64Array
  const valid = isValid(data)
  const sum = new ExactPartials()
  let fractional = false
  for (let row = 0; row < data.length; row++) {
    if (!valid(row)) continue
    const v = values[row]
    if (v - v !== 0) return undefined
    if (!fractional && Math.trunc(v) !== v) fractional = true
    sum.add(v)
  }
  const list = sum.list()
  return list !== undefined && fractional && list.every(Number.isInteger) ? undefined : list
}

function booleanStats(data: ColumnData, zc: ZoneColumn): void {
  const bits = data.values as Uint8Array
  const valid = isValid(data)
  let sawFalse = false
  let sawTrue = false
  for (let row = 0; row < data.length && !(sawFalse && sawTrue); row++) {
    if (!valid(row)) continue
    if ((bits[row >> 3] >> (row & 7)) & 1) sawTrue = true
    else sawFalse = true
  }
  if (!sawFalse && !sawTrue) return
  zc.min = sawFalse ? 0 : 1
  zc.max = sawTrue ? 1 : 0
}

function stringStats(data: ColumnData, zc: ZoneColumn, col: BlockColumn): void {
  // Every dictionary entry of a block we built is used, and entries are distinct (format.md); an
  // unused one would only loosen the stats. A builder hands its dictionary over: no UTF-8 decode.
  if (col.dictionary !== undefined && !col.dictionary.supplementary) {
    utf8StringStats(col.dictionary, zc, data)
    return
  }
  const entries = utf8Strings(data.dictionary)
  if (entries.length === 0) return
  let min = entries[0]
  let max = entries[0]
  for (let i = 1; i < entries.length; i++) {
    const v = entries[i]
    if (v < min) min = v
    else if (v > max) max = v
  }
  zc.min = lowerBound(min, ZONE_STRING_BOUND_CHARS)
  zc.max = upperBound(max, ZONE_STRING_BOUND_CHARS)
  // Sort (and deduplicate, for dictionaries from elsewhere) only a list short enough to keep.
  const distinct =
    entries.length <= ZONE_VALUES_MAX_COUNT ? [...new Set(entries)].sort(compareStrings) : undefined
  if (distinct !== undefined && utf8Total(distinct) <= ZONE_VALUES_MAX_BYTES) {
    zc.values = distinct
    // A dictionary from elsewhere may repeat an entry: its codes add up, the earliest row wins.
    const { counts, firsts } = codeRows(data, entries.length)
    const byValue = new Map<string, { count: number; first: number }>()
    for (let i = 0; i < entries.length; i++) {
      const seen = byValue.get(entries[i])
      if (!seen) byValue.set(entries[i], { count: counts[i], first: firsts[i] })
      else {
        seen.count += counts[i]
        if (firsts[i] >= 0 && (seen.first < 0 || firsts[i] < seen.first)) seen.first = firsts[i]
      }
    }
    zc.counts = distinct.map((v) => byValue.get(v)?.count ?? 0)
    zc.firsts = distinct.map((v) => byValue.get(v)?.first ?? -1)
  } else zc.bloom = bloomOfDictionary(data, entries)
}

/**
 * stringStats over a builder's dictionary, compared as UTF-8 bytes (the same order as JS strings
 * without characters beyond U+FFFF), decoding only the bounds and a short value list.
 */
function utf8StringStats(dict: Utf8Dictionary, zc: ZoneColumn, data: ColumnData): void {
  const n = dict.size
  if (n === 0) return
  let min = 0
  let max = 0
  for (let i = 1; i < n; i++) {
    if (dict.compare(i, min) < 0) min = i
    else if (dict.compare(i, max) > 0) max = i
  }
  zc.min = lowerBound(dict.entry(min), ZONE_STRING_BOUND_CHARS)
  zc.max = upperBound(dict.entry(max), ZONE_STRING_BOUND_CHARS)
  if (n <= ZONE_VALUES_MAX_COUNT && dict.bytes.length <= ZONE_VALUES_MAX_BYTES) {
    const entries: string[] = []
    for (let i = 0; i < n; i++) entries.push(dict.entry(i))
    const order = entries.map((_, i) => i).sort((a, b) => compareStrings(entries[a], entries[b]))
    const { counts, firsts } = codeRows(data, n)
    zc.values = order.map((i) => entries[i])
    zc.counts = order.map((i) => counts[i])
    zc.firsts = order.map((i) => firsts[i])
  } else zc.bloom = bloomCreateFromHashes(dict.hashes)
}

/** The bloom filter of a dictionary's entries, hashed from its UTF-8 buffer when it has one. */
function bloomOfDictionary(data: ColumnData, entries: readonly string[]): string {
  const dict = data.dictionary?.data
  if (dict?.length === 1 && dict[0].offset === 0 && dict[0].length === entries.length) {
    const { values, valueOffsets } = dict[0]
    if (values instanceof Uint8Array && valueOffsets instanceof Int32Array)
      return bloomCreateUtf8(values, valueOffsets, entries.length)
  }
  return bloomCreate(entries)
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function utf8Total(values: readonly string[]): number {
  let total = 0
  for (const v of values) total += Buffer.byteLength(v, 'utf8')
  return total
}

const blooms = new WeakMap<ZoneColumn, Uint8Array | null>()

function bloomOf(zc: ZoneColumn): Uint8Array | undefined {
  let bytes = blooms.get(zc)
  if (bytes === undefined) {
    bytes = (zc.bloom !== undefined ? bloomDecode(zc.bloom) : undefined) ?? null
    blooms.set(zc, bytes)
  }
  return bytes ?? undefined
}

/** False only when no row of the column can equal `s` (case-sensitive); true for non-string columns. */
export function zoneMayEqual(zc: ZoneColumn, s: string): boolean {
  if (zc.type !== 'string') return true
  if (zc.values) return zc.values.includes(s)
  if (typeof zc.min === 'string' && s < zc.min) return false
  if (typeof zc.max === 'string' && s > zc.max) return false
  const bloom = bloomOf(zc)
  return bloom === undefined || bloomMayContain(bloom, s)
}

/** False only when no row of the column can start with `prefix`; true for non-string columns. */
export function zoneMayHavePrefix(zc: ZoneColumn, prefix: string): boolean {
  if (zc.type !== 'string' || prefix === '') return true
  if (zc.values) return zc.values.some((v) => v.startsWith(prefix))
  if (typeof zc.max === 'string' && zc.max < prefix) return false
  const upper = prefixSuccessor(prefix)
  return !(upper !== undefined && typeof zc.min === 'string' && zc.min >= upper)
}
