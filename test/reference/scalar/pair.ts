// test/reference/scalar/pair.ts: the reference's pair functions, row at a time. Empty so far: a row the
// reference lacks makes a query that uses it unverifiable (OracleUnsupported), never a pass.

import type { FamilyImpls } from './define.ts'

/** The pair family. */
export const PAIR: FamilyImpls<'pair'> = {}
