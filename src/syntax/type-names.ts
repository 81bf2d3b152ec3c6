// syntax/type-names.ts: the APL type-name table (apl-reference §3): spelling → canonical scalar type.
// The only place aliases are folded; printers and the binder use the canonical names.

import type { ScalarTypeName } from './ast-expr.ts'

/** Every accepted type spelling and the canonical type it denotes. */
export const TYPE_NAMES: ReadonlyMap<string, ScalarTypeName> = new Map<string, ScalarTypeName>([
  ['bool', 'bool'],
  ['boolean', 'bool'],
  ['int', 'long'],
  ['long', 'long'],
  ['real', 'real'],
  ['double', 'real'],
  ['string', 'string'],
  ['datetime', 'datetime'],
  ['date', 'datetime'],
  ['timespan', 'timespan'],
  ['time', 'timespan'],
  ['dynamic', 'dynamic'],
])

/** Canonical type for a spelling, or undefined when it is not a type. */
export function resolveTypeName(name: string): ScalarTypeName | undefined {
  return TYPE_NAMES.get(name)
}
