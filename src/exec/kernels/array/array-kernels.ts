// exec/kernels/array/array-kernels.ts: the array family's kernel table, keyed by the family's catalog
// kernel keys (catalog/scalar/array.ts). Empty so far: each row is unsupported until its kernel is added
// here (docs/contributing.md, "Add a scalar function").
import type { FamilyKernels } from '../kernel.ts'

/** Kernels of the array family. */
export const ARRAY_KERNELS: FamilyKernels<'array'> = {}
