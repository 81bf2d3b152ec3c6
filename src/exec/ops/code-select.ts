// exec/ops/code-select.ts: `where` over dictionary-coded strings straight to a selection. A conjunct
// that reads one string column and otherwise only constants is evaluated once over that column's
// dictionary, by the same kernels and so with the same semantics, giving a pass byte per code (null
// and false both fail a `where`); the rows then pass by table lookups on their codes, every conjunct
// in one branch-free pass, without a bool vector per conjunct.
import type { BoundExpr, ExprKind, ExprOf } from '../../plan/index.ts'
import { type Batch, UNREAD } from '../batch.ts'
import { type EvalScope, evaluate } from '../eval/evaluate.ts'
import { asBool } from '../kernels/coerce.ts'
import { leafCall } from '../leaf-call.ts'
import type { StrVec, Vec } from '../vector.ts'

/** One conjunct decided per code: `pass[codes[i] + 1]` is 1 where row i passes. */
export interface CodeTest {
  readonly codes: Int32Array
  readonly pass: Uint8Array
}

/**
 * Per-operator scratch: the codes −1, 0, 1, … of the batch that holds each dictionary code once
 * (grown on demand; read-only views are handed out). Owned by one FilterExec.
 */
export interface CodeScratch {
  codes: Int32Array
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
    if (col.kind !== 'str' || 2 * (col.dict.length + 1) > b.length) return undefined
    tests.push({ codes: col.codes, pass: passPerCode(c.expr, col, at, b.cols.length, scope, scratch) })
  }
  return tests
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
 * `e` evaluated over a batch holding each code of `col` once (null first), as pass bytes: 1 where
 * it is true, 0 where false or null.
 */
function passPerCode(
  e: BoundExpr,
  col: StrVec,
  at: number,
  width: number,
  scope: EvalScope,
  scratch: CodeScratch,
): Uint8Array {
  const m = col.dict.length + 1
  const cols: Vec[] = new Array(width).fill(UNREAD)
  cols[at] = { kind: 'str', codes: codesUpTo(m, scratch), dict: col.dict }
  const r = asBool(evaluate(e, { length: m, sel: null, cols }, scope), m)
  const pass = Uint8Array.from(r.values)
  if (r.valid) for (let i = 0; i < m; i++) pass[i] &= r.valid[i]
  return pass
}

/**
 * Writes the rows of `rows` (every row below `total` when null) that pass every test into `keep`
 * and returns how many.
 */
export function selectByCodes(
  tests: readonly CodeTest[],
  rows: Uint32Array | null,
  keep: Uint32Array,
  total: number,
): number {
  const [a, b] = tests
  let k: number
  if (b === undefined)
    k =
      rows === null
        ? leafCall(passDense, a.codes, a.pass, keep, total)
        : leafCall(passRows, a.codes, a.pass, rows, keep)
  else
    k =
      rows === null
        ? leafCall(passDense2, a.codes, a.pass, b.codes, b.pass, keep, total)
        : leafCall(passRows2, a.codes, a.pass, b.codes, b.pass, rows, keep)
  // Further tests narrow the kept rows in place (the write position never passes the read one).
  for (let t = 2; t < tests.length && k > 0; t++)
    k = leafCall(passKept, tests[t].codes, tests[t].pass, keep, k)
  return k
}

// Leaf loops, branch-free: every row is written and the count moves on past a passing one.

function passDense(codes: Int32Array, pass: Uint8Array, keep: Uint32Array, total: number): number {
  let k = 0
  for (let i = 0; i < total; i++) {
    keep[k] = i
    k += pass[codes[i] + 1]
  }
  return k
}

function passRows(codes: Int32Array, pass: Uint8Array, rows: Uint32Array, keep: Uint32Array): number {
  let k = 0
  for (let j = 0; j < rows.length; j++) {
    const i = rows[j]
    keep[k] = i
    k += pass[codes[i] + 1]
  }
  return k
}

function passDense2(
  ca: Int32Array,
  pa: Uint8Array,
  cb: Int32Array,
  pb: Uint8Array,
  keep: Uint32Array,
  total: number,
): number {
  let k = 0
  for (let i = 0; i < total; i++) {
    keep[k] = i
    k += pa[ca[i] + 1] & pb[cb[i] + 1]
  }
  return k
}

function passRows2(
  ca: Int32Array,
  pa: Uint8Array,
  cb: Int32Array,
  pb: Uint8Array,
  rows: Uint32Array,
  keep: Uint32Array,
): number {
  let k = 0
  for (let j = 0; j < rows.length; j++) {
    const i = rows[j]
    keep[k] = i
    k += pa[ca[i] + 1] & pb[cb[i] + 1]
  }
  return k
}

function passKept(codes: Int32Array, pass: Uint8Array, keep: Uint32Array, n: number): number {
  let k = 0
  for (let j = 0; j < n; j++) {
    const i = keep[j]
    keep[k] = i
    k += pass[codes[i] + 1]
  }
  return k
}
