// exec/kernels/pair/pair-kernels.ts: the pair family's kernel table (pair, parse_pair, find_pair), keyed by
// the family's catalog kernel keys (catalog/scalar/pair.ts). A row without an entry is unsupported.
import type { FamilyKernels } from '../kernel.ts'
import { PAIR_FUNCTION_KERNELS } from './pair-functions.ts'

/** Kernels of the pair family. */
export const PAIR_KERNELS: FamilyKernels<'pair'> = { ...PAIR_FUNCTION_KERNELS }
