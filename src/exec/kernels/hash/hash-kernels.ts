// exec/kernels/hash/hash-kernels.ts: the hash family's kernel table, keyed by the family's catalog kernel
// keys (catalog/scalar/hash.ts). A row without an entry is unsupported.
import type { FamilyKernels } from '../kernel.ts'
import { HASH_FUNCTION_KERNELS } from './hash-functions.ts'

/** Kernels of the hash family. */
export const HASH_KERNELS: FamilyKernels<'hash'> = {
  ...HASH_FUNCTION_KERNELS,
}
