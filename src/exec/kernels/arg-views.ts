// exec/kernels/arg-views.ts: the argument views the T2 function kernels loop over: the `tostring`
// text of any layout with nulls kept (rule 12), integral numbers, a value as JSON inside a dynamic
// (rule 7), and a string interner for computed outputs. Conversions run once per call, not per use.
import { formatGoDuration, formatRfc3339Nano } from '../../util/time/index.ts'
import { chargeBuilt } from '../guard.ts'
import type { Cell, CellJson } from '../result.ts'
import { StringIds } from '../string-ids.ts'
import type { StrVec, Vec } from '../vector.ts'
import { cellAt, timeAt } from '../vector.ts'
import { formatReal } from './conversion/to-string.ts'

/**
 * Builds a dictionary of distinct strings for a computed string vector. Each new entry is charged to
 * the running query (exec/guard.ts), so a kernel making strings row by row stops at the budget.
 */
export class StringInterner {
  readonly dict: string[] = []
  private readonly ids = new StringIds()

  /** The code of `s`, adding it on first sight. */
  code(s: string): number {
    let id = this.ids.get(s)
    if (id === undefined) {
      // UTF-16 bytes, the entry and its map slot: what the dictionary keeps.
      chargeBuilt(2 * s.length + 64, 'a function building strings')
      id = this.dict.length
      this.ids.set(s, id)
      this.dict.push(s)
    }
    return id
  }
}

/** The `tostring` text of a non-null cell of vector `v` (its layout tells long from real, time from span). */
function textOfCell(v: Vec, c: Exclude<Cell, null>, i: number): string {
  if (typeof c === 'string') return c
  if (typeof c === 'boolean') return c ? 'true' : 'false'
  if (typeof c === 'bigint') {
    if (v.kind === 'time') return formatRfc3339Nano(c)
    if (v.kind === 'span') return formatGoDuration(c)
    return c.toString()
  }
  if (typeof c === 'number') return v.kind === 'num' && v.type === 'long' ? String(c) : numberText(v, c, i)
  return JSON.stringify(c)
}

/** A number in a dynamic/mixed cell is a long when it is a safe integer (reference rule 6), else a real. */
function numberText(v: Vec, x: number, i: number): string {
  const markedReal = v.kind === 'mixed' && v.reals?.[i] === 1
  if (v.kind !== 'num' && !markedReal && Number.isSafeInteger(x) && !Object.is(x, -0)) return String(x)
  return formatReal(x)
}

/** `v` as strings by their `tostring` text; null stays null (code -1). Strings pass through. */
export function asText(v: Vec, n: number): StrVec {
  if (v.kind === 'str') return v
  const out = new StringInterner()
  const codes = new Int32Array(n)
  for (let i = 0; i < n; i++) {
    const c = cellAt(v, i)
    codes[i] = c === null ? -1 : out.code(textOfCell(v, c, i))
  }
  return { kind: 'str', codes, dict: out.dict }
}

/** An integral view of a numeric argument: values truncated toward zero, 0 where `valid` is 0. */
export interface IntView {
  readonly values: Float64Array
  readonly valid: Uint8Array | null
}

/** `v` as integers (reals truncate; dynamic/mixed numbers read as numbers; anything else null). */
export function asInt(v: Vec, n: number): IntView {
  const values = new Float64Array(n)
  if (v.kind === 'num' || v.kind === 'span') {
    for (let i = 0; i < n; i++) values[i] = Math.trunc(v.values[i])
    return { values, valid: v.valid }
  }
  const valid = new Uint8Array(n)
  for (let i = 0; i < n; i++) {
    const c = cellAt(v, i)
    if (typeof c === 'number' || typeof c === 'bigint' || typeof c === 'boolean') {
      values[i] = Math.trunc(Number(c))
      valid[i] = 1
    }
  }
  return { values, valid }
}

/** Row `i` of `v` as JSON inside a dynamic: datetimes as RFC3339Nano text, timespans as Go durations. */
export function jsonAt(v: Vec, i: number): CellJson {
  if (v.kind === 'time') return v.valid && !v.valid[i] ? null : formatRfc3339Nano(timeAt(v, i))
  if (v.kind === 'span') return v.valid && !v.valid[i] ? null : formatGoDuration(BigInt(v.values[i]))
  const c = cellAt(v, i)
  return typeof c === 'bigint' ? Number(c) : c
}

/** True when row `i` of `v` is null (any layout). */
export function isNullAt(v: Vec, i: number): boolean {
  switch (v.kind) {
    case 'str':
      return v.codes[i] < 0
    case 'dyn':
    case 'mixed':
      return (v.values[i] ?? null) === null
    default:
      return v.valid !== null && v.valid[i] === 0
  }
}
