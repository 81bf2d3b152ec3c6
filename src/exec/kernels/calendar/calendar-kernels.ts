// exec/kernels/calendar/calendar-kernels.ts: the calendar family's kernel table, keyed by the family's
// catalog kernel keys (catalog/scalar/calendar.ts): the part extractors (hourofday, dayofweek, …) on
// epoch ms and the start/end-of-period boundaries. A row without an entry is unsupported.
import { scalarKernel } from '../executor/index.ts'
import type { FamilyKernels, Kernel } from '../kernel.ts'
import { BOUNDARY_KERNELS } from './boundaries.ts'
import { PART_OF_MS, type PartOfMs } from './parts.ts'

/** `name(datetime) → long` of one part. */
const part = (f: PartOfMs): Kernel => scalarKernel({ args: ['datetime_ms'], returns: 'long', fn: f })

/** Kernels of the calendar family. */
export const CALENDAR_KERNELS: FamilyKernels<'calendar'> = {
  dayofmonth: part(PART_OF_MS.day),
  dayofweek: part(PART_OF_MS.dayofweek),
  dayofyear: part(PART_OF_MS.dayofyear),
  getmonth: part(PART_OF_MS.month),
  getyear: part(PART_OF_MS.year),
  hourofday: part(PART_OF_MS.hour),
  monthofyear: part(PART_OF_MS.month),
  week_of_year: part(PART_OF_MS.week_of_year),
  ...BOUNDARY_KERNELS,
}
