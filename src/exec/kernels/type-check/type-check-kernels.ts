// exec/kernels/type-check/type-check-kernels.ts: the type-check family's kernel table (isnull, isnotnull,
// isempty, isnotempty, gettype, isstring, isbool, isreal, ismap, isutf8, iscc, isimei, isascii, isarray), keyed by
// the family's catalog kernel keys (catalog/scalar/type-check.ts). A row without an entry is unsupported.

import { scalarKernel } from '../executor/index.ts'
import type { FamilyKernels } from '../kernel.ts'
import { NULL_CHECK_KERNELS } from './null-checks.ts'
import { RUNTIME_TYPE_KERNELS } from './runtime-type.ts'
import { TEXT_CHECK_KERNELS } from './text-checks.ts'

/** True when every character of `s` is ASCII (U+0000–U+007F). */
function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false
  return true
}

/** Kernels of the type-check family. */
export const TYPE_CHECK_KERNELS: FamilyKernels<'type-check'> = {
  ...NULL_CHECK_KERNELS,
  ...RUNTIME_TYPE_KERNELS,
  ...TEXT_CHECK_KERNELS,
  isascii: scalarKernel({ args: ['string'], returns: 'bool', fn: isAscii }),
}
