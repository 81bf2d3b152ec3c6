// exec/kernels/type-check/type-check-kernels.ts: the type-check family's kernel table (isnull, isnotnull,
// isempty, isnotempty, gettype, isstring, isbool, isreal, ismap, isutf8, iscc, isimei), keyed by the
// family's catalog kernel keys (catalog/scalar/type-check.ts). A row without an entry is unsupported.
import type { FamilyKernels } from '../kernel.ts'
import { NULL_CHECK_KERNELS } from './null-checks.ts'
import { RUNTIME_TYPE_KERNELS } from './runtime-type.ts'
import { TEXT_CHECK_KERNELS } from './text-checks.ts'

/** Kernels of the type-check family. */
export const TYPE_CHECK_KERNELS: FamilyKernels<'type-check'> = {
  ...NULL_CHECK_KERNELS,
  ...RUNTIME_TYPE_KERNELS,
  ...TEXT_CHECK_KERNELS,
}
