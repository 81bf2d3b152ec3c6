// exec/scan/sparse-vec.ts: executor vectors of sparse block columns (values at row positions): the
// values gathered to chosen rows, null where a row holds none. A whole block's rows only when a
// query reads the column densely; a few rows (take, late columns) cost O(rows asked · log values).
import type { Vec } from '../vector.ts'

/** Validity of a gather: 1 where `ks[i] ≥ 0` and the value there is valid. */
function gatherValid(valid: Uint8Array | null, ks: Int32Array): Uint8Array | null {
  const out = new Uint8Array(ks.length)
  let all = 1
  for (let i = 0; i < ks.length; i++) {
    const k = ks[i]
    const v = k >= 0 && (valid === null || valid[k] === 1) ? 1 : 0
    out[i] = v
    all &= v
  }
  return all === 1 ? null : out
}

function gatherF64(values: Float64Array, ks: Int32Array): Float64Array {
  const out = new Float64Array(ks.length)
  for (let i = 0; i < ks.length; i++) if (ks[i] >= 0) out[i] = values[ks[i]]
  return out
}

/** Row i of the result is value `ks[i]` of `v`, or null when `ks[i]` is -1. */
export function gatherOrNull(v: Vec, ks: Int32Array): Vec {
  switch (v.kind) {
    case 'bool': {
      const out = new Uint8Array(ks.length)
      for (let i = 0; i < ks.length; i++) if (ks[i] >= 0) out[i] = v.values[ks[i]]
      return { kind: 'bool', values: out, valid: gatherValid(v.valid, ks) }
    }
    case 'num':
      return { kind: 'num', type: v.type, values: gatherF64(v.values, ks), valid: gatherValid(v.valid, ks) }
    case 'span':
      return { kind: 'span', values: gatherF64(v.values, ks), valid: gatherValid(v.valid, ks) }
    case 'time': {
      const ns = new Int32Array(ks.length)
      for (let i = 0; i < ks.length; i++) if (ks[i] >= 0) ns[i] = v.ns[ks[i]]
      return { kind: 'time', ms: gatherF64(v.ms, ks), ns, valid: gatherValid(v.valid, ks) }
    }
    case 'str': {
      const codes = new Int32Array(ks.length)
      for (let i = 0; i < ks.length; i++) codes[i] = ks[i] >= 0 ? v.codes[ks[i]] : -1
      return { kind: 'str', codes, dict: v.dict }
    }
    case 'dyn':
    case 'mixed': {
      const out = new Array(ks.length)
      for (let i = 0; i < ks.length; i++) out[i] = ks[i] >= 0 ? (v.values[ks[i]] ?? null) : null
      return v.kind === 'dyn' ? { kind: 'dyn', values: out } : { kind: 'mixed', values: out }
    }
  }
}
