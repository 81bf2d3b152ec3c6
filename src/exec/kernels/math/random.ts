// exec/kernels/math/random.ts: rand() (a real in [0, 1)) and rand(range) (a long in [0, range)), a
// fresh value per row (volatile: never folded, never one call for a constant call). A range that is
// not a positive number gives null.
import { readArg, valueAt } from '../executor/index.ts'
import type { Kernel } from '../kernel.ts'

export const randKernel: Kernel = (args, n, site) => {
  const values = new Float64Array(n)
  const valid = new Uint8Array(n)
  const range = args.length > 0 ? readArg(args[0], 'long', n) : null
  const sel = site.sel ?? null
  const live = sel ? sel.length : n
  for (let j = 0; j < live; j++) {
    const i = sel ? sel[j] : j
    if (range === null) {
      values[i] = Math.random()
      valid[i] = 1
      continue
    }
    const r = valueAt(range, i)
    if (typeof r !== 'number' || !(r > 0)) continue
    values[i] = Math.floor(Math.random() * r)
    valid[i] = 1
  }
  return { kind: 'num', type: range === null ? 'real' : 'long', values, valid }
}
