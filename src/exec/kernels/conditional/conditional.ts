// exec/kernels/conditional/conditional.ts: iff, coalesce, not. iff/coalesce pick per row between
// operands of a common type; they go through cells (slow path) unless every operand is numeric.
import { fromCells } from '../../batch.ts'
import type { Cell } from '../../result.ts'
import { cellAt } from '../../vector.ts'
import { asBool } from '../coerce.ts'
import type { Kernel } from '../kernel.ts'
import { notBool } from '../operators/compare.ts'

/** iff(p, a, b): a where p is true, else b (null p → b). */
const iff: Kernel = (args, n, site) => {
  const p = asBool(args[0], n)
  const [a, b] = [args[1], args[2]]
  if (a.kind === 'num' && b.kind === 'num') {
    const values = new Float64Array(n)
    const valid = new Uint8Array(n)
    for (let i = 0; i < n; i++) {
      const pick = p.values[i] === 1 && (!p.valid || p.valid[i] === 1) ? a : b
      values[i] = pick.values[i]
      valid[i] = !pick.valid || pick.valid[i] ? 1 : 0
    }
    return { kind: 'num', type: site.type === 'long' ? 'long' : 'real', values, valid }
  }
  const out: Cell[] = new Array(n)
  for (let i = 0; i < n; i++) out[i] = cellAt(p.values[i] === 1 && (!p.valid || p.valid[i] === 1) ? a : b, i)
  return fromCells(site.type, out)
}

/** coalesce(a, b, …): the first operand neither null nor ""; else "" if one was "", else null (rule 34). */
const coalesce: Kernel = (args, n, site) => {
  const out: Cell[] = new Array(n).fill(null)
  for (let i = 0; i < n; i++) {
    for (const a of args) {
      const c = cellAt(a, i)
      if (c === '') out[i] = ''
      else if (c !== null) {
        out[i] = c
        break
      }
    }
  }
  return fromCells(site.type, out)
}

/** Conditional kernels keyed by scalar kernel key. */
export const CONDITIONAL_FUNCTION_KERNELS = {
  iff,
  coalesce,
  not: (args, n) => notBool(asBool(args[0], n)),
} as const satisfies Record<string, Kernel>
