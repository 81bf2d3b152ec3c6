// exec/kernels/operators/relate.ts: how two vectors relate row by row (less, equal, greater, unordered,
// null), the one computation behind every comparison operator. Typed loops per layout pair; strings are
// related once per dictionary entry when the other side is a constant; mixed values take a per-cell path
// with the string/number rule of decision §10.5.
import type { Coercion } from '../../../plan/index.ts'
import { ExecError } from '../../context.ts'
import type { Cell } from '../../result.ts'
import type { NumVec, StrVec, Vec } from '../../vector.ts'
import { cellAt } from '../../vector.ts'
import { constantOf } from '../constants.ts'
import { compareStrings, parseNumber } from '../parse-number.ts'

/** Relation codes, one byte per row. */
export const LT = 0
export const EQ = 1
export const GT = 2
/** Both non-null but not comparable (NaN, an unparsable string against a number, containers). */
export const UNORDERED = 3
/** Exactly one side null. */
export const ONE_NULL = 4
export const BOTH_NULL = 5

const FLIP = Uint8Array.of(GT, EQ, LT, UNORDERED, ONE_NULL, BOTH_NULL)

/**
 * Relation of two doubles (UNORDERED when either is NaN), without a branch: in a loop over real data
 * a branch on the comparison mispredicts on about every other row (13 against 2 ns per row).
 */
export function cmpNum(x: number, y: number): number {
  const gt = +(x > y)
  const lt = +(x < y)
  // Unordered (a NaN) when none of <, >, == holds. Literal codes (EQ 1, UNORDERED 3): an exported
  // const is read through its module cell with a hole check, twice as slow in this per-row call.
  return 1 + gt - lt + 2 * (1 - (gt | lt | +(x === y)))
}

function nullCode(va: boolean, vb: boolean): number {
  return va || vb ? ONE_NULL : BOTH_NULL
}

function relateNums(
  a: Float64Array,
  av: Uint8Array | null,
  b: Float64Array,
  bv: Uint8Array | null,
  out: Uint8Array,
): void {
  const n = out.length
  if (!av && !bv) {
    for (let i = 0; i < n; i++) out[i] = cmpNum(a[i], b[i])
    return
  }
  for (let i = 0; i < n; i++) {
    const va = !av || av[i] === 1
    const vb = !bv || bv[i] === 1
    out[i] = va && vb ? cmpNum(a[i], b[i]) : nullCode(va, vb)
  }
}

/** Per dictionary entry of `s`: its relation to the constant `c` (string or number). */
export function entryRelations(s: StrVec, c: string | number, fold: boolean): Uint8Array {
  const rel = new Uint8Array(s.dict.length)
  const want = typeof c === 'string' && fold ? c.toLowerCase() : c
  for (let d = 0; d < s.dict.length; d++) {
    const x = s.dict[d]
    if (typeof want === 'number') {
      const p = parseNumber(x)
      rel[d] = p === null ? UNORDERED : cmpNum(p, want)
    } else {
      const c2 = compareStrings(fold ? x.toLowerCase() : x, want)
      rel[d] = c2 < 0 ? LT : c2 > 0 ? GT : EQ
    }
  }
  return rel
}

function throughCodes(s: StrVec, rel: Uint8Array, out: Uint8Array, constNull: boolean): void {
  for (let i = 0; i < out.length; i++) {
    const c = s.codes[i]
    out[i] = c < 0 ? (constNull ? BOTH_NULL : ONE_NULL) : constNull ? ONE_NULL : rel[c]
  }
}

/** Kinds of non-null cell values, for the per-value path. */
function cellKind(v: Cell): string {
  if (typeof v === 'number' || typeof v === 'bigint') return 'number'
  if (v === null || typeof v !== 'object') return typeof v
  return 'json'
}

/** Relation of two cells (the slow path): numbers, strings, bools; a string against a number numerically. */
export function relateCells(a: Cell, b: Cell, strict: boolean): number {
  if (a === null || b === null) return a === null && b === null ? BOTH_NULL : ONE_NULL
  const ka = cellKind(a)
  const kb = cellKind(b)
  if (strict && ka !== kb)
    throw new ExecError('strict_types', `set stricttypes: cannot compare a ${ka} with a ${kb}`)
  if (ka === 'number' && kb === 'number') {
    // A bigint against a number compares exactly (JS relates the mathematical values; NaN: neither).
    if (typeof a === 'bigint' || typeof b === 'bigint') {
      if (Number.isNaN(a) || Number.isNaN(b)) return UNORDERED
      return (a as number) < (b as number) ? LT : (a as number) > (b as number) ? GT : EQ
    }
    return cmpNum(a as number, b as number)
  }
  if (ka === 'string' && kb === 'number') {
    const p = parseNumber(a as string)
    return p === null ? UNORDERED : cmpNum(p, Number(b))
  }
  if (ka === 'number' && kb === 'string') return FLIP[relateCells(b, a, strict)]
  if (ka === 'string' && kb === 'string') {
    const c = compareStrings(a as string, b as string)
    return c < 0 ? LT : c > 0 ? GT : EQ
  }
  if (ka === 'boolean' && kb === 'boolean') return cmpNum(a ? 1 : 0, b ? 1 : 0)
  return UNORDERED
}

function relateStrings(a: StrVec, b: StrVec, fold: boolean, out: Uint8Array): void {
  for (let i = 0; i < out.length; i++) {
    const x = a.codes[i]
    const y = b.codes[i]
    if (x < 0 || y < 0) {
      out[i] = x < 0 && y < 0 ? BOTH_NULL : ONE_NULL
      continue
    }
    const sa = a.dict[x]
    const sb = b.dict[y]
    const c = fold
      ? compareStrings(sa.toLowerCase(), sb.toLowerCase())
      : sa === sb
        ? 0
        : compareStrings(sa, sb)
    out[i] = c < 0 ? LT : c > 0 ? GT : EQ
  }
}

function relateStrConst(s: StrVec, c: Cell, fold: boolean, out: Uint8Array): boolean {
  if (c !== null && typeof c !== 'string' && typeof c !== 'number') return false
  throughCodes(s, c === null ? new Uint8Array(0) : entryRelations(s, c, fold), out, c === null)
  return true
}

function relateStrNum(s: StrVec, num: NumVec, out: Uint8Array): void {
  // Each dictionary entry is parsed once; unparsable entries are NaN (unordered).
  const parsed = new Float64Array(s.dict.length)
  for (let d = 0; d < s.dict.length; d++) parsed[d] = parseNumber(s.dict[d]) ?? Number.NaN
  for (let i = 0; i < out.length; i++) {
    const c = s.codes[i]
    const vb = !num.valid || num.valid[i] === 1
    out[i] = c >= 0 && vb ? cmpNum(parsed[c], num.values[i]) : nullCode(c >= 0, vb)
  }
}

function relateSameKind(a: Vec, b: Vec, fold: boolean, out: Uint8Array): boolean {
  if (a.kind === 'num' && b.kind === 'num') relateNums(a.values, a.valid, b.values, b.valid, out)
  else if (a.kind === 'span' && b.kind === 'span') relateNums(a.values, a.valid, b.values, b.valid, out)
  else if (a.kind === 'time' && b.kind === 'time') {
    relateNums(a.ms, a.valid, b.ms, b.valid, out)
    for (let i = 0; i < out.length; i++) if (out[i] === EQ) out[i] = cmpNum(a.ns[i], b.ns[i])
  } else if (a.kind === 'bool' && b.kind === 'bool') {
    for (let i = 0; i < out.length; i++) {
      const va = !a.valid || a.valid[i] === 1
      const vb = !b.valid || b.valid[i] === 1
      out[i] = va && vb ? cmpNum(a.values[i], b.values[i]) : nullCode(va, vb)
    }
  } else if (a.kind === 'str' && b.kind === 'str') {
    const cb = constantOf(b)
    if (!(cb && relateStrConst(a, cb.value, fold, out))) relateStrings(a, b, fold, out)
  } else return false
  return true
}

/**
 * Relation codes of `a[i]` against `b[i]` for `n` rows. `fold` compares strings case-insensitively
 * (`=~`, `!~`); `coercion` says whether a string may meet a number (§10.5).
 */
export function relate(
  a: Vec,
  b: Vec,
  n: number,
  coercion: Coercion,
  fold: boolean,
  strict: boolean,
): Uint8Array {
  const out = new Uint8Array(n)
  if (relateSameKind(a, b, fold, out)) return out
  if (a.kind === 'str' && b.kind === 'num' && !strict) {
    const cb = constantOf(b)
    if (cb) relateStrConst(a, cb.value, fold, out)
    else relateStrNum(a, b, out)
    return out
  }
  if (a.kind === 'num' && b.kind === 'str' && !strict) {
    const flipped = relate(b, a, n, coercion, fold, strict)
    for (let i = 0; i < n; i++) out[i] = FLIP[flipped[i]]
    return out
  }
  // Per-value path (mixed or dynamic operands).
  for (let i = 0; i < n; i++) {
    let x = cellAt(a, i)
    let y = cellAt(b, i)
    if (fold && typeof x === 'string' && typeof y === 'string') {
      x = x.toLowerCase()
      y = y.toLowerCase()
    }
    out[i] = relateCells(x, y, strict)
  }
  return out
}
