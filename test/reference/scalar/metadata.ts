// test/reference/scalar/metadata.ts: the reference's metadata functions, row at a time. Empty so far: a
// row the reference lacks makes a query that uses it unverifiable (OracleUnsupported), never a pass.

import type { FamilyImpls } from './define.ts'

/** The metadata family. */
export const METADATA: FamilyImpls<'metadata'> = {}
