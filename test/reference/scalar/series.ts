// test/reference/scalar/series.ts: the reference's series functions, row at a time. Empty so far: a row the
// reference lacks makes a query that uses it unverifiable (OracleUnsupported), never a pass.

import type { FamilyImpls } from './define.ts'

/** The series family. */
export const SERIES: FamilyImpls<'series'> = {}
