// test/reference/scalar/calendar.ts: the reference's calendar functions, row at a time. Empty so far: a
// row the reference lacks makes a query that uses it unverifiable (OracleUnsupported), never a pass.

import type { FamilyImpls } from './define.ts'

/** The calendar family. */
export const CALENDAR: FamilyImpls<'calendar'> = {}
