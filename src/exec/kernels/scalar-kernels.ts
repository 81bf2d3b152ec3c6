// exec/kernels/scalar-kernels.ts: THE table of scalar-function kernels, keyed by the catalog's kernel
// keys. `KernelTable` makes the compiler prove every T1/T2 key is present; a T3 key that is absent
// fails with a clear `not supported yet` error when a query needs it.
import type { KernelTable, RequiredScalarKernelKey, ScalarKernelKey } from '../../catalog/index.ts'
import { binAutoKernel, binKernel } from './binning.ts'
import { caseKernel } from './case.ts'
import { agoKernel, nowKernel } from './clock.ts'
import { CONCAT_KERNELS } from './concat.ts'
import { CONDITIONAL_KERNELS } from './conditional.ts'
import { toDoubleKernel } from './convert.ts'
import { datetimeDiffKernel } from './datetime-diff.ts'
import { DYNAMIC_KERNELS } from './dynamic-functions.ts'
import { extractKernel } from './extract.ts'
import type { Kernel } from './kernel.ts'
import { MATH_KERNELS } from './math.ts'
import { NULL_CHECK_KERNELS } from './null-checks.ts'
import { splitKernel } from './split.ts'
import { STRING_FUNCTION_KERNELS } from './string-functions.ts'
import { STRING_POSITION_KERNELS } from './string-positions.ts'
import { toStringKernel } from './text.ts'
import { toDateTimeKernel } from './to-datetime.ts'
import { toTimespanKernel } from './to-timespan.ts'

/** Every T1 and T2 scalar function (the type proves it); T3 keys present where cheap. */
export const scalarKernels: KernelTable<ScalarKernelKey, RequiredScalarKernelKey, Kernel> = {
  bin: binKernel,
  bin_auto: binAutoKernel,
  todouble: toDoubleKernel,
  tostring: toStringKernel,
  todatetime: toDateTimeKernel,
  totimespan: toTimespanKernel,
  now: nowKernel,
  ago: agoKernel,
  datetime_diff: datetimeDiffKernel,
  case: caseKernel,
  split: splitKernel,
  extract: extractKernel,
  ...MATH_KERNELS,
  ...STRING_FUNCTION_KERNELS,
  ...STRING_POSITION_KERNELS,
  ...CONCAT_KERNELS,
  ...NULL_CHECK_KERNELS,
  ...CONDITIONAL_KERNELS,
  ...DYNAMIC_KERNELS,
}
