// exec/agg/agg-state.ts: the uniform interface of every aggregation state (add, merge, result,
// serialize) and the base class that routes untyped values to the typed add paths.
// States never see plan or executor types: values arrive one at a time or in typed batches.

import { ByteWriter, writeHeader } from './bytes.ts'
import type { CodeDictionary } from './code-dictionary.ts'
import { AggStateError } from './errors.ts'
import { bigintToWords, wordsOut, wordsToNumber } from './int64-words.ts'

/**
 * Where arg_min/arg_max get "the row's other fields": called only when a row becomes the new best,
 * so the executor builds a payload for a handful of rows, not for every row.
 */
export interface PayloadSource {
  /** The payload (opaque to the state; must be serializable by value-codec) of the row `ordinal`. */
  capture(ordinal: number): unknown
}

/**
 * A mergeable partial aggregate. The executor keeps one per (group, aggregation) per worker, feeds
 * it rows through the batch paths (addNumbers / addInt64s / addCodes over a block's typed column and
 * selection), merges partial states of the same kind (possibly after a trip through `serialize` /
 * `deserializeAggState`), and reads `result()` once at the end.
 * Nulls (null/undefined) are ignored by every state except `count`, which counts calls (Kusto: aggregates skip nulls).
 */
export interface AggState<Out = unknown> {
  /** Registry name of the aggregation (`dcount`, `percentiles_array`, …). */
  readonly kind: string
  /** True when `result()` is an estimate (dcount past its exact budget, sketches past their exact range). */
  readonly isEstimate: boolean
  /** Adds one value of any type; dispatches on `typeof` (slow path: use the typed variants in hot loops). */
  add(v: unknown): void
  /**
   * Adds a float64 or safe integer. Allocation-free only where V8 inlines the call (a call site that
   * sees one state class); a loop shared by many state classes boxes each double: use addNumbers there.
   */
  addNumber(x: number): void
  /** Adds an int64 (long, datetime or timespan in ns) as words from an Int32 pair view: hi signed, lo raw bits. */
  addInt64(hi: number, lo: number): void
  /** Adds the dictionary-coded string `dict.values[code]` (no allocation: codes are small integers). */
  addCode(code: number, dict: CodeDictionary): void
  /**
   * Adds `values[i]` for i in [from, to), or `values[rows[i]]` when a selection `rows` is given (it must
   * skip null cells). The batch paths are the allocation-free way to feed a state: see AggStateBase.
   */
  addNumbers(values: Float64Array, rows: Uint32Array | null, from: number, to: number): void
  /** As addNumbers over int64 cells of an Int32 pair view: cell r is words[2r] (low), words[2r + 1] (high). */
  addInt64s(words: Int32Array, rows: Uint32Array | null, from: number, to: number): void
  /** As addNumbers over dictionary codes of `dict`. */
  addCodes(codes: Int32Array, dict: CodeDictionary, rows: Uint32Array | null, from: number, to: number): void
  /** Folds `other` (same kind and parameters, else AGG_MERGE_MISMATCH) into this state; do not reuse `other`. */
  merge(other: AggState<Out>): void
  /** The aggregate of everything added and merged so far. */
  result(): Out
  /** Bytes that `deserializeAggState(kind, bytes)` turns back into an equal state (to cross worker threads). */
  serialize(): Uint8Array
}

/** Base of every state: `add` dispatch, default typed paths, header-framed `serialize`. */
export abstract class AggStateBase<Out> implements AggState<Out> {
  abstract readonly kind: string

  get isEstimate(): boolean {
    return false
  }

  add(v: unknown): void {
    switch (typeof v) {
      case 'number':
        this.addNumber(v)
        return
      case 'string':
        this.addString(v)
        return
      case 'boolean':
        this.addBool(v)
        return
      case 'bigint':
        bigintToWords(v)
        this.addInt64(wordsOut[0], wordsOut[1])
        return
      case 'object':
        if (v !== null) this.addDynamic(v)
        return
    }
  }

  abstract addNumber(x: number): void

  /** Default: the int64 as a double (numeric states: exact within ±2^53). */
  addInt64(hi: number, lo: number): void {
    this.addNumber(wordsToNumber(hi, lo))
  }

  /** Default: strings are ignored (numeric states; a mixed column's odd cells count as null). */
  addString(_s: string): void {}

  addCode(code: number, dict: CodeDictionary): void {
    this.addString(dict.values[code])
  }

  /** Default: booleans are ignored. */
  addBool(_b: boolean): void {}

  /** Default: dynamic values (arrays, objects) are ignored. */
  addDynamic(_v: object): void {}

  // The batch loops below are generic fallbacks. A hot state overrides them with the same one-line
  // loop in its own class body, on purpose: one loop shared by every state class sees many receiver
  // types, so V8 cannot inline the per-row call and must box each double argument (a heap allocation
  // per row). A loop inside the class sees one receiver type, inlines, and keeps doubles unboxed.

  addNumbers(values: Float64Array, rows: Uint32Array | null, from: number, to: number): void {
    for (let i = from; i < to; i++) this.addNumber(rows === null ? values[i] : values[rows[i]])
  }

  addInt64s(words: Int32Array, rows: Uint32Array | null, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const r = rows === null ? i : rows[i]
      this.addInt64(words[2 * r + 1], words[2 * r])
    }
  }

  addCodes(
    codes: Int32Array,
    dict: CodeDictionary,
    rows: Uint32Array | null,
    from: number,
    to: number,
  ): void {
    for (let i = from; i < to; i++) this.addCode(codes[rows === null ? i : rows[i]], dict)
  }

  abstract merge(other: AggState<Out>): void

  abstract result(): Out

  serialize(): Uint8Array {
    const w = new ByteWriter()
    writeHeader(w, this.kind)
    this.writeBody(w)
    return w.finish()
  }

  /** Writes everything after the header: parameters first, then the state. */
  protected abstract writeBody(w: ByteWriter): void
}

/** `other` as a `T` of the same kind as `self`, else AGG_MERGE_MISMATCH. */
export function sameKind<T extends AggState>(
  self: AggState,
  other: AggState,
  ctor: abstract new (...args: never[]) => T,
): T {
  if (!(other instanceof ctor) || other.kind !== self.kind) {
    throw new AggStateError(
      'AGG_MERGE_MISMATCH',
      `cannot merge a '${other.kind}' state into a '${self.kind}' state`,
    )
  }
  if (other === self)
    throw new AggStateError('AGG_MERGE_MISMATCH', `cannot merge a '${self.kind}' state into itself`)
  return other
}

/** Throws AGG_MERGE_MISMATCH when a parameter differs between two states being merged. */
export function sameParam(kind: string, name: string, a: unknown, b: unknown): void {
  if (a !== b) {
    throw new AggStateError(
      'AGG_MERGE_MISMATCH',
      `${kind}: cannot merge states with ${name} ${String(a)} and ${String(b)}`,
    )
  }
}
