// exec/kernels/type-check/null-checks.ts: isnull, isnotnull, isempty, isnotempty (empty = null or "").
import type { Vec } from '../../vector.ts'
import { cellAt } from '../../vector.ts'
import type { Kernel } from '../kernel.ts'

/** 1 where row i is null (or empty when `empty`), per layout without building cells where possible. */
function nullMask(v: Vec, n: number, empty: boolean): Uint8Array {
  const out = new Uint8Array(n)
  if (v.kind === 'str') {
    // Per entry: a dictionary's entries may repeat, so "" can be at several codes.
    const emptyAt = Uint8Array.from(v.dict, (e) => (empty && e === '' ? 1 : 0))
    for (let i = 0; i < n; i++) {
      const c = v.codes[i]
      out[i] = c < 0 || emptyAt[c] === 1 ? 1 : 0
    }
    return out
  }
  if (v.kind === 'dyn' || v.kind === 'mixed') {
    for (let i = 0; i < n; i++) {
      const c = cellAt(v, i)
      out[i] = c === null || (empty && c === '') ? 1 : 0
    }
    return out
  }
  if (v.valid) for (let i = 0; i < n; i++) out[i] = v.valid[i] ^ 1
  return out
}

function check(empty: boolean, negate: boolean): Kernel {
  return (args, n) => {
    const values = nullMask(args[0], n, empty)
    if (negate) for (let i = 0; i < n; i++) values[i] ^= 1
    return { kind: 'bool', values, valid: null }
  }
}

/** Null-check kernels keyed by scalar kernel key. */
export const NULL_CHECK_KERNELS = {
  isnull: check(false, false),
  isnotnull: check(false, true),
  isempty: check(true, false),
  isnotempty: check(true, true),
} as const satisfies Record<string, Kernel>
