// exec/kernels/hash/hash-kernels.ts: the hash family's kernel table, keyed by the family's catalog kernel
// keys (catalog/scalar/hash.ts). Empty so far: each row is unsupported until its kernel is added here
// (docs/contributing.md, "Add a scalar function").
import type { FamilyKernels } from '../kernel.ts'

/** Kernels of the hash family. */
export const HASH_KERNELS: FamilyKernels<'hash'> = {}
