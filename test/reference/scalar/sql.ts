// test/reference/scalar/sql.ts: the reference's sql functions, row at a time. Empty so far: a row the
// reference lacks makes a query that uses it unverifiable (OracleUnsupported), never a pass.

import type { FamilyImpls } from './define.ts'

/** The sql family. */
export const SQL: FamilyImpls<'sql'> = {}
