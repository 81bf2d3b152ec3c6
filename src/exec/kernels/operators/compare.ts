// exec/kernels/operators/compare.ts: the comparison operators (== != < <= > >= =~ !~) as outcome tables over
// relation codes (relate.ts): one byte-table lookup per row, nulls per apl-reference §3.

import { leafCall } from '../../leaf-call.ts'
import type { BoolVec, StrVec, Vec } from '../../vector.ts'
import { cellAt, stringPart } from '../../vector.ts'
import { constantOf } from '../constants.ts'
import { lookupOutcomes } from '../entry-outcomes.ts'
import type { Kernel } from '../kernel.ts'
import { parseNumber } from '../parse-number.ts'
import {
  BOTH_NULL,
  cmpNum,
  EQ,
  entryRelations,
  GT,
  LT,
  ONE_NULL,
  relate,
  relateCells,
  UNORDERED,
} from './relate.ts'

/** Outcome per relation code (LT, EQ, GT, UNORDERED, ONE_NULL, BOTH_NULL): 1 true, 0 false, 2 null. */
type Outcomes = readonly [number, number, number, number, number, number]

const N = 2
/** A row of a dictionary lookup table decided per row (a null code: null, or another part's row). */
const PER_ROW = 3
/** `null == x` is false, `null == null` null; `null != x` true; ordering with a null is null. */
const OUTCOMES = {
  eq: [0, 1, 0, 0, 0, N],
  ne: [1, 0, 1, 1, 1, N],
  lt: [1, 0, 0, 0, N, N],
  le: [1, 1, 0, 0, N, N],
  gt: [0, 0, 1, 0, N, N],
  ge: [0, 1, 1, 0, N, N],
} as const satisfies Record<string, Outcomes>

/** Maps relation codes through an outcome table into a bool vector (null where the outcome is null). */
export function outcomesToBool(rel: Uint8Array, table: Outcomes): BoolVec {
  const n = rel.length
  const values = new Uint8Array(n)
  const lut = Uint8Array.from(table)
  let valid: Uint8Array | null = null
  for (let i = 0; i < n; i++) {
    const o = lut[rel[i]]
    if (o === N) {
      if (!valid) valid = new Uint8Array(n).fill(1)
      valid[i] = 0
    } else values[i] = o
  }
  return { kind: 'bool', values, valid }
}

/**
 * A number column against a number constant, straight to booleans (the common `where x > 500`): one
 * pass, no relation codes, no constant column read. Undefined when the operands are not of that shape.
 */
function numAgainstConstant(a: Vec, b: Vec, lut: Uint8Array, n: number): BoolVec | undefined {
  if (a.kind !== 'num') return undefined
  const k = constantOf(b)
  if (!k || typeof k.value !== 'number') return undefined
  const values = new Uint8Array(n)
  // Every operator's outcome of LT/EQ/GT/UNORDERED is true or false: nulls are set apart after.
  leafCall(denseOutcomes, a.values, k.value, lut, values)
  const av = a.valid
  if (av === null) return { kind: 'bool', values, valid: null }
  const onNull = lut[ONE_NULL]
  if (onNull !== N) {
    leafCall(blendNulls, values, av, onNull)
    return { kind: 'bool', values, valid: null }
  }
  // A null outcome: false, and not valid, exactly where the column is null.
  leafCall(maskNulls, values, av)
  return { kind: 'bool', values, valid: av.slice() }
}

/** Outcome of each `xs[i]` against `c` into `values`, nulls aside. A leaf loop. */
function denseOutcomes(xs: Float64Array, c: number, lut: Uint8Array, values: Uint8Array): void {
  for (let i = 0; i < values.length; i++) values[i] = lut[cmpNum(xs[i], c)]
}

/** `values[i]` becomes `o` where `av[i]` is 0 (null), without a branch. A leaf loop. */
function blendNulls(values: Uint8Array, av: Uint8Array, o: number): void {
  for (let i = 0; i < values.length; i++) values[i] = values[i] * av[i] + o * (1 - av[i])
}

/** `values[i]` becomes 0 where `av[i]` is 0 (null). A leaf loop. */
function maskNulls(values: Uint8Array, av: Uint8Array): void {
  for (let i = 0; i < values.length; i++) values[i] &= av[i]
}

/**
 * Outcome of row `i` of a split mixed vector held by a part other than its string part, against the
 * constant `c` (`num`: c as a number, NaN when it does not parse): a number part without a cell.
 */
function otherPartOutcome(
  parts: readonly Vec[],
  str: StrVec,
  i: number,
  c: string | number,
  num: number,
  fold: boolean,
  lut: Uint8Array,
): number {
  for (const p of parts) {
    if (p === str) continue
    if (p.kind === 'num') {
      if (p.valid && p.valid[i] !== 1) continue
      return lut[cmpNum(p.values[i], num)]
    }
    const x = cellAt(p, i)
    if (x === null) continue
    if (fold && typeof x === 'string' && typeof c === 'string')
      return lut[relateCells(x.toLowerCase(), c, false)]
    return lut[relateCells(x, c, false)]
  }
  return lut[ONE_NULL]
}

/**
 * A dictionary string column, or a split mixed column through its string part, against a string or
 * number constant, straight to booleans: outcomes per dictionary entry, then one lookup per row.
 */
function stringsAgainstConstant(
  a: Vec,
  b: Vec,
  lut: Uint8Array,
  fold: boolean,
  strict: boolean,
  n: number,
): BoolVec | undefined {
  const k = constantOf(b)
  if (!k || (typeof k.value !== 'string' && typeof k.value !== 'number')) return undefined
  const c = k.value
  let str: StrVec | undefined
  let parts: readonly Vec[] | undefined
  if (a.kind === 'str') {
    // Strict typing refuses a string against a number: the general path raises that error.
    if (strict && typeof c !== 'string') return undefined
    str = a
  } else if (a.kind === 'mixed' && a.parts && !strict) {
    str = stringPart(a)
    parts = a.parts
  }
  if (!str) return undefined
  const rel = entryRelations(str, c, fold)
  // Outcome per code + 1; slot 0 (code -1: a null, or a row another part holds) is decided per row.
  const table = new Uint8Array(rel.length + 1)
  table[0] = PER_ROW
  for (let d = 0; d < rel.length; d++) table[d + 1] = lut[rel[d]]
  const values = new Uint8Array(n)
  const seen = leafCall(lookupOutcomes, table, str.codes, values)
  if (seen < N) return { kind: 'bool', values, valid: null }
  const num = typeof c === 'number' ? c : (parseNumber(c) ?? Number.NaN)
  const want = fold && typeof c === 'string' ? c.toLowerCase() : c
  const nullOutcome = lut[ONE_NULL]
  let valid: Uint8Array | null = null
  for (let i = firstUndecided(values, 0); i < n; i = firstUndecided(values, i + 1)) {
    let o = values[i]
    if (o === PER_ROW) o = parts ? otherPartOutcome(parts, str, i, want, num, fold, lut) : nullOutcome
    if (o === N) {
      if (!valid) valid = new Uint8Array(n).fill(1)
      valid[i] = 0
      values[i] = 0
    } else values[i] = o
  }
  return { kind: 'bool', values, valid }
}

/** The first row from `from` on whose outcome is null or decided per row (≥ N), or the length (a leaf loop). */
function firstUndecided(values: Uint8Array, from: number): number {
  for (let i = from; i < values.length; i++) if (values[i] >= N) return i
  return values.length
}

/** An outcome table's lookup bytes, as is and with the operands swapped (constant on the left: `500 < x`). */
function lookups(table: Outcomes): { readonly lut: Uint8Array; readonly swapped: Uint8Array } {
  return {
    lut: Uint8Array.from(table),
    swapped: Uint8Array.from([
      table[GT],
      table[EQ],
      table[LT],
      table[UNORDERED],
      table[ONE_NULL],
      table[BOTH_NULL],
    ]),
  }
}

function comparison(table: Outcomes, fold: boolean): Kernel {
  const { lut, swapped } = lookups(table)
  return (args, n, site) =>
    numAgainstConstant(args[0], args[1], lut, n) ??
    numAgainstConstant(args[1], args[0], swapped, n) ??
    stringsAgainstConstant(args[0], args[1], lut, fold, site.env.strictTypes, n) ??
    stringsAgainstConstant(args[1], args[0], swapped, fold, site.env.strictTypes, n) ??
    outcomesToBool(relate(args[0], args[1], n, site.coercion, fold, site.env.strictTypes), table)
}

/** Lookup bytes of the ordering and equality operators, by kernel key (the selection path's operators). */
const SELECT_LOOKUPS: Readonly<Record<string, ReturnType<typeof lookups> | undefined>> = {
  eq: lookups(OUTCOMES.eq),
  ne: lookups(OUTCOMES.ne),
  lt: lookups(OUTCOMES.lt),
  le: lookups(OUTCOMES.le),
  gt: lookups(OUTCOMES.gt),
  ge: lookups(OUTCOMES.ge),
}

/**
 * `where x > 500` straight to a selection: writes the rows of `rows` (every row below `n` when null)
 * where comparison `kernel` of a number column without nulls against a number constant (either side)
 * is true into `keep`, and returns how many; undefined when the operator or operands are not of that
 * shape. One pass instead of a bool vector and a second pass over it.
 */
export function selectAgainstConstant(
  kernel: string,
  left: Vec,
  right: Vec,
  rows: Uint32Array | null,
  n: number,
  keep: Uint32Array,
): number | undefined {
  const luts = SELECT_LOOKUPS[kernel]
  if (luts === undefined) return undefined
  const kr = constantOf(right)
  const onLeft = kr !== undefined
  const k = kr ?? constantOf(left)
  const col = onLeft ? left : right
  if (col.kind !== 'num' || col.valid !== null || !k || typeof k.value !== 'number') return undefined
  // No nulls: every outcome of LT/EQ/GT/UNORDERED is 0 or 1, added to the count as is.
  const lut = onLeft ? luts.lut : luts.swapped
  return rows === null
    ? leafCall(selectDense, col.values, k.value, lut, keep, n)
    : leafCall(selectRows, col.values, k.value, lut, rows, keep)
}

/** Rows below `n` whose outcome is 1 into `keep`; returns how many. A leaf loop, branch-free. */
function selectDense(xs: Float64Array, c: number, lut: Uint8Array, keep: Uint32Array, n: number): number {
  let k = 0
  for (let i = 0; i < n; i++) {
    keep[k] = i
    k += lut[cmpNum(xs[i], c)]
  }
  return k
}

/** Rows of `rows` whose outcome is 1 into `keep`; returns how many. A leaf loop, branch-free. */
function selectRows(
  xs: Float64Array,
  c: number,
  lut: Uint8Array,
  rows: Uint32Array,
  keep: Uint32Array,
): number {
  let k = 0
  for (let j = 0; j < rows.length; j++) {
    const i = rows[j]
    keep[k] = i
    k += lut[cmpNum(xs[i], c)]
  }
  return k
}

/** The comparison kernels, keyed by operator kernel key. */
export const COMPARISON_KERNELS = {
  eq: comparison(OUTCOMES.eq, false),
  ne: comparison(OUTCOMES.ne, false),
  lt: comparison(OUTCOMES.lt, false),
  le: comparison(OUTCOMES.le, false),
  gt: comparison(OUTCOMES.gt, false),
  ge: comparison(OUTCOMES.ge, false),
  eq_ci: comparison(OUTCOMES.eq, true),
  ne_ci: comparison(OUTCOMES.ne, true),
} as const satisfies Record<string, Kernel>

/** `x between (lo .. hi)`: lo <= x and x <= hi (three-valued). */
export const betweenKernel: Kernel = (args, n, site) => {
  const lo = comparison(OUTCOMES.ge, false)([args[0], args[1]], n, site) as BoolVec
  const hi = comparison(OUTCOMES.le, false)([args[0], args[2]], n, site) as BoolVec
  return andBools(lo, hi)
}

// Leaf loops over 0/1 bytes (no nulls): a loop alone in its function stays optimized across calls.
function bitAnd(a: Uint8Array, b: Uint8Array, out: Uint8Array): void {
  for (let i = 0; i < out.length; i++) out[i] = a[i] & b[i]
}

function bitOr(a: Uint8Array, b: Uint8Array, out: Uint8Array): void {
  for (let i = 0; i < out.length; i++) out[i] = a[i] | b[i]
}

/** Three-valued `and`: false wins over null. */
export function andBools(a: BoolVec, b: BoolVec): BoolVec {
  const n = a.values.length
  const values = new Uint8Array(n)
  if (a.valid === null && b.valid === null) {
    bitAnd(a.values, b.values, values)
    return { kind: 'bool', values, valid: null }
  }
  let valid: Uint8Array | null = null
  for (let i = 0; i < n; i++) {
    const na = a.valid !== null && a.valid[i] === 0
    const nb = b.valid !== null && b.valid[i] === 0
    const fa = !na && a.values[i] === 0
    const fb = !nb && b.values[i] === 0
    if (fa || fb) continue
    if (na || nb) {
      if (!valid) valid = new Uint8Array(n).fill(1)
      valid[i] = 0
    } else values[i] = 1
  }
  return { kind: 'bool', values, valid }
}

/** Three-valued `or`: true wins over null. */
export function orBools(a: BoolVec, b: BoolVec): BoolVec {
  const n = a.values.length
  const values = new Uint8Array(n)
  if (a.valid === null && b.valid === null) {
    bitOr(a.values, b.values, values)
    return { kind: 'bool', values, valid: null }
  }
  let valid: Uint8Array | null = null
  for (let i = 0; i < n; i++) {
    const na = a.valid !== null && a.valid[i] === 0
    const nb = b.valid !== null && b.valid[i] === 0
    if ((!na && a.values[i] === 1) || (!nb && b.values[i] === 1)) values[i] = 1
    else if (na || nb) {
      if (!valid) valid = new Uint8Array(n).fill(1)
      valid[i] = 0
    }
  }
  return { kind: 'bool', values, valid }
}

/** `not`: null stays null. */
export function notBool(a: BoolVec): BoolVec {
  const values = new Uint8Array(a.values.length)
  for (let i = 0; i < values.length; i++) values[i] = a.values[i] ^ 1
  return { kind: 'bool', values, valid: a.valid }
}
