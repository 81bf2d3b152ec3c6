// test/reference/scalar/array.ts: the reference's array functions, row at a time. Empty so far: a row the
// reference lacks makes a query that uses it unverifiable (OracleUnsupported), never a pass.

import type { FamilyImpls } from './define.ts'

/** The array family. */
export const ARRAY: FamilyImpls<'array'> = {}
