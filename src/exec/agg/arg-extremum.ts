// exec/agg/arg-extremum.ts: arg_min / arg_max — the extreme value plus an opaque payload (the row's
// other requested fields). The payload is captured only when a row becomes the new best. Ties keep the
// row with the smallest ordinal, so every block split and merge order picks the same row.

import { type AggState, AggStateBase, type PayloadSource, sameKind } from './agg-state.ts'
import type { ByteReader, ByteWriter } from './bytes.ts'
import type { CodeDictionary } from './code-dictionary.ts'
import { Extremum } from './extremum.ts'
import { bigintToWords, isSafeWords, TWO_32, wordsOut } from './int64-words.ts'
import type { MinMaxResult } from './min-max.ts'
import { readValue, writeValue } from './value-codec.ts'

/** arg_min/arg_max result: the extreme value and the payload of its row. */
export interface ArgResult {
  readonly value: Exclude<MinMaxResult, null>
  readonly payload: unknown
}

/** Payload source of the untyped add paths: rows added without a source carry a null payload. */
const NO_PAYLOAD: PayloadSource = { capture: () => null }

/**
 * arg_min(expr, …) / arg_max(expr, …). Use the `*At` paths: `ordinal` is unique per input row of the
 * query (smaller = earlier, e.g. block index × 2^20 + row) and `source.capture(ordinal)` yields the
 * payload. The plain add paths use ordinal +Infinity (ties keep the first such row) and a null payload.
 */
export class ArgExtremumState extends AggStateBase<ArgResult | null> {
  readonly kind: 'arg_min' | 'arg_max'
  private readonly sign: number
  private readonly best = new Extremum()
  /** Ordinal of the best row (+Infinity when added without one). */
  private ordinal = Number.POSITIVE_INFINITY
  private payload: unknown = null

  constructor(kind: 'arg_min' | 'arg_max') {
    super()
    this.kind = kind
    this.sign = kind === 'arg_max' ? 1 : -1
  }

  /** True when a candidate with order `c` (sign applied) and `ordinal` loses to the best. */
  private loses(c: number, ordinal: number): boolean {
    return c < 0 || (c === 0 && ordinal >= this.ordinal)
  }

  private take(ordinal: number, source: PayloadSource): void {
    this.ordinal = ordinal
    this.payload = source.capture(ordinal)
  }

  /** Offers a double for row `ordinal`. */
  addNumberAt(x: number, ordinal: number, source: PayloadSource): void {
    if (Number.isNaN(x)) return
    const b = this.best
    if (!b.empty && this.loses(this.sign * b.cmpNumber(x), ordinal)) return
    b.setNumber(x)
    this.take(ordinal, source)
  }

  /** Offers an int64 (words) for row `ordinal`. */
  addInt64At(hi: number, lo: number, ordinal: number, source: PayloadSource): void {
    if (isSafeWords(hi, lo)) {
      this.addNumberAt(hi * TWO_32 + (lo >>> 0), ordinal, source)
      return
    }
    const b = this.best
    if (!b.empty && this.loses(this.sign * b.cmpWords(hi, lo), ordinal)) return
    b.setWords(hi, lo)
    this.take(ordinal, source)
  }

  /** Offers a string for row `ordinal`. */
  addStringAt(s: string, ordinal: number, source: PayloadSource): void {
    const b = this.best
    if (!b.empty && this.loses(this.sign * b.cmpString(s), ordinal)) return
    b.setString(s)
    this.take(ordinal, source)
  }

  /** Offers a dictionary-coded string for row `ordinal`. */
  addCodeAt(code: number, dict: CodeDictionary, ordinal: number, source: PayloadSource): void {
    this.addStringAt(dict.values[code], ordinal, source)
  }

  /** Offers a boolean for row `ordinal`. */
  addBoolAt(v: boolean, ordinal: number, source: PayloadSource): void {
    const b = this.best
    if (!b.empty && this.loses(this.sign * b.cmpBool(v), ordinal)) return
    b.setBool(v)
    this.take(ordinal, source)
  }

  /** Offers any value for row `ordinal` (nulls, NaN and dynamic values are skipped). */
  addAt(v: unknown, ordinal: number, source: PayloadSource): void {
    if (typeof v === 'number') this.addNumberAt(v, ordinal, source)
    else if (typeof v === 'string') this.addStringAt(v, ordinal, source)
    else if (typeof v === 'boolean') this.addBoolAt(v, ordinal, source)
    else if (typeof v === 'bigint') {
      bigintToWords(v)
      this.addInt64At(wordsOut[0], wordsOut[1], ordinal, source)
    }
  }

  // Batch forms: cell r is row ordinal `ordinalBase + r`. Loops live in this class on purpose
  // (monomorphic, so doubles stay unboxed: see AggStateBase).

  /** Offers `values[r]` for each selected cell r (rows[i] for i in [from, to), or r = i without `rows`). */
  addNumbersAt(
    values: Float64Array,
    rows: Uint32Array | null,
    from: number,
    to: number,
    ordinalBase: number,
    source: PayloadSource,
  ): void {
    const b = this.best
    for (let i = from; i < to; i++) {
      const r = rows === null ? i : rows[i]
      const x = values[r]
      if (Number.isNaN(x) || (!b.empty && this.loses(this.sign * b.cmpNumber(x), ordinalBase + r))) continue
      b.setNumber(x)
      this.take(ordinalBase + r, source)
    }
  }

  /** Offers int64 cells of an Int32 pair view (words[2r] low, words[2r + 1] high). */
  addInt64sAt(
    words: Int32Array,
    rows: Uint32Array | null,
    from: number,
    to: number,
    ordinalBase: number,
    source: PayloadSource,
  ): void {
    for (let i = from; i < to; i++) {
      const r = rows === null ? i : rows[i]
      this.addInt64At(words[2 * r + 1], words[2 * r], ordinalBase + r, source)
    }
  }

  /** Offers dictionary codes. */
  addCodesAt(
    codes: Int32Array,
    dict: CodeDictionary,
    rows: Uint32Array | null,
    from: number,
    to: number,
    ordinalBase: number,
    source: PayloadSource,
  ): void {
    for (let i = from; i < to; i++) {
      const r = rows === null ? i : rows[i]
      this.addStringAt(dict.values[codes[r]], ordinalBase + r, source)
    }
  }

  addNumber(x: number): void {
    this.addNumberAt(x, Number.POSITIVE_INFINITY, NO_PAYLOAD)
  }

  override addInt64(hi: number, lo: number): void {
    this.addInt64At(hi, lo, Number.POSITIVE_INFINITY, NO_PAYLOAD)
  }

  override addString(s: string): void {
    this.addStringAt(s, Number.POSITIVE_INFINITY, NO_PAYLOAD)
  }

  override addBool(v: boolean): void {
    this.addBoolAt(v, Number.POSITIVE_INFINITY, NO_PAYLOAD)
  }

  /**
   * Moves the best row `by` ordinals later: a partial state whose ordinals counted from 0 takes its
   * place after `by` rows of earlier partials, so merged ties still keep the first row in scan order.
   */
  offsetOrdinals(by: number): void {
    this.ordinal += by
  }

  merge(other: AggState<ArgResult | null>): void {
    const o = sameKind(this, other, ArgExtremumState)
    if (o.best.empty) return
    if (!this.best.empty && this.loses(this.sign * this.best.cmpOther(o.best), o.ordinal)) return
    this.best.copy(o.best)
    this.ordinal = o.ordinal
    this.payload = o.payload
  }

  result(): ArgResult | null {
    const value = this.best.value()
    return value === null ? null : { value, payload: this.payload }
  }

  protected writeBody(w: ByteWriter): void {
    this.best.write(w)
    w.f64(this.ordinal)
    writeValue(w, this.payload)
  }

  /** Reads a state written by `serialize` (after the header). */
  static read(kind: 'arg_min' | 'arg_max', r: ByteReader): ArgExtremumState {
    const s = new ArgExtremumState(kind)
    s.best.read(r)
    s.ordinal = r.f64()
    s.payload = readValue(r)
    return s
  }
}
