// test/reference/scalar/genai.ts: the reference's genai functions, row at a time. Empty so far: a row the
// reference lacks makes a query that uses it unverifiable (OracleUnsupported), never a pass.

import type { FamilyImpls } from './define.ts'

/** The genai family. */
export const GENAI: FamilyImpls<'genai'> = {}
