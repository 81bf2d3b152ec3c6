// exec/kernels/coerce.ts: bring an operand into the layout a kernel loops over (bool for logic,
// dictionary strings for string operators). Typed layouts pass through; other layouts convert once.
import type { BoolVec, StrVec, Vec } from '../vector.ts'
import { cellAt, vecLength } from '../vector.ts'
import { asText } from './arg-views.ts'

/** `v` as bools: non-bool values are null. */
export function asBool(v: Vec, n: number): BoolVec {
  if (v.kind === 'bool') return v
  const values = new Uint8Array(n)
  const valid = new Uint8Array(n)
  for (let i = 0; i < n; i++) {
    const c = cellAt(v, i)
    if (typeof c === 'boolean') {
      values[i] = c ? 1 : 0
      valid[i] = 1
    }
  }
  return { kind: 'bool', values, valid }
}

/**
 * `v` as dictionary strings: a non-string layout becomes its `tostring` text (arg-views `asText`:
 * datetimes RFC 3339, timespans Go durations, reals Go float text), as Kusto converts operands of
 * string operators. Rows past the end of a shorter vector are null.
 */
export function asStr(v: Vec, n: number): StrVec {
  if (v.kind === 'str') return v
  const len = vecLength(v)
  const text = asText(v, Math.min(n, len))
  if (len >= n) return text
  const codes = new Int32Array(n).fill(-1)
  codes.set(text.codes)
  return { kind: 'str', codes, dict: text.dict }
}
