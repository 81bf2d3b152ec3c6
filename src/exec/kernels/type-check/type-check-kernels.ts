// exec/kernels/type-check/type-check-kernels.ts: the type-check family's kernel table (isnull, isnotnull,
// isempty, isnotempty), keyed by the family's catalog kernel keys (catalog/scalar/type-check.ts). A row
// without an entry is unsupported.
import type { FamilyKernels } from '../kernel.ts'
import { NULL_CHECK_KERNELS } from './null-checks.ts'

/** Kernels of the type-check family. */
export const TYPE_CHECK_KERNELS: FamilyKernels<'type-check'> = {
  ...NULL_CHECK_KERNELS,
}
