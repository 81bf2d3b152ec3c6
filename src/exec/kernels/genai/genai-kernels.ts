// exec/kernels/genai/genai-kernels.ts: the genai family's kernel table, keyed by the family's catalog
// kernel keys (catalog/scalar/genai.ts). Empty so far: each row is unsupported until its kernel is added
// here (docs/contributing.md, "Add a scalar function").
import type { FamilyKernels } from '../kernel.ts'

/** Kernels of the genai family. */
export const GENAI_KERNELS: FamilyKernels<'genai'> = {}
