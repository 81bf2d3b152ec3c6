// exec/kernels/calendar/calendar-kernels.ts: the calendar family's kernel table, keyed by the family's
// catalog kernel keys (catalog/scalar/calendar.ts). Empty so far: each row is unsupported until its kernel
// is added here (docs/contributing.md, "Add a scalar function").
import type { FamilyKernels } from '../kernel.ts'

/** Kernels of the calendar family. */
export const CALENDAR_KERNELS: FamilyKernels<'calendar'> = {}
