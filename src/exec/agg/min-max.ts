// exec/agg/min-max.ts: min(expr) / max(expr) over numbers, int64s (long, datetime and timespan in ns,
// exact past 2^53), strings and booleans. Result in the input's domain; null over no rows.
// A datetime comes back as its epoch-ns int64 (number when safe, else bigint); the executor re-types it.

import { type AggState, AggStateBase, sameKind } from './agg-state.ts'
import type { ByteReader, ByteWriter } from './bytes.ts'
import type { CodeDictionary } from './code-dictionary.ts'
import { Extremum } from './extremum.ts'
import { isSafeWords, TWO_32 } from './int64-words.ts'

/** The value types min/max return. */
export type MinMaxResult = number | bigint | string | boolean | null

/** min(expr) or max(expr). */
export class MinMaxState extends AggStateBase<MinMaxResult> {
  readonly kind: 'min' | 'max'
  /** +1 for max, −1 for min: a candidate wins when sign × order > 0. */
  private readonly sign: number
  private readonly best = new Extremum()

  constructor(kind: 'min' | 'max') {
    super()
    this.kind = kind
    this.sign = kind === 'max' ? 1 : -1
  }

  addNumber(x: number): void {
    if (Number.isNaN(x)) return
    const b = this.best
    if (b.empty || this.sign * b.cmpNumber(x) > 0) b.setNumber(x)
  }

  override addInt64(hi: number, lo: number): void {
    if (isSafeWords(hi, lo)) {
      this.addNumber(hi * TWO_32 + (lo >>> 0))
      return
    }
    const b = this.best
    if (b.empty || this.sign * b.cmpWords(hi, lo) > 0) b.setWords(hi, lo)
  }

  override addString(s: string): void {
    const b = this.best
    if (b.empty || this.sign * b.cmpString(s) > 0) b.setString(s)
  }

  override addBool(v: boolean): void {
    const b = this.best
    if (b.empty || this.sign * b.cmpBool(v) > 0) b.setBool(v)
  }

  // Batch loops repeated in this class on purpose (monomorphic, so doubles stay unboxed: see AggStateBase).
  override addNumbers(values: Float64Array, rows: Uint32Array | null, from: number, to: number): void {
    // The segment's own extreme first (its first occurrence, as row-by-row offers would keep), then
    // one offer: a candidate equal to the best loses either way.
    const x = this.sign > 0 ? segmentMax(values, rows, from, to) : segmentMin(values, rows, from, to)
    const b = this.best
    if (!Number.isNaN(x) && (b.empty || this.sign * b.cmpNumber(x) > 0)) b.setNumber(x)
  }
  override addInt64s(words: Int32Array, rows: Uint32Array | null, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const r = rows === null ? i : rows[i]
      this.addInt64(words[2 * r + 1], words[2 * r])
    }
  }
  override addCodes(
    codes: Int32Array,
    dict: CodeDictionary,
    rows: Uint32Array | null,
    from: number,
    to: number,
  ): void {
    for (let i = from; i < to; i++) this.addCode(codes[rows === null ? i : rows[i]], dict)
  }

  merge(other: AggState<MinMaxResult>): void {
    const o = sameKind(this, other, MinMaxState).best
    if (o.empty) return
    if (this.best.empty || this.sign * this.best.cmpOther(o) > 0) this.best.copy(o)
  }

  result(): MinMaxResult {
    return this.best.value()
  }

  protected writeBody(w: ByteWriter): void {
    this.best.write(w)
  }

  /** Reads a state written by `serialize` (after the header). */
  static read(kind: 'min' | 'max', r: ByteReader): MinMaxState {
    const s = new MinMaxState(kind)
    s.best.read(r)
    return s
  }
}

// Leaf loops over a segment: the first largest / smallest non-NaN value, NaN when there is none.
// (`x > m` is false for a NaN x, so after the first non-NaN value NaNs drop out by themselves.)

function at(values: Float64Array, rows: Uint32Array | null, i: number): number {
  return rows === null ? values[i] : values[rows[i]]
}

/** Index of the first non-NaN value of the segment, or `to`. */
function firstNumber(values: Float64Array, rows: Uint32Array | null, from: number, to: number): number {
  let i = from
  while (i < to && Number.isNaN(at(values, rows, i))) i++
  return i
}

function segmentMax(values: Float64Array, rows: Uint32Array | null, from: number, to: number): number {
  const first = firstNumber(values, rows, from, to)
  if (first === to) return Number.NaN
  let m = at(values, rows, first)
  if (rows === null) {
    for (let i = first + 1; i < to; i++) if (values[i] > m) m = values[i]
  } else for (let i = first + 1; i < to; i++) if (values[rows[i]] > m) m = values[rows[i]]
  return m
}

function segmentMin(values: Float64Array, rows: Uint32Array | null, from: number, to: number): number {
  const first = firstNumber(values, rows, from, to)
  if (first === to) return Number.NaN
  let m = at(values, rows, first)
  if (rows === null) {
    for (let i = first + 1; i < to; i++) if (values[i] < m) m = values[i]
  } else for (let i = first + 1; i < to; i++) if (values[rows[i]] < m) m = values[rows[i]]
  return m
}
