// exec/kernels/metadata/metadata-kernels.ts: the metadata family's kernel table, keyed by the family's
// catalog kernel keys (catalog/scalar/metadata.ts). Empty so far: each row is unsupported until its kernel
// is added here (docs/contributing.md, "Add a scalar function").
import type { FamilyKernels } from '../kernel.ts'

/** Kernels of the metadata family. */
export const METADATA_KERNELS: FamilyKernels<'metadata'> = {}
