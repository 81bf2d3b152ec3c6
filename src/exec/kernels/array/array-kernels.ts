// exec/kernels/array/array-kernels.ts: the array family's kernel table, keyed by the family's catalog
// kernel keys (catalog/scalar/array.ts): reshaping, searching and set kernels, range.
import type { FamilyKernels } from '../kernel.ts'
import { range } from './array-range.ts'
import { ARRAY_RESHAPE_KERNELS } from './array-reshape.ts'
import { ARRAY_SEARCH_KERNELS } from './array-search.ts'

/** Kernels of the array family. */
export const ARRAY_KERNELS: FamilyKernels<'array'> = {
  ...ARRAY_RESHAPE_KERNELS,
  ...ARRAY_SEARCH_KERNELS,
  range,
}
