// exec/kernels/dynamic/dynamic-kernels.ts: the dynamic family's kernel table (parse_json, todynamic,
// array_length, bag_pack/pack, pack_dictionary, pack_array, bag_*, len), keyed by the family's catalog
// kernel keys (catalog/scalar/dynamic.ts). A row without an entry is unsupported.
import type { FamilyKernels } from '../kernel.ts'
import { BAG_KERNELS } from './bag-functions.ts'
import { DYNAMIC_FUNCTION_KERNELS } from './dynamic-functions.ts'

/** Kernels of the dynamic family. */
export const DYNAMIC_KERNELS: FamilyKernels<'dynamic'> = {
  ...DYNAMIC_FUNCTION_KERNELS,
  ...BAG_KERNELS,
}
