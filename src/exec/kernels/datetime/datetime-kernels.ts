// exec/kernels/datetime/datetime-kernels.ts: the datetime family's kernel table (now, ago, datetime_diff,
// datetime_add, datetime_part, unixtime_*_todatetime), keyed by the family's catalog kernel keys
// (catalog/scalar/datetime.ts). A row without an entry is unsupported.
import type { FamilyKernels } from '../kernel.ts'
import { agoKernel, nowKernel } from './clock.ts'
import { datetimeAddKernel } from './datetime-add.ts'
import { datetimeDiffKernel } from './datetime-diff.ts'
import { datetimePartKernel } from './datetime-part.ts'
import { UNIXTIME_KERNELS } from './unixtime.ts'

/** Kernels of the datetime family. */
export const DATETIME_KERNELS: FamilyKernels<'datetime'> = {
  now: nowKernel,
  ago: agoKernel,
  datetime_diff: datetimeDiffKernel,
  datetime_add: datetimeAddKernel,
  datetime_part: datetimePartKernel,
  ...UNIXTIME_KERNELS,
}
