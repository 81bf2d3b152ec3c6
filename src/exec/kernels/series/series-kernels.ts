// exec/kernels/series/series-kernels.ts: the series family's kernel table (catalog/scalar/series.ts):
// element-wise, fills, reductions, filters, FFT. Arguments and results are typed arrays per row
// (exec/num-series.ts), so make-series → series_* chains build no JSON in between.
import type { FamilyKernels } from '../kernel.ts'
import { SERIES_ELEMENTWISE_KERNELS } from './series-elementwise.ts'
import { SERIES_FFT_KERNELS } from './series-fft.ts'
import { SERIES_FILL_KERNELS } from './series-fill.ts'
import { SERIES_FILTER_KERNELS } from './series-filters.ts'
import { SERIES_REDUCE_KERNELS } from './series-reduce.ts'

/** Kernels of the series family. */
export const SERIES_KERNELS: FamilyKernels<'series'> = {
  ...SERIES_ELEMENTWISE_KERNELS,
  ...SERIES_FILL_KERNELS,
  ...SERIES_REDUCE_KERNELS,
  ...SERIES_FILTER_KERNELS,
  ...SERIES_FFT_KERNELS,
}
