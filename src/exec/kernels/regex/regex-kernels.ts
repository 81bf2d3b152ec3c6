// exec/kernels/regex/regex-kernels.ts: the regex family's kernel table (extract), keyed by the family's
// catalog kernel keys (catalog/scalar/regex.ts). A row without an entry is unsupported.
import type { FamilyKernels } from '../kernel.ts'
import { extractKernel } from './extract.ts'

/** Kernels of the regex family. */
export const REGEX_KERNELS: FamilyKernels<'regex'> = {
  extract: extractKernel,
}
