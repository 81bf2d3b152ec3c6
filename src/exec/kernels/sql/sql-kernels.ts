// exec/kernels/sql/sql-kernels.ts: the sql family's kernel table, keyed by the family's catalog kernel
// keys (catalog/scalar/sql.ts). Empty so far: each row is unsupported until its kernel is added here
// (docs/contributing.md, "Add a scalar function").
import type { FamilyKernels } from '../kernel.ts'

/** Kernels of the sql family. */
export const SQL_KERNELS: FamilyKernels<'sql'> = {}
