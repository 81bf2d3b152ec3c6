// storage/field-decls.ts: a dataset's declared fields — types (`fieldTypes`: `timespan`) and map
// fields (`mapFields`) — the checks on declaring them, and the lookup ingest reads. A declaration
// applies to events ingested after it; stored blocks keep the shape they were written with.
import { StoreError } from './errors.ts'
import { MAX_FIELD_NAME_BYTES, utf8ByteLength } from './ingest/limits.ts'
import type { DatasetMeta } from './manifest/edits.ts'

/** Types a dataset may declare for a field (numbers are then read as ns, duration text parsed). */
export const DECLARABLE_TYPES = ['timespan'] as const

/** A type a field may be declared with. */
export type DeclaredType = (typeof DECLARABLE_TYPES)[number]

/** What ingest does with one flattened name: store it as a timespan, or keep its object whole. */
export type Declared = DeclaredType | 'map'

/** The declarations ingest consults, by flattened field name; made once per dataset metadata. */
export interface FieldDecls {
  readonly byName: ReadonlyMap<string, Declared>
}

const cache = new WeakMap<DatasetMeta, FieldDecls | undefined>()

/** The declarations of a dataset (undefined when it declares nothing): cached per metadata object. */
export function declsOf(meta: DatasetMeta): FieldDecls | undefined {
  if (cache.has(meta)) return cache.get(meta)
  const byName = new Map<string, Declared>()
  for (const [name, type] of Object.entries(meta.fieldTypes ?? {})) byName.set(name, type)
  for (const name of meta.mapFields ?? []) byName.set(name, 'map')
  const decls = byName.size === 0 ? undefined : { byName }
  cache.set(meta, decls)
  return decls
}

/**
 * Checks a declared field's name: 1–200 UTF-8 bytes, no leading `_` (system fields and Axiom's
 * reserved names), no empty dotted segment, no control characters. Returns it.
 */
export function checkDeclaredName(name: unknown, what: string): string {
  const bad = (why: string): never => {
    throw new StoreError('invalid_argument', `invalid ${what} name ${JSON.stringify(name)}: ${why}`)
  }
  if (typeof name !== 'string' || name === '') return bad('a non-empty string is required')
  if (utf8ByteLength(name) > MAX_FIELD_NAME_BYTES) return bad(`longer than ${MAX_FIELD_NAME_BYTES} bytes`)
  if (name.startsWith('_')) return bad('names starting with "_" are reserved for system fields')
  if (name.split('.').some((s) => s === '')) return bad('a dotted name has an empty part')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(name) || !name.isWellFormed())
    return bad('control characters or lone surrogates')
  return name
}

/**
 * `fieldTypes` after applying `changes` (a type declares, null removes) to `current`; checks
 * names and types, and that no map field is also given a type.
 */
export function mergeFieldTypes(
  current: Readonly<Record<string, DeclaredType>> | undefined,
  changes: Readonly<Record<string, DeclaredType | null>>,
  mapFields: readonly string[],
): Record<string, DeclaredType> {
  if (typeof changes !== 'object' || changes === null || Array.isArray(changes))
    throw new StoreError('invalid_argument', 'fieldTypes must be an object of field name → type')
  const out: Record<string, DeclaredType> = { ...current }
  for (const [name, type] of Object.entries(changes)) {
    checkDeclaredName(name, 'field')
    if (type === null) {
      delete out[name]
      continue
    }
    if (!(DECLARABLE_TYPES as readonly unknown[]).includes(type))
      throw new StoreError(
        'invalid_argument',
        `field ${JSON.stringify(name)}: cannot declare type ${JSON.stringify(type)}; declarable types: ${DECLARABLE_TYPES.join(', ')}`,
      )
    if (mapFields.includes(name))
      throw new StoreError(
        'invalid_argument',
        `field ${JSON.stringify(name)} is a map field; it cannot also be a ${type}`,
      )
    out[name] = type
  }
  return out
}
