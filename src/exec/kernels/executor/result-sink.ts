// exec/kernels/executor/result-sink.ts: collects a per-value function's results row by row into the
// vector of its result lane (typed arrays, strings interned into a fresh dictionary), then shapes it
// as the call's bound type asks (a dynamic or mixed result holds the same values as cells).
import type { AplType } from '../../../catalog/index.ts'
import type { Cell, CellJson } from '../../result.ts'
import type { Vec } from '../../vector.ts'
import { cellAt } from '../../vector.ts'
import { jsonAt, StringInterner } from '../arg-views.ts'
import { splitNs } from '../constants.ts'
import type { ResultLane } from './lanes.ts'

/** Where results go: `put(i, r)` for row i (rows never put stay null), then `finish()` once. */
export interface ResultSink {
  put(i: number, r: unknown): void
  finish(): Vec
}

/** Numbers into a Float64Array; NaN in a `long` lane is null (an integer has no NaN). */
class NumberSink implements ResultSink {
  readonly values: Float64Array
  readonly valid: Uint8Array
  readonly #lane: 'long' | 'real' | 'timespan' | 'datetime_ms'

  constructor(lane: 'long' | 'real' | 'timespan' | 'datetime_ms', n: number) {
    this.#lane = lane
    this.values = new Float64Array(n)
    this.valid = new Uint8Array(n)
  }

  put(i: number, r: unknown): void {
    if (r === null || (this.#lane !== 'real' && Number.isNaN(r))) return
    this.values[i] = r as number
    this.valid[i] = 1
  }

  finish(): Vec {
    return numberVec(this.#lane, this.values, this.valid)
  }
}

/** Numbers of a number lane as its vector (`valid` 0 = null). */
export function numberVec(
  lane: 'long' | 'real' | 'timespan' | 'datetime_ms',
  values: Float64Array,
  valid: Uint8Array | null,
): Vec {
  switch (lane) {
    case 'long':
    case 'real':
      return { kind: 'num', type: lane, values, valid }
    case 'timespan':
      return { kind: 'span', values, valid }
    case 'datetime_ms':
      return { kind: 'time', ms: values, ns: new Int32Array(values.length), valid }
  }
}

/**
 * Exact 64-bit integers: numbers into a Float64Array; a bigint beyond ±2^53 switches the result to
 * exact cells (the engine's slow, exact long layout, as a scan of such a column gives).
 */
class Long64Sink implements ResultSink {
  readonly #values: Float64Array
  readonly #valid: Uint8Array
  #big: (bigint | undefined)[] | null = null

  constructor(n: number) {
    this.#values = new Float64Array(n)
    this.#valid = new Uint8Array(n)
  }

  put(i: number, r: unknown): void {
    if (r === null) return
    this.#valid[i] = 1
    if (typeof r === 'number') {
      this.#values[i] = r
      return
    }
    const x = Number(r as bigint)
    if (Number.isSafeInteger(x)) this.#values[i] = x
    else {
      this.#big ??= new Array(this.#values.length)
      this.#big[i] = r as bigint
    }
  }

  finish(): Vec {
    const big = this.#big
    if (big === null) return { kind: 'num', type: 'long', values: this.#values, valid: this.#valid }
    const cells: Cell[] = new Array(this.#values.length)
    for (let i = 0; i < cells.length; i++)
      cells[i] = this.#valid[i] === 0 ? null : (big[i] ?? this.#values[i])
    return { kind: 'mixed', values: cells }
  }
}

class BoolSink implements ResultSink {
  readonly #values: Uint8Array
  readonly #valid: Uint8Array

  constructor(n: number) {
    this.#values = new Uint8Array(n)
    this.#valid = new Uint8Array(n)
  }

  put(i: number, r: unknown): void {
    if (r === null) return
    this.#values[i] = r ? 1 : 0
    this.#valid[i] = 1
  }

  finish(): Vec {
    return { kind: 'bool', values: this.#values, valid: this.#valid }
  }
}

/** Epoch-ns bigints split exactly into ms and sub-ms ns. */
class TimeSink implements ResultSink {
  readonly #ms: Float64Array
  readonly #ns: Int32Array
  readonly #valid: Uint8Array

  constructor(n: number) {
    this.#ms = new Float64Array(n)
    this.#ns = new Int32Array(n)
    this.#valid = new Uint8Array(n)
  }

  put(i: number, r: unknown): void {
    if (r === null) return
    const t = splitNs(r as bigint)
    this.#ms[i] = t.ms
    this.#ns[i] = t.ns
    this.#valid[i] = 1
  }

  finish(): Vec {
    return { kind: 'time', ms: this.#ms, ns: this.#ns, valid: this.#valid }
  }
}

class StringSink implements ResultSink {
  readonly #codes: Int32Array
  readonly #dict = new StringInterner()

  constructor(n: number) {
    this.#codes = new Int32Array(n).fill(-1)
  }

  put(i: number, r: unknown): void {
    if (r !== null) this.#codes[i] = this.#dict.code(r as string)
  }

  finish(): Vec {
    return { kind: 'str', codes: this.#codes, dict: this.#dict.dict }
  }
}

class DynamicSink implements ResultSink {
  readonly #values: (CellJson | null)[]

  constructor(n: number) {
    this.#values = new Array(n).fill(null)
  }

  put(i: number, r: unknown): void {
    this.#values[i] = r as CellJson | null
  }

  finish(): Vec {
    return { kind: 'dyn', values: this.#values }
  }
}

/** A sink of `n` rows for results of `lane`. */
export function resultSink(lane: ResultLane, n: number): ResultSink {
  switch (lane) {
    case 'long':
    case 'real':
    case 'timespan':
    case 'datetime_ms':
      return new NumberSink(lane, n)
    case 'long64':
      return new Long64Sink(n)
    case 'bool':
      return new BoolSink(n)
    case 'datetime':
      return new TimeSink(n)
    case 'string':
      return new StringSink(n)
    case 'dynamic':
      return new DynamicSink(n)
  }
}

/**
 * `v` shaped as bound type `type` asks: a `dynamic` call (an argument was dynamic) holds its values
 * as JSON, an `unknown` one as mixed cells; any other type keeps the lane's layout.
 */
export function conformResult(v: Vec, type: AplType, n: number): Vec {
  if (type === 'dynamic' && v.kind !== 'dyn') {
    const values: (CellJson | null)[] = new Array(n)
    for (let i = 0; i < n; i++) values[i] = jsonAt(v, i)
    return { kind: 'dyn', values }
  }
  if (type === 'unknown' && v.kind !== 'mixed') {
    const values: Cell[] = new Array(n)
    for (let i = 0; i < n; i++) values[i] = cellAt(v, i)
    // An integral real stays a real in a mixed cell only when marked (reference rule 6).
    if (v.kind !== 'num' || v.type !== 'real') return { kind: 'mixed', values }
    return { kind: 'mixed', values, reals: v.valid ?? new Uint8Array(n).fill(1) }
  }
  return v
}
