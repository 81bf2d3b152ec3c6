// test/reference/scalar/type-check.ts: the reference's type-check functions, row at a time: isnull,
// isnotnull, isempty, isnotempty. Written from the functions' documentation, never from engine code.

import type { FamilyImpls } from './define.ts'

/** The type-check family. */
export const TYPE_CHECK: FamilyImpls<'type-check'> = {
  isnull: ([v]) => v === null,
  isnotnull: ([v]) => v !== null,
  isempty: ([v]) => v === null || v === '',
  isnotempty: ([v]) => v !== null && v !== '',
}
