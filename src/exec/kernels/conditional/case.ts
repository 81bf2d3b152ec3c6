// exec/kernels/conditional/case.ts: case(p1, v1, p2, v2, …, else): per row the value after the first
// predicate that is true (null counts as false), else the last argument (reference rule 34).
import { asBool } from '../coerce.ts'
import type { Kernel } from '../kernel.ts'
import { pickRows } from './pick-rows.ts'

/** case(predicate, then, …, else). */
export const caseKernel: Kernel = (args, n, site) => {
  const last = args.length - 1
  const choice = new Int32Array(n).fill(last)
  const decided = new Uint8Array(n)
  const candidates = [last]
  for (let k = 0; k + 1 < args.length; k += 2) {
    candidates.push(k + 1)
    const p = asBool(args[k], n)
    for (let i = 0; i < n; i++) {
      if (decided[i] === 0 && p.values[i] === 1 && (p.valid === null || p.valid[i] === 1)) {
        choice[i] = k + 1
        decided[i] = 1
      }
    }
  }
  return pickRows(args, candidates, choice, site.type)
}
