// exec/kernels/conversion/to-int.ts: toint/tolong: reals truncate toward zero, bool 1/0, strings only
// as `[+-]digits`; anything else (and non-finite numbers) is null.
import { cellAt } from '../../vector.ts'
import type { Kernel } from '../kernel.ts'

const INTEGER = /^[+-]?[0-9]+$/

/** toint/tolong: reals truncate toward zero, bool 1/0, strings only as `[+-]digits`; else null. */
export const toIntKernel: Kernel = (args, n) => {
  const v = args[0]
  const values = new Float64Array(n)
  const valid = new Uint8Array(n)
  if (v.kind === 'num' || v.kind === 'span') {
    for (let i = 0; i < n; i++) {
      const x = v.values[i]
      if ((!v.valid || v.valid[i]) && Number.isFinite(x)) {
        values[i] = Math.trunc(x)
        valid[i] = 1
      }
    }
    return { kind: 'num', type: 'long', values, valid }
  }
  for (let i = 0; i < n; i++) {
    const c = cellAt(v, i)
    const x =
      typeof c === 'boolean'
        ? Number(c)
        : typeof c === 'bigint'
          ? Number(c)
          : typeof c === 'number'
            ? Math.trunc(c)
            : typeof c === 'string' && INTEGER.test(c)
              ? Number(c)
              : null
    if (x !== null && Number.isFinite(x)) {
      values[i] = x
      valid[i] = 1
    }
  }
  return { kind: 'num', type: 'long', values, valid }
}
