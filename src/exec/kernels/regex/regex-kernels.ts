// exec/kernels/regex/regex-kernels.ts: the regex family's kernel table, keyed by the family's catalog
// kernel keys (catalog/scalar/regex.ts; `replace` runs under `replace_regex`). A row without an
// entry is unsupported.
import type { FamilyKernels } from '../kernel.ts'
import { extractKernel } from './extract.ts'
import { extractAllKernel } from './extract-all.ts'
import { REGEX_FUNCTION_KERNELS } from './regex-functions.ts'

/** Kernels of the regex family. */
export const REGEX_KERNELS: FamilyKernels<'regex'> = {
  extract: extractKernel,
  extract_all: extractAllKernel,
  ...REGEX_FUNCTION_KERNELS,
}
