// exec/kernels/binning/binning-kernels.ts: the binning family's kernel table (bin and bin_auto
// (binning.ts), floor and ceiling (math.ts's typed loops)), keyed by the family's catalog kernel keys
// (catalog/scalar/binning.ts). A row without an entry is unsupported.
import type { FamilyKernels } from '../kernel.ts'
import { ceilingKernel, floorKernel } from '../math/math.ts'
import { binAutoKernel, binKernel } from './binning.ts'

/** Kernels of the binning family. */
export const BINNING_KERNELS: FamilyKernels<'binning'> = {
  bin: binKernel,
  bin_auto: binAutoKernel,
  floor: floorKernel,
  ceiling: ceilingKernel,
}
