// exec/kernels/encoding/encoding-kernels.ts: the encoding family's kernel table, keyed by the family's
// catalog kernel keys (catalog/scalar/encoding.ts). Empty so far: each row is unsupported until its kernel
// is added here (docs/contributing.md, "Add a scalar function").
import type { FamilyKernels } from '../kernel.ts'

/** Kernels of the encoding family. */
export const ENCODING_KERNELS: FamilyKernels<'encoding'> = {}
