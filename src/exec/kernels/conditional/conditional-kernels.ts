// exec/kernels/conditional/conditional-kernels.ts: the conditional family's kernel table (iff, case,
// coalesce, not), keyed by the family's catalog kernel keys (catalog/scalar/conditional.ts). A row without
// an entry is unsupported.
import type { FamilyKernels } from '../kernel.ts'
import { caseKernel } from './case.ts'
import { CONDITIONAL_FUNCTION_KERNELS } from './conditional.ts'

/** Kernels of the conditional family. */
export const CONDITIONAL_KERNELS: FamilyKernels<'conditional'> = {
  ...CONDITIONAL_FUNCTION_KERNELS,
  case: caseKernel,
}
