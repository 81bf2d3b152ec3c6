// exec/kernels/ip/ip-kernels.ts: the ip family's kernel table, keyed by the family's catalog kernel keys
// (catalog/scalar/ip.ts). Empty so far: each row is unsupported until its kernel is added here
// (docs/contributing.md, "Add a scalar function").
import type { FamilyKernels } from '../kernel.ts'

/** Kernels of the ip family. */
export const IP_KERNELS: FamilyKernels<'ip'> = {}
