// test/reference/scalar/type-check.ts: the reference's type-check functions, row at a time: isnull,
// isnotnull, isempty, isnotempty, gettype, isascii. Written from the functions' documentation, never from engine code.

import { kindOf, type Value } from '../values.ts'
import { type FamilyImpls, text } from './define.ts'

/** Rule S20: the runtime type name of a value (a dynamic scalar by its JSON kind; a bag is a dictionary). */
function typeName(v: Value): string {
  const k = kindOf(v)
  return k === 'object' ? 'dictionary' : k
}

/** The type-check family. */
export const TYPE_CHECK: FamilyImpls<'type-check'> = {
  isnull: ([v]) => v === null,
  isnotnull: ([v]) => v !== null,
  isempty: ([v]) => v === null || v === '',
  isnotempty: ([v]) => v !== null && v !== '',
  gettype: ([v]) => typeName(v),
  isascii: ([v]) => (v === null ? null : [...text(v)].every((c) => c <= '\u007f')),
}
