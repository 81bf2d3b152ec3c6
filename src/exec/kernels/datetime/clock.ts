// exec/kernels/datetime/clock.ts: now([offset]) and ago(span) from the query's single `now` (the optimizer
// usually folds them into literals; these run when it did not).

import { constantVec } from '../constants.ts'
import type { Kernel } from '../kernel.ts'
import { ARITH_KERNELS } from '../operators/arith.ts'

/** now() or now(offset). */
export const nowKernel: Kernel = (args, n, site) => {
  const now = constantVec('datetime', site.env.now, n)
  return args.length === 0 ? now : ARITH_KERNELS.add([now, args[0]], n, site)
}

/** ago(span) = now() − span. */
export const agoKernel: Kernel = (args, n, site) =>
  ARITH_KERNELS.sub([constantVec('datetime', site.env.now, n), args[0]], n, site)
