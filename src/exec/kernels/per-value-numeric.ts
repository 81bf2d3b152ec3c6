// exec/kernels/per-value-numeric.ts: arithmetic, unary minus, floor/ceiling/abs/log/round and bin
// when an operand is mixed or dynamic, so each row's type is known only at run time (reference rules
// 6 and 19). Each row is tagged (long, real, timespan, datetime, or none) into typed arrays, then
// one loop applies the typing row of apl-reference §3 per tag pair; a row without one is null.
import type { AplType } from '../../catalog/index.ts'
import type { Cell, CellJson } from '../result.ts'
import type { Vec } from '../vector.ts'

/** Row tags (0: none, the row is null). */
const LONG = 1
const REAL = 2
const SPAN = 3
const TIME = 4

/** Rows of one operand: `tag` per row, the number (ms for datetimes, ns for timespans) and sub-ms ns. */
interface Tagged {
  readonly tag: Uint8Array
  readonly val: Float64Array
  readonly ns: Int32Array
}

/**
 * True for layouts whose rows carry their own type, and for strings and booleans: the binder lets
 * those reach numeric kernels only as one block's values of a mixed column (all null here).
 */
export function isPerValue(v: Vec): boolean {
  return v.kind === 'mixed' || v.kind === 'dyn' || v.kind === 'str' || v.kind === 'bool'
}

/** True when a numeric call goes per value: a per-value operand, or a result type known only per row. */
export function goesPerValue(args: readonly Vec[], type: AplType): boolean {
  return type === 'unknown' || type === 'dynamic' || args.some(isPerValue)
}

/** A number in a mixed/dynamic cell: a long when a safe integer not marked real (rule 6), else a real. */
function tagNumber(v: Vec, i: number, x: number): number {
  if (v.kind === 'mixed' && v.reals?.[i] === 1) return REAL
  return Number.isSafeInteger(x) && !Object.is(x, -0) ? LONG : REAL
}

function tagRows(v: Vec, n: number): Tagged {
  const tag = new Uint8Array(n)
  const val = new Float64Array(n)
  const ns = new Int32Array(n)
  switch (v.kind) {
    case 'num':
    case 'span': {
      const t = v.kind === 'span' ? SPAN : v.type === 'long' ? LONG : REAL
      for (let i = 0; i < n; i++) {
        if (v.valid && !v.valid[i]) continue
        tag[i] = t
        val[i] = v.values[i]
      }
      break
    }
    case 'time':
      for (let i = 0; i < n; i++) {
        if (v.valid && !v.valid[i]) continue
        tag[i] = TIME
        val[i] = v.ms[i]
        ns[i] = v.ns[i]
      }
      break
    case 'dyn':
    case 'mixed':
      for (let i = 0; i < n; i++) {
        const c = v.values[i]
        if (typeof c === 'number') {
          tag[i] = tagNumber(v, i, c)
          val[i] = c
        } else if (typeof c === 'bigint') {
          tag[i] = LONG
          val[i] = Number(c)
        }
      }
      break
    case 'bool':
    case 'str':
      break
  }
  return { tag, val, ns }
}

/** Floored modulo: the result takes the divisor's sign (rule 19); IEEE NaN for a zero divisor. */
export function floorMod(x: number, y: number): number {
  const r = x % y
  return r !== 0 && r < 0 !== y < 0 ? r + y : r
}

/** Output rows under construction. */
interface Out {
  readonly tag: Uint8Array
  readonly val: Float64Array
  readonly ns: Int32Array
}

function newOut(n: number): Out {
  return { tag: new Uint8Array(n), val: new Float64Array(n), ns: new Int32Array(n) }
}

/** Sets row `i` (a NaN long, such as a division by zero, stays null); true when set. */
function setNum(o: Out, i: number, tag: number, x: number): boolean {
  if (Number.isNaN(x) && tag === LONG) return false
  o.tag[i] = tag
  o.val[i] = x
  return true
}

/** datetime (ms, ns) + an ns offset. */
function setTime(o: Out, i: number, ms: number, subNs: number, offsetNs: number): boolean {
  const total = subNs + offsetNs
  const carry = Math.floor(total / 1e6)
  o.tag[i] = TIME
  o.val[i] = ms + carry
  o.ns[i] = total - carry * 1e6
  return true
}

function longOp(op: string, x: number, y: number): number {
  if (op === '+') return x + y
  if (op === '-') return x - y
  if (op === '*') return Math.trunc(x * y)
  if (y === 0) return Number.NaN
  return op === '/' ? Math.trunc(x / y) : floorMod(x, y)
}

function realOp(op: string, x: number, y: number): number {
  if (op === '+') return x + y
  if (op === '-') return x - y
  if (op === '*') return x * y
  return op === '/' ? x / y : floorMod(x, y)
}

const isNum = (t: number) => t === LONG || t === REAL

/** One row of `a op b` by the §3 typing rows; false (the row stays null) when it has none. */
function applyRow(op: string, a: Tagged, b: Tagged, i: number, o: Out): boolean {
  const ta = a.tag[i]
  const tb = b.tag[i]
  const x = a.val[i]
  const y = b.val[i]
  if (ta === LONG && tb === LONG) return setNum(o, i, LONG, longOp(op, x, y))
  if (isNum(ta) && isNum(tb)) return setNum(o, i, REAL, realOp(op, x, y))
  if (op === '+' || op === '-') {
    const sign = op === '+' ? 1 : -1
    if (ta === TIME && tb === SPAN) return setTime(o, i, x, a.ns[i], sign * y)
    if (op === '+' && ta === SPAN && tb === TIME) return setTime(o, i, y, b.ns[i], x)
    if (op === '-' && ta === TIME && tb === TIME)
      return setNum(o, i, SPAN, (x - y) * 1e6 + (a.ns[i] - b.ns[i]))
    if (ta === SPAN && tb === SPAN) return setNum(o, i, SPAN, x + sign * y)
    return false
  }
  if (op === '*' && ta === SPAN && isNum(tb)) return setNum(o, i, SPAN, Math.trunc(x * y))
  if (op === '*' && isNum(ta) && tb === SPAN) return setNum(o, i, SPAN, Math.trunc(x * y))
  if (op === '/' && ta === SPAN && isNum(tb)) return y !== 0 && setNum(o, i, SPAN, Math.trunc(x / y))
  if (op === '/' && ta === SPAN && tb === SPAN) return y !== 0 && setNum(o, i, REAL, x / y)
  return false
}

/** The output rows as one vector: a timespan/datetime layout when those are its only values, else `type`'s. */
function toVec(o: Out, n: number, type: AplType): Vec {
  let spans = 0
  let times = 0
  let integralReals = false
  for (let i = 0; i < n; i++) {
    const t = o.tag[i]
    if (t === SPAN) spans++
    else if (t === TIME) times++
    else if (t === REAL && Number.isInteger(o.val[i])) integralReals = true
  }
  const valid = (want: number) => {
    const v = new Uint8Array(n)
    for (let i = 0; i < n; i++) v[i] = o.tag[i] === want ? 1 : 0
    return v
  }
  if (spans > 0 || type === 'timespan') return { kind: 'span', values: o.val, valid: valid(SPAN) }
  if (times > 0 || type === 'datetime') return { kind: 'time', ms: o.val, ns: o.ns, valid: valid(TIME) }
  if (type === 'long' || type === 'real') {
    const v = new Uint8Array(n)
    for (let i = 0; i < n; i++) v[i] = isNum(o.tag[i]) ? 1 : 0
    return { kind: 'num', type, values: o.val, valid: v }
  }
  const cells: (Cell & CellJson)[] = new Array(n)
  for (let i = 0; i < n; i++) cells[i] = isNum(o.tag[i]) ? o.val[i] : null
  if (type === 'dynamic') return { kind: 'dyn', values: cells }
  if (!integralReals) return { kind: 'mixed', values: cells }
  const reals = new Uint8Array(n)
  for (let i = 0; i < n; i++) reals[i] = o.tag[i] === REAL ? 1 : 0
  return { kind: 'mixed', values: cells, reals }
}

/** `a op b` per row (op one of + - * / %); `type` is the bound result type. */
export function perValueBinary(op: string, a: Vec, b: Vec, n: number, type: AplType): Vec {
  const ta = tagRows(a, n)
  const tb = tagRows(b, n)
  const o = newOut(n)
  for (let i = 0; i < n; i++) applyRow(op, ta, tb, i, o)
  return toVec(o, n, type)
}

/** A numeric function per row: `long`/`real` give the function of a row of that tag (none: null). */
export interface PerValueFn {
  readonly long?: (x: number) => number
  readonly real?: (x: number) => number
  readonly span?: (x: number) => number
  /** The result of a long row is a real (log, round). */
  readonly realResult?: boolean
}

/** `fn` applied per row of `v`. */
export function perValueUnary(fn: PerValueFn, v: Vec, n: number, type: AplType): Vec {
  const t = tagRows(v, n)
  const o = newOut(n)
  for (let i = 0; i < n; i++) {
    const tag = t.tag[i]
    const f = tag === LONG ? fn.long : tag === REAL ? fn.real : tag === SPAN ? fn.span : undefined
    if (!f) continue
    const r = f(t.val[i])
    if (Number.isNaN(r)) continue
    setNum(o, i, tag === SPAN ? SPAN : fn.realResult ? REAL : tag, r)
  }
  return toVec(o, n, type)
}

/** `bin(v, size)` per row of a mixed/dynamic `v` and a constant numeric `size` > 0. */
export function perValueBin(v: Vec, size: number, n: number, type: AplType): Vec {
  const f = (x: number) => Math.floor(x / size) * size
  return perValueUnary({ long: f, real: f }, v, n, type)
}
