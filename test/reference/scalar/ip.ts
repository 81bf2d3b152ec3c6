// test/reference/scalar/ip.ts: the reference's ip functions, row at a time. Empty so far: a row the
// reference lacks makes a query that uses it unverifiable (OracleUnsupported), never a pass.

import type { FamilyImpls } from './define.ts'

/** The ip family. */
export const IP: FamilyImpls<'ip'> = {}
