// exec/kernels/math/math-kernels.ts: the math family's kernel table (abs, log, round), keyed by the
// family's catalog kernel keys (catalog/scalar/math.ts). A row without an entry is unsupported.
import type { FamilyKernels } from '../kernel.ts'
import { MATH_FUNCTION_KERNELS } from './math.ts'

/** Kernels of the math family. */
export const MATH_KERNELS: FamilyKernels<'math'> = {
  ...MATH_FUNCTION_KERNELS,
}
