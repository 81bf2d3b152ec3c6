// exec/kernels/coerce.ts: bring an operand into the layout a kernel loops over (bool for logic,
// dictionary strings for string operators). Typed layouts pass through; other layouts convert once.
import type { Cell } from '../result.ts'
import type { BoolVec, StrVec, Vec } from '../vector.ts'
import { cellAt, vecLength } from '../vector.ts'

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

/** The text of a non-null cell for string operators (Kusto converts non-strings with tostring). */
function cellText(c: Cell): string {
  if (typeof c === 'string') return c
  if (typeof c === 'object') return JSON.stringify(c)
  return String(c)
}

/** `v` as dictionary strings; a non-string layout builds a per-call dictionary. */
export function asStr(v: Vec, n: number): StrVec {
  if (v.kind === 'str') return v
  const dict: string[] = []
  const ids = new Map<string, number>()
  const codes = new Int32Array(n)
  const len = vecLength(v)
  for (let i = 0; i < n; i++) {
    const c = i < len ? cellAt(v, i) : null
    if (c === null) {
      codes[i] = -1
      continue
    }
    const s = cellText(c)
    let id = ids.get(s)
    if (id === undefined) {
      id = dict.length
      ids.set(s, id)
      dict.push(s)
    }
    codes[i] = id
  }
  return { kind: 'str', codes, dict }
}
