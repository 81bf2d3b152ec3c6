// exec/kernels/pair/pair-kernels.ts: the pair family's kernel table, keyed by the family's catalog kernel
// keys (catalog/scalar/pair.ts). Empty so far: each row is unsupported until its kernel is added here
// (docs/contributing.md, "Add a scalar function").
import type { FamilyKernels } from '../kernel.ts'

/** Kernels of the pair family. */
export const PAIR_KERNELS: FamilyKernels<'pair'> = {}
