// exec/kernels/series/series-kernels.ts: the series family's kernel table, keyed by the family's catalog
// kernel keys (catalog/scalar/series.ts). Empty so far: each row is unsupported until its kernel is added
// here (docs/contributing.md, "Add a scalar function").
import type { FamilyKernels } from '../kernel.ts'

/** Kernels of the series family. */
export const SERIES_KERNELS: FamilyKernels<'series'> = {}
