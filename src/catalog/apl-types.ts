// catalog/apl-types.ts: the APL type vocabulary (names, aliases, wire names, storage mapping, type
// classes). Pure data and lookups; typing rules that combine types live in type-rules.ts.

import type { FieldType } from '../storage/types.ts'

/**
 * An APL scalar type. `unknown` is not writable in a query: it is the type of a column whose
 * blocks hold several storage types (e.g. `status` stored as string and integer), decided per value.
 */
export type AplType = 'bool' | 'long' | 'real' | 'string' | 'datetime' | 'timespan' | 'dynamic' | 'unknown'

/** Every APL type, in a fixed order (used for docs and exhaustive tests). */
export const APL_TYPES: readonly AplType[] = [
  'bool',
  'long',
  'real',
  'string',
  'datetime',
  'timespan',
  'dynamic',
  'unknown',
]

/** Names a query may write for a type (`typeof(int)`, `long(null)`, `parse ... x:double`). */
const TYPE_NAMES: ReadonlyMap<string, AplType> = new Map<string, AplType>([
  ['bool', 'bool'],
  ['boolean', 'bool'],
  ['long', 'long'],
  ['int', 'long'],
  ['real', 'real'],
  ['double', 'real'],
  ['string', 'string'],
  ['datetime', 'datetime'],
  ['date', 'datetime'],
  ['timespan', 'timespan'],
  ['time', 'timespan'],
  ['dynamic', 'dynamic'],
])

/** The type a written type name denotes (canonical or alias, case-sensitive), or undefined. */
export function parseAplTypeName(name: string): AplType | undefined {
  return TYPE_NAMES.get(name)
}

/** Every type name a query may write, aliases included (for "did you mean"). */
export function allAplTypeNames(): readonly string[] {
  return [...TYPE_NAMES.keys()]
}

/** Type name used in the API's `fields[].type` (api-contract.md §1.3). */
export type WireTypeName =
  | 'boolean'
  | 'integer'
  | 'float'
  | 'string'
  | 'datetime'
  | 'timespan'
  | 'array'
  | 'unknown'

// dynamic maps to `array`: that is the storage/wire name for any nested JSON value (storage/types.ts).
const WIRE_NAMES: { readonly [T in AplType]: WireTypeName } = {
  bool: 'boolean',
  long: 'integer',
  real: 'float',
  string: 'string',
  datetime: 'datetime',
  timespan: 'timespan',
  dynamic: 'array',
  unknown: 'unknown',
}

/** The `fields[].type` name of an APL type. */
export function wireTypeName(t: AplType): WireTypeName {
  return WIRE_NAMES[t]
}

const FROM_STORAGE: { readonly [F in FieldType]: AplType } = {
  string: 'string',
  integer: 'long',
  float: 'real',
  boolean: 'bool',
  datetime: 'datetime',
  timespan: 'timespan',
  array: 'dynamic',
  map: 'dynamic',
}

/** The APL type of one storage column type. */
export function aplTypeOfStorage(t: FieldType): AplType {
  return FROM_STORAGE[t]
}

/**
 * The APL type of a field seen with several storage types across blocks: one type maps directly,
 * `integer|float` widens to `real` (the common numeric case, e.g. `req_duration_ms`), numbers
 * beside timespans are a `timespan` (the numbers read as nanoseconds: a field declared a timespan
 * after numbers were stored), anything else (or nothing) is `unknown`.
 */
export function aplTypeOfStorageTypes(types: Iterable<FieldType>): AplType {
  // One type (most fields): no set to build (a schema of a thousand fields binds per query).
  if (Array.isArray(types) && types.length === 1) return FROM_STORAGE[types[0] as FieldType]
  const set = new Set<AplType>()
  for (const t of types) set.add(FROM_STORAGE[t])
  if (set.size === 1) return [...set][0]
  if (set.size === 2 && set.has('long') && set.has('real')) return 'real'
  if (set.has('timespan') && [...set].every((t) => t === 'timespan' || t === 'long' || t === 'real'))
    return 'timespan'
  return 'unknown'
}

/** A named set of types a parameter may accept. */
export type TypeClass = 'numeric' | 'summable' | 'orderable' | 'scalar' | 'any'

/** The members of each type class. `dynamic`/`unknown` arguments are matched separately (runtime). */
export const TYPE_CLASSES: { readonly [C in TypeClass]: readonly AplType[] } = {
  numeric: ['long', 'real'],
  summable: ['long', 'real', 'timespan'],
  orderable: ['long', 'real', 'datetime', 'timespan', 'string', 'bool'],
  scalar: ['bool', 'long', 'real', 'string', 'datetime', 'timespan'],
  any: ['bool', 'long', 'real', 'string', 'datetime', 'timespan', 'dynamic'],
}

/** What a parameter accepts: one type, a type class, or a list of types. */
export type TypeSpec = AplType | TypeClass | readonly AplType[]

/** The concrete types a spec admits. */
export function typesOf(spec: TypeSpec): readonly AplType[] {
  if (typeof spec !== 'string') return spec
  return spec in TYPE_CLASSES ? TYPE_CLASSES[spec as TypeClass] : [spec as AplType]
}

/** Human text for a spec, as it appears in "expected …" messages (`numeric`, `long or real`). */
export function describeTypeSpec(spec: TypeSpec): string {
  if (typeof spec === 'string') return spec
  if (spec.length <= 1) return spec.join('')
  return `${spec.slice(0, -1).join(', ')} or ${spec[spec.length - 1]}`
}

/** True for `long` and `real`. */
export function isNumeric(t: AplType): boolean {
  return t === 'long' || t === 'real'
}
