// exec/kernels/conditional/pick-rows.ts: per row, the value of one of several candidate vectors (`case`,
// conditional picks). Typed gathers when every candidate shares a layout (strings merge their
// dictionaries once per entry); otherwise the cell slow path conformed to the call's type.
import type { AplType } from '../../../catalog/index.ts'
import { fromCells } from '../../batch.ts'
import type { Cell } from '../../result.ts'
import type { StrVec, Vec } from '../../vector.ts'
import { cellAt } from '../../vector.ts'
import { jsonAt, StringInterner } from '../arg-views.ts'

/** Valid bytes of the picked rows (null when every candidate is all-valid). */
function pickValid(
  vs: readonly { readonly valid: Uint8Array | null }[],
  choice: Int32Array,
): Uint8Array | null {
  if (vs.every((v) => v.valid === null)) return null
  const out = new Uint8Array(choice.length)
  for (let i = 0; i < choice.length; i++) {
    const valid = vs[choice[i]].valid
    out[i] = valid === null ? 1 : valid[i]
  }
  return out
}

function pickF64(arrays: readonly Float64Array[], choice: Int32Array): Float64Array {
  const out = new Float64Array(choice.length)
  for (let i = 0; i < choice.length; i++) out[i] = arrays[choice[i]][i]
  return out
}

function pickStr(vs: readonly StrVec[], choice: Int32Array): StrVec {
  const out = new StringInterner()
  const remaps = vs.map((v) => Int32Array.from(v.dict, (s) => out.code(s)))
  const codes = new Int32Array(choice.length)
  for (let i = 0; i < choice.length; i++) {
    const c = vs[choice[i]].codes[i]
    codes[i] = c < 0 ? -1 : remaps[choice[i]][c]
  }
  return { kind: 'str', codes, dict: out.dict }
}

/**
 * Row i of the result is row i of `vs[choice[i]]`, as a vector of `type`; `candidates` lists the
 * indices `choice` may hold (the other entries of `vs`, e.g. predicates, never decide the layout).
 */
export function pickRows(
  inputs: readonly Vec[],
  candidates: readonly number[],
  choice: Int32Array,
  type: AplType,
): Vec {
  const n = choice.length
  // Non-candidates stand in as the first candidate, so layout checks see candidates only.
  const vs = inputs.map((v, k) => (candidates.includes(k) ? v : inputs[candidates[0]]))
  const kind = vs[0]?.kind
  if (vs.every((v) => v.kind === kind) && type !== 'dynamic' && type !== 'unknown') {
    if (kind === 'num' && (type === 'long' || type === 'real')) {
      const ns = vs as Extract<Vec, { kind: 'num' }>[]
      return {
        kind: 'num',
        type,
        values: pickF64(
          ns.map((v) => v.values),
          choice,
        ),
        valid: pickValid(ns, choice),
      }
    }
    if (kind === 'span') {
      const ss = vs as Extract<Vec, { kind: 'span' }>[]
      return {
        kind: 'span',
        values: pickF64(
          ss.map((v) => v.values),
          choice,
        ),
        valid: pickValid(ss, choice),
      }
    }
    if (kind === 'time') {
      const ts = vs as Extract<Vec, { kind: 'time' }>[]
      const ns = new Int32Array(n)
      for (let i = 0; i < n; i++) ns[i] = ts[choice[i]].ns[i]
      return {
        kind: 'time',
        ms: pickF64(
          ts.map((v) => v.ms),
          choice,
        ),
        ns,
        valid: pickValid(ts, choice),
      }
    }
    if (kind === 'str') return pickStr(vs as StrVec[], choice)
  }
  const cells: Cell[] = new Array(n)
  const at = type === 'dynamic' ? jsonAt : cellAt
  for (let i = 0; i < n; i++) cells[i] = at(vs[choice[i]], i)
  return fromCells(type, cells)
}
