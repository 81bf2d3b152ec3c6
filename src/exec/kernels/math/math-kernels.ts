// exec/kernels/math/math-kernels.ts: the math family's kernel table, keyed by the family's catalog
// kernel keys (catalog/scalar/math.ts). A row without an entry is unsupported.
import type { FamilyKernels } from '../kernel.ts'
import { ELEMENTARY_KERNELS } from './elementary.ts'
import { EXTREME_KERNELS } from './extremes.ts'
import { GAMMA_KERNELS } from './gamma.ts'
import { MATH_FUNCTION_KERNELS } from './math.ts'
import { randKernel } from './random.ts'

/** Kernels of the math family. */
export const MATH_KERNELS: FamilyKernels<'math'> = {
  ...MATH_FUNCTION_KERNELS,
  ...ELEMENTARY_KERNELS,
  ...GAMMA_KERNELS,
  ...EXTREME_KERNELS,
  rand: randKernel,
}
