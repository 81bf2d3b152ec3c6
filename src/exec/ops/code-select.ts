// exec/ops/code-select.ts: `where` over dictionary-coded strings straight to a selection. A conjunct
// that reads one string column and otherwise only constants is evaluated once over that column's
// dictionary, by the same kernels and so with the same semantics, giving a pass byte per code (null
// and false both fail a `where`); the rows then pass by table lookups on their codes, without a bool
// vector per conjunct (code-pass.ts).
import type { BoundExpr, ExprKind, ExprOf } from '../../plan/index.ts'
import { type Batch, splitMixed, takeVec, UNREAD } from '../batch.ts'
import { type EvalScope, evaluate } from '../eval/evaluate.ts'
import { asBool } from '../kernels/coerce.ts'
import { leafCall } from '../leaf-call.ts'
import { type MixedVec, type StrVec, stringPart, type Vec } from '../vector.ts'
import { type CodeTest, SAMPLE, SELECTIVE } from './code-pass.ts'

/**
 * Per-operator scratch: the codes −1, 0, 1, … of the batch that holds each dictionary code once
 * (grown on demand; read-only views are handed out). Owned by one FilterExec.
 */
export interface CodeScratch {
  codes: Int32Array
  /** Rows of a split column without a string (grown on demand). */
  rows?: Uint32Array
  /** Per conjunct, a split column's codes with its other rows numbered past the dictionary (grown on demand). */
  remapped?: Int32Array[]
}

/** A conjunct of a `where` and the one column it reads. */
export interface CodeConjunct {
  readonly expr: BoundExpr
  readonly column: string
}

/**
 * The conjuncts of `predicate` with the column each reads, or undefined when one of them reads a
 * function call, no column or two (decided once per filter, from the predicate alone).
 */
export function codeConjuncts(predicate: BoundExpr): CodeConjunct[] | undefined {
  const exprs: BoundExpr[] = []
  splitAnd(predicate, exprs)
  const out: CodeConjunct[] = []
  for (const expr of exprs) {
    const column = soleColumn(expr)
    if (column === undefined) return undefined
    out.push({ expr, column })
  }
  return out
}

/**
 * The conjuncts as code tests over `b`, or undefined when a column is not dictionary strings in this
 * batch or its dictionary is not much smaller than the batch (no work saved).
 */
export function codeTests(
  conjuncts: readonly CodeConjunct[],
  b: Batch,
  scope: EvalScope,
  scratch: CodeScratch = { codes: new Int32Array(0) },
): CodeTest[] | undefined {
  const tests: CodeTest[] = []
  for (const c of conjuncts) {
    const at = scope.columns.get(c.column)
    if (at === undefined) return undefined
    const col = b.cols[at]
    const test =
      col.kind === 'str'
        ? strTest(c.expr, col, at, b, scope, scratch)
        : col.kind === 'mixed'
          ? mixedTest(c.expr, col, at, b, scope, scratch, tests.length)
          : undefined
    if (test === undefined) return undefined
    tests.push(test)
  }
  return tests
}

/** A conjunct over a dictionary string column, decided per code (undefined when the dictionary is not much smaller). */
function strTest(
  e: BoundExpr,
  col: StrVec,
  at: number,
  b: Batch,
  scope: EvalScope,
  scratch: CodeScratch,
): CodeTest | undefined {
  const m = col.dict.length + 1
  if (2 * m > b.length) return undefined
  const codes = codesUpTo(m, scratch)
  return {
    codes: col.codes,
    pass: passOf(e, { kind: 'str', codes, dict: col.dict }, m, at, b.cols.length, scope),
  }
}

/**
 * A conjunct over a field the scan split by type with a dictionary string part (a `status` of
 * strings and a few numbers): the strings are decided per code as above, over a vector of that part
 * alone (a row's value is its cell, so the outcome is the same); the rows holding another type are
 * evaluated themselves and get codes of their own past the dictionary's. Undefined when there is no
 * string part, or entries and other rows together are not much fewer than the rows.
 */
function mixedTest(
  e: BoundExpr,
  col: MixedVec,
  at: number,
  b: Batch,
  scope: EvalScope,
  scratch: CodeScratch,
  t: number,
): CodeTest | undefined {
  if (!col.parts || col.reals) return undefined
  const str = stringPart(col)
  if (!str || str.codes.length !== b.length) return undefined
  const m = str.dict.length + 1
  const split = splitOf(col, str, m, scratch)
  if (split === null) return undefined
  const { others, otherVec } = split
  const width = b.cols.length
  const perCode = splitMixed([{ kind: 'str', codes: codesUpTo(m, scratch), dict: str.dict }], m)
  const pass = passOf(e, perCode, m, at, width, scope)
  if (others.length === 0) return { codes: str.codes, pass }
  const own = passOf(e, otherVec, others.length, at, width, scope)
  // Into this conjunct's scratch, not a fresh array: allocating a block's codes per query cost more than copying them.
  scratch.remapped ??= []
  const remapped = scratch.remapped
  if ((remapped[t]?.length ?? -1) < str.codes.length) remapped[t] = new Int32Array(str.codes.length)
  const codes = remapped[t].subarray(0, str.codes.length)
  codes.set(str.codes)
  for (let j = 0; j < others.length; j++) codes[others[j]] = m - 1 + j
  const all = new Uint8Array(m + others.length)
  all.set(pass)
  all.set(own, m)
  return { codes, pass: all }
}

/** A split column's rows holding another type than string, and their values; null: too many. */
type OtherRows = { readonly others: Uint32Array; readonly otherVec: Vec } | null

/**
 * The other rows of a block's split column, found once per column: the scan hands every query the
 * same vector while its block is cached (field-vec.ts), and finding them reads every row's code
 * (~1 ms per million rows, the larger part of a two-conjunct `where` over such a field).
 */
const OTHER_ROWS = new WeakMap<MixedVec, OtherRows>()

function splitOf(col: MixedVec, str: StrVec, m: number, scratch: CodeScratch): OtherRows {
  let hit = OTHER_ROWS.get(col)
  if (hit === undefined) {
    const n = str.codes.length
    const others = otherRows(col.parts as readonly Vec[], str, n, n / 2 - m, scratch)
    hit = others === undefined ? null : { others, otherVec: takeVec(col, others) }
    OTHER_ROWS.set(col, hit)
  }
  return hit
}

/**
 * The rows of a split vector with no string but a value in another part (at most `most` of them:
 * undefined past it). Rows without a string are gathered by a leaf loop first: they are few.
 */
function otherRows(
  parts: readonly Vec[],
  str: StrVec,
  n: number,
  most: number,
  scratch: CodeScratch,
): Uint32Array | undefined {
  const rest = parts.filter((p) => p !== str)
  if (!scratch.rows || scratch.rows.length < n)
    scratch.rows = new Uint32Array(Math.max(n, 2 * (scratch.rows?.length ?? 0)))
  const candidates = scratch.rows
  const c = leafCall(stringless, str.codes, candidates, n)
  let k = 0
  for (let j = 0; j < c; j++) {
    const i = candidates[j]
    if (!rest.some((p) => holds(p, i))) continue
    if (k >= most) return undefined
    candidates[k++] = i
  }
  return candidates.slice(0, k)
}

/**
 * Rows below `n` whose code is negative (no string) into `out`; returns how many. By a branch when
 * few of SAMPLE evenly spaced rows have none (well predicted), else branch-free.
 */
function stringless(codes: Int32Array, out: Uint32Array, n: number): number {
  let k = 0
  const step = Math.floor(n / SAMPLE)
  let none = 0
  for (let s = 0; step > 0 && s < SAMPLE; s++) none += +(codes[s * step] < 0)
  if (step > 0 && none * SELECTIVE <= SAMPLE) {
    for (let i = 0; i < n; i++) if (codes[i] < 0) out[k++] = i
    return k
  }
  for (let i = 0; i < n; i++) {
    out[k] = i
    k += +(codes[i] < 0)
  }
  return k
}

/** Whether part `p` has a value at row `i`. */
function holds(p: Vec, i: number): boolean {
  switch (p.kind) {
    case 'bool':
    case 'num':
    case 'span':
    case 'time':
      return p.valid === null || p.valid[i] === 1
    case 'str':
      return p.codes[i] >= 0
    case 'dyn':
    case 'mixed':
      return (p.values[i] ?? null) !== null
  }
}

function splitAnd(e: BoundExpr, out: BoundExpr[]): void {
  if (e.kind === 'Binary' && e.kernel === 'and') {
    splitAnd(e.left, out)
    splitAnd(e.right, out)
  } else out.push(e)
}

/**
 * Per expression kind, the operands whose column reads decide a row's value with it, or null for the
 * kinds left out: function calls (a few, rand, are not functions of their arguments), and accesses
 * and casts, which keep other layouts.
 */
const OPERANDS: { readonly [K in ExprKind]: ((e: ExprOf<K>) => readonly BoundExpr[]) | null } = {
  Column: () => [],
  Literal: () => [],
  Binary: (e) => [e.left, e.right],
  Unary: (e) => [e.operand],
  InList: (e) => [e.left, ...e.values],
  Between: (e) => [e.left, e.low, e.high],
  Call: null,
  AggCall: null,
  Cast: null,
  Member: null,
  Index: null,
  AnyColumn: null,
}

/**
 * The one column `e` reads when everything else in it is a literal or an operator (whose result at a
 * row depends on that row's operands only); undefined otherwise.
 */
function soleColumn(e: BoundExpr): string | undefined {
  const names = new Set<string>()
  const visit = (x: BoundExpr): boolean => {
    if (x.kind === 'Column') names.add(x.name)
    const operands = (OPERANDS[x.kind] as ((e: BoundExpr) => readonly BoundExpr[]) | null)?.(x)
    return operands?.every(visit) === true
  }
  return visit(e) && names.size === 1 ? [...names][0] : undefined
}

/** Codes −1, 0, … m − 2, as a view of `scratch.codes` (grown on demand). */
function codesUpTo(m: number, scratch: CodeScratch): Int32Array {
  if (scratch.codes.length < m) {
    const codes = new Int32Array(Math.max(m, 2 * scratch.codes.length))
    for (let i = 0; i < codes.length; i++) codes[i] = i - 1
    scratch.codes = codes
  }
  return scratch.codes.subarray(0, m)
}

/**
 * `e` evaluated over `m` rows whose column `at` is `vec` (every other column unread), as pass bytes:
 * 1 where it is true, 0 where false or null.
 */
function passOf(e: BoundExpr, vec: Vec, m: number, at: number, width: number, scope: EvalScope): Uint8Array {
  const cols: Vec[] = new Array(width).fill(UNREAD)
  cols[at] = vec
  const r = asBool(evaluate(e, { length: m, sel: null, cols }, scope), m)
  const pass = Uint8Array.from(r.values)
  if (r.valid) for (let i = 0; i < m; i++) pass[i] &= r.valid[i]
  return pass
}
