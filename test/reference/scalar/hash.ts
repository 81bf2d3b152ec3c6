// test/reference/scalar/hash.ts: the reference's hash functions, row at a time. Empty so far: a row the
// reference lacks makes a query that uses it unverifiable (OracleUnsupported), never a pass.

import type { FamilyImpls } from './define.ts'

/** The hash family. */
export const HASH: FamilyImpls<'hash'> = {}
