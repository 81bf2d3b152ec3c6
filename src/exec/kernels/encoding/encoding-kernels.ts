// exec/kernels/encoding/encoding-kernels.ts: the encoding family's kernel table, keyed by the family's
// catalog kernel keys (catalog/scalar/encoding.ts). A row without an entry is unsupported
// (docs/contributing.md, "Add a scalar function").
import type { FamilyKernels } from '../kernel.ts'
import { BASE64_KERNELS } from './base64.ts'
import { CSV_PATH_KERNELS } from './csv-path.ts'
import { URL_KERNELS } from './url.ts'

/** Kernels of the encoding family. */
export const ENCODING_KERNELS: FamilyKernels<'encoding'> = {
  ...BASE64_KERNELS,
  ...URL_KERNELS,
  ...CSV_PATH_KERNELS,
}
