// exec/scan/arrow-to-vec.ts: storage columns (Arrow vectors of one block, single chunk at offset 0)
// → executor vectors, without a BigInt per row. Dictionary indices are reused as string codes, and
// Float64 values without copying. Int64 becomes float64 (exact within ±2^53; a column holding a value
// beyond that becomes exact cells, bigint where needed, on the slow path); nanosecond timestamps
// become exact (ms, ns) pairs. Results are cached on the Arrow vector itself (util/object-memo.ts: no
// WeakMap, whose values V8 marks in a GC's pause), which the block cache keeps. A
// sparse column's values convert alone, then are placed at their rows (sparse-vec.ts).
import type * as arrow from 'apache-arrow'
import { type BlockColumn, utf8Strings } from '../../storage/block/index.ts'
import { denseIndices, rangeIndices, valueIndices } from '../../storage/block/sparse.ts'
import { ObjectMemo } from '../../util/object-memo.ts'
import { takeVec } from '../batch.ts'
import type { Cell, CellJson } from '../result.ts'
import type { BoolVec, DynVec, MixedVec, NumVec, SpanVec, StrVec, TimeVec, Vec } from '../vector.ts'
import { gatherOrNull } from './sparse-vec.ts'

const TWO_32 = 4294967296
/** 2^32 = 4294 · 10^6 + 967296: splits hi·2^32 into whole milliseconds and a small remainder. */
const HI_MS = 4294
const HI_REM = 967296

const cache = new ObjectMemo<arrow.Vector, Vec>('apldb.vec')

/**
 * Row `j` of every converter's output is row `rows[j]` of the Arrow data, or row `j` when `rows` is
 * null (the whole column). The late columns of a top-N convert just their rows this way.
 */
type Rows = ArrayLike<number> | null

function validity(data: arrow.Data, n: number, rows: Rows = null): Uint8Array | null {
  if (!data.nullBitmap || data.nullCount === 0) return null
  const bits = data.nullBitmap
  const m = rows === null ? n : rows.length
  const out = new Uint8Array(m)
  for (let j = 0; j < m; j++) {
    const i = rows === null ? j : rows[j]
    out[j] = (bits[i >> 3] >> (i & 7)) & 1
  }
  return out
}

function int32Words(values: BigInt64Array): Int32Array {
  return new Int32Array(values.buffer, values.byteOffset, values.length * 2)
}

function toNum(data: arrow.Data, n: number, type: 'long' | 'real', rows: Rows = null): NumVec | MixedVec {
  if (type === 'real') {
    const all = data.values as Float64Array
    const values = rows === null ? all : Float64Array.from(rows, (i) => all[i])
    return { kind: 'num', type, values, valid: validity(data, n, rows) }
  }
  const w = int32Words(data.values as BigInt64Array)
  const m = rows === null ? n : rows.length
  const out = new Float64Array(m)
  let big = 0
  for (let j = 0; j < m; j++) {
    const i = rows === null ? j : rows[j]
    const hi = w[2 * i + 1]
    out[j] = hi * TWO_32 + (w[2 * i] >>> 0)
    big |= +(hi >= 0x200000 || hi < -0x200000)
  }
  const valid = validity(data, n, rows)
  if (big === 0) return { kind: 'num', type, values: out, valid }
  return { kind: 'mixed', values: exactLongs(data.values as BigInt64Array, out, valid, rows) }
}

/** Cells of a long column holding values beyond ±2^53: numbers where safe, exact bigints elsewhere. */
function exactLongs(
  values: BigInt64Array,
  approx: Float64Array,
  valid: Uint8Array | null,
  rows: Rows,
): Cell[] {
  const out: Cell[] = new Array(approx.length)
  for (let j = 0; j < approx.length; j++) {
    if (valid !== null && !valid[j]) out[j] = null
    else out[j] = Number.isSafeInteger(approx[j]) ? approx[j] : values[rows === null ? j : rows[j]]
  }
  return out
}

/** int64 nanoseconds as float64 (exact within ±2^53 ns, about ±104 days). */
function toSpan(data: arrow.Data, n: number, rows: Rows = null): SpanVec {
  const w = int32Words(data.values as BigInt64Array)
  const m = rows === null ? n : rows.length
  const out = new Float64Array(m)
  for (let j = 0; j < m; j++) {
    const i = rows === null ? j : rows[j]
    out[j] = w[2 * i + 1] * TWO_32 + (w[2 * i] >>> 0)
  }
  return { kind: 'span', values: out, valid: validity(data, n, rows) }
}

/** Exact split of int64 epoch ns (as lo/hi words) into integral ms and a 0–999,999 ns remainder. */
function toTime(data: arrow.Data, n: number, rows: Rows = null): TimeVec {
  const w = int32Words(data.values as BigInt64Array)
  const m = rows === null ? n : rows.length
  const ms = new Float64Array(m)
  const ns = new Int32Array(m)
  for (let j = 0; j < m; j++) {
    const i = rows === null ? j : rows[j]
    const hi = w[2 * i + 1]
    // value = hi·2^32 + lo = 10^6·(hi·4294) + r, with |r| < 2^52 exact in a double.
    const r = hi * HI_REM + (w[2 * i] >>> 0)
    const q = Math.floor(r / 1e6)
    ms[j] = hi * HI_MS + q
    ns[j] = r - q * 1e6
  }
  return { kind: 'time', ms, ns, valid: validity(data, n, rows) }
}

function toBool(data: arrow.Data, n: number, rows: Rows = null): BoolVec {
  const bits = data.values as Uint8Array
  const m = rows === null ? n : rows.length
  const out = new Uint8Array(m)
  for (let j = 0; j < m; j++) {
    const i = rows === null ? j : rows[j]
    out[j] = (bits[i >> 3] >> (i & 7)) & 1
  }
  return { kind: 'bool', values: out, valid: validity(data, n, rows) }
}

function toStr(data: arrow.Data, n: number): StrVec {
  const dict = utf8Strings(data.dictionary)
  const valid = validity(data, n)
  const idx = data.values as Int32Array
  if (!valid) return { kind: 'str', codes: idx, dict }
  const codes = new Int32Array(n)
  for (let i = 0; i < n; i++) codes[i] = valid[i] ? idx[i] : -1
  return { kind: 'str', codes, dict }
}

function toDyn(vector: arrow.Vector, n: number, rows: Rows = null): DynVec {
  const m = rows === null ? n : rows.length
  const out: (CellJson | null)[] = new Array(m)
  for (let j = 0; j < m; j++) {
    const text = vector.get(rows === null ? j : rows[j]) as string | null
    out[j] = text === null ? null : (JSON.parse(text) as CellJson)
  }
  return { kind: 'dyn', values: out }
}

/** Values of sparse columns as executor vectors (one row per value), per Arrow vector. */
const valuesCache = new ObjectMemo<arrow.Vector, Vec>('apldb.sparseValues')

/**
 * The executor vector of one storage column of a block of `rowCount` rows (cached per Arrow
 * vector); a sparse column's values are placed at their rows, null elsewhere.
 */
export function columnToVec(col: BlockColumn, rowCount = col.vector.length): Vec {
  const hit = cache.get(col.vector)
  if (hit) return hit
  const positions = col.positions
  const v =
    positions === undefined
      ? valuesToVec(col)
      : gatherOrNull(sparseValues(col), denseIndices(positions, rowCount))
  cache.set(col.vector, v)
  return v
}

/** A sparse column at block rows `rows` (any order): O(rows · log values), never the whole block. */
export function sparseRowsToVec(col: BlockColumn & { positions: Int32Array }, rows: ArrayLike<number>): Vec {
  return gatherOrNull(sparseValues(col), valueIndices(col.positions, rows))
}

/** A sparse column's block rows [start, end): O(rows + values there). */
export function sparseRangeToVec(
  col: BlockColumn & { positions: Int32Array },
  start: number,
  end: number,
): Vec {
  return gatherOrNull(sparseValues(col), rangeIndices(col.positions, start, end))
}

/** A sparse column's values, one row per value (cached per Arrow vector). */
export function sparseValues(col: BlockColumn): Vec {
  let v = valuesCache.get(col.vector)
  if (v === undefined) {
    v = valuesToVec(col)
    valuesCache.set(col.vector, v)
  }
  return v
}

/** The executor vector of a column's Arrow data, row for row (a sparse column: value for value). */
function valuesToVec(col: BlockColumn, rows: Rows = null): Vec {
  const data = col.vector.data[0]
  const n = col.vector.length
  let v: Vec
  switch (col.type) {
    case 'integer':
      v = toNum(data, n, 'long', rows)
      break
    case 'float':
      v = toNum(data, n, 'real', rows)
      break
    case 'datetime':
      v = toTime(data, n, rows)
      break
    case 'boolean':
      v = toBool(data, n, rows)
      break
    case 'string':
      v = rows === null ? toStr(data, n) : takeVec(toStr(data, n), Uint32Array.from(rows))
      break
    case 'timespan':
      v = toSpan(data, n, rows)
      break
    case 'array':
    case 'map':
      v = toDyn(col.vector, n, rows)
      break
  }
  return v
}

/** Per integer Arrow vector: whether it holds a value beyond ±2^53 (scanned once, then cached). */
const bigLongs = new WeakMap<arrow.Vector, boolean>()

/** True when an integer column holds a value beyond ±2^53 (its vector is then exact cells). */
function holdsBigLongs(vector: arrow.Vector): boolean {
  let big = bigLongs.get(vector)
  if (big === undefined) {
    const w = int32Words(vector.data[0].values as BigInt64Array)
    big = false
    for (let i = 0; i < vector.length && !big; i++) big = w[2 * i + 1] >= 0x200000 || w[2 * i + 1] < -0x200000
    bigLongs.set(vector, big)
  }
  return big
}

/**
 * A dense column at block rows `rows` (any order), converting only those rows: what
 * `takeVec(columnToVec(col), rows)` gives, without the whole block's vector. An integer column
 * holding a value beyond ±2^53 anywhere takes the whole-column path, so its rows read as exact
 * cells just as an early read would.
 */
export function denseRowsToVec(col: BlockColumn, rows: Uint32Array): Vec {
  const hit = cache.get(col.vector)
  if (hit) return takeVec(hit, rows)
  if (col.type === 'integer' && holdsBigLongs(col.vector)) return takeVec(columnToVec(col), rows)
  return valuesToVec(col, rows)
}
