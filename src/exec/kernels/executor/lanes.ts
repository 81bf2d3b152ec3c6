// exec/kernels/executor/lanes.ts: the value types a per-value kernel function sees ("lanes"), and
// how an argument vector of any layout is read in its lane once per call: strings as dictionary
// codes (any layout by its `tostring` text), numbers from typed arrays, constants as one value,
// mixed and dynamic columns cell by cell. No per-row allocation except where a lane's value is
// itself an object (datetime as bigint, dynamic values).
import type { CellJson } from '../../result.ts'
import type { StrVec, TimeVec, Vec } from '../../vector.ts'
import { cellAt, timeAt } from '../../vector.ts'
import { jsonAt } from '../arg-views.ts'
import { asStr } from '../coerce.ts'
import { constantOf } from '../constants.ts'

/**
 * How a per-value function sees one argument:
 * `string` any value by its `tostring` text; `long` a number truncated toward zero (booleans 0/1);
 * `real`/`number` a number as is (booleans 0/1); `bool` a boolean; `datetime` epoch ns as a bigint
 * (exact); `datetime_ms` epoch ms as a number (sub-millisecond part dropped; no allocation);
 * `timespan` ns as a number; `dynamic` the value as JSON (datetimes as RFC 3339 text). A value of
 * another kind (a string in a `long` lane) reads as null.
 */
export type ValueLane =
  | 'string'
  | 'long'
  | 'real'
  | 'number'
  | 'bool'
  | 'datetime'
  | 'datetime_ms'
  | 'timespan'
  | 'dynamic'

/** An argument lane; a trailing `?` marks an optional parameter (its value is `undefined` when omitted). */
export type ArgLane = ValueLane | `${ValueLane}?`

/**
 * What a per-value function returns (null for a null result): the same names as ValueLane, and
 * `long64`, an exact 64-bit integer (a number when safe, else a bigint; held exactly beyond ±2^53).
 */
export type ResultLane = Exclude<ValueLane, 'number'> | 'long64'

/** The JS type of a lane's values. */
export type LaneValue<L extends string> = L extends 'long64'
  ? number | bigint
  : L extends 'string'
    ? string
    : L extends 'bool'
      ? boolean
      : L extends 'datetime'
        ? bigint
        : L extends 'dynamic'
          ? CellJson
          : number

/** The JS type of an argument lane's values (`undefined` when an optional one was omitted). */
export type ArgValue<L extends ArgLane> = L extends `${infer B}?` ? LaneValue<B> | undefined : LaneValue<L>

/** An argument vector read in its lane, once per call. */
export type LaneArg =
  /** The same value at every row (`undefined`: an omitted optional argument). */
  | { readonly kind: 'const'; readonly value: unknown }
  /** Dictionary strings: the unit of work is the entry. */
  | { readonly kind: 'str'; readonly vec: StrVec }
  /** Numbers in a typed array, `valid` 0 = null. */
  | { readonly kind: 'num'; readonly values: Float64Array; readonly valid: Uint8Array | null }
  /** Booleans as 0/1, `valid` 0 = null. */
  | { readonly kind: 'bool'; readonly values: Uint8Array; readonly valid: Uint8Array | null }
  /** Anything else, row by row. */
  | { readonly kind: 'cells'; readonly at: (i: number) => unknown }

/** The lane of an argument lane without its optional mark. */
export function baseLane(lane: ArgLane): ValueLane {
  return (lane.endsWith('?') ? lane.slice(0, -1) : lane) as ValueLane
}

/** Row `i` of `a` in its lane (null for null). */
export function valueAt(a: LaneArg, i: number): unknown {
  switch (a.kind) {
    case 'const':
      return a.value
    case 'str': {
      const c = a.vec.codes[i]
      return c < 0 ? null : a.vec.dict[c]
    }
    case 'num':
      return a.valid !== null && a.valid[i] === 0 ? null : a.values[i]
    case 'bool':
      return a.valid !== null && a.valid[i] === 0 ? null : a.values[i] === 1
    case 'cells':
      return a.at(i)
  }
}

/** A canonical cell (or JSON value) read in a number lane: numbers and booleans; else null. */
function numberOf(c: unknown, truncate: boolean): number | null {
  const x = typeof c === 'number' ? c : typeof c === 'bigint' ? Number(c) : typeof c === 'boolean' ? +c : null
  return x === null ? null : truncate ? Math.trunc(x) : x
}

/** The time layout of `v`: itself, or the time part of a split mixed vector. */
function timePart(v: Vec): TimeVec | undefined {
  if (v.kind === 'time') return v
  return v.kind === 'mixed' ? v.parts?.find((p): p is TimeVec => p.kind === 'time') : undefined
}

/** The timespan values of `v`: itself, or the span part of a split mixed vector. */
function spanPart(v: Vec): Extract<Vec, { kind: 'span' }> | undefined {
  if (v.kind === 'span') return v
  return v.kind === 'mixed'
    ? v.parts?.find((p): p is Extract<Vec, { kind: 'span' }> => p.kind === 'span')
    : undefined
}

/** `values` truncated toward zero (a copy), for a `long` lane fed a real column. */
function truncated(values: Float64Array): Float64Array {
  const out = new Float64Array(values.length)
  for (let i = 0; i < values.length; i++) out[i] = Math.trunc(values[i])
  return out
}

/** The constant value of `v` in `lane` (read from row 0), or undefined when `v` is not a constant. */
function constantIn(v: Vec, lane: ValueLane, n: number): LaneArg | undefined {
  if (constantOf(v) === undefined || n === 0) return undefined
  const one = readVec(v, lane, n)
  return { kind: 'const', value: valueAt(one, 0) }
}

/** `v` read in `lane`, as a whole (see LaneArg); `n` rows. */
function readVec(v: Vec, lane: ValueLane, n: number): LaneArg {
  switch (lane) {
    case 'string':
      return { kind: 'str', vec: asStr(v, n) }
    case 'long':
    case 'real':
    case 'number': {
      const truncate = lane === 'long'
      if (v.kind === 'num') {
        const exact = !truncate || v.type === 'long'
        return { kind: 'num', values: exact ? v.values : truncated(v.values), valid: v.valid }
      }
      if (v.kind === 'bool') return { kind: 'cells', at: (i) => (v.valid?.[i] === 0 ? null : v.values[i]) }
      if (v.kind === 'dyn' || v.kind === 'mixed')
        return { kind: 'cells', at: (i) => numberOf(v.values[i], truncate) }
      return { kind: 'const', value: null }
    }
    case 'bool':
      if (v.kind === 'bool') return { kind: 'bool', values: v.values, valid: v.valid }
      return { kind: 'cells', at: (i) => (typeof cellAt(v, i) === 'boolean' ? cellAt(v, i) : null) }
    case 'datetime': {
      const t = timePart(v)
      return t
        ? { kind: 'cells', at: (i) => (t.valid?.[i] === 0 ? null : timeAt(t, i)) }
        : { kind: 'const', value: null }
    }
    case 'datetime_ms': {
      const t = timePart(v)
      return t ? { kind: 'num', values: t.ms, valid: t.valid } : { kind: 'const', value: null }
    }
    case 'timespan': {
      const s = spanPart(v)
      return s ? { kind: 'num', values: s.values, valid: s.valid } : { kind: 'const', value: null }
    }
    case 'dynamic':
      return { kind: 'cells', at: (i) => jsonAt(v, i) }
  }
}

/**
 * Argument `v` (or an omitted optional one: `undefined`) read in `lane` over `n` rows: a constant as
 * one value, otherwise as a whole vector.
 */
export function readArg(v: Vec | undefined, lane: ArgLane, n: number): LaneArg {
  if (v === undefined) return { kind: 'const', value: undefined }
  const base = baseLane(lane)
  return constantIn(v, base, n) ?? readVec(v, base, n)
}
