// test/reference/scalar/encoding.ts: the reference's encoding functions, row at a time. Empty so far: a
// row the reference lacks makes a query that uses it unverifiable (OracleUnsupported), never a pass.

import type { FamilyImpls } from './define.ts'

/** The encoding family. */
export const ENCODING: FamilyImpls<'encoding'> = {}
