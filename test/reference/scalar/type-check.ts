// test/reference/scalar/type-check.ts: the reference's type-check functions, row at a time: isnull,
// isnotnull, isempty, isnotempty, gettype, isascii. Written from the functions' documentation, never from engine code.

import { DateTime, Timespan, type Value } from '../values.ts'
import { type FamilyImpls, text } from './define.ts'

/** Rule S20: the runtime type name of a value (a dynamic scalar by its JSON kind). */
function typeName(v: Value): string {
  if (v === null) return 'null'
  if (typeof v === 'string') return 'string'
  if (typeof v === 'boolean') return 'bool'
  if (typeof v === 'bigint') return 'long'
  if (typeof v === 'number') return 'real'
  if (v instanceof DateTime) return 'datetime'
  if (v instanceof Timespan) return 'timespan'
  return Array.isArray(v) ? 'array' : 'dictionary'
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
