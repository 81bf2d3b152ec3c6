// exec/kernels/string/string-kernels.ts: the string family's kernel table, keyed by the family's catalog
// kernel keys (catalog/scalar/string.ts). A row without an entry is unsupported.
import type { FamilyKernels } from '../kernel.ts'
import { BYTES_KERNELS } from './bytes.ts'
import { CONCAT_KERNELS } from './concat.ts'
import { splitKernel } from './split.ts'
import { STRING_FUNCTION_KERNELS } from './string-functions.ts'
import { STRING_POSITION_KERNELS } from './string-positions.ts'
import { TEXT_EDIT_KERNELS } from './text-edits.ts'
import { TRIM_KERNELS } from './trim.ts'

/** Kernels of the string family. */
export const STRING_KERNELS: FamilyKernels<'string'> = {
  ...STRING_FUNCTION_KERNELS,
  ...STRING_POSITION_KERNELS,
  ...CONCAT_KERNELS,
  ...TRIM_KERNELS,
  ...TEXT_EDIT_KERNELS,
  ...BYTES_KERNELS,
  split: splitKernel,
}
