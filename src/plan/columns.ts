// plan/columns.ts: the ordered, typed columns a plan node outputs (its row schema) and their helpers.
// A column knows its APL type and, when it comes straight from a dataset, the storage types behind it.

import { type AplType, aplTypeOfStorageTypes } from '../catalog/index.ts'
import type { FieldType } from '../storage/types.ts'
import type { SchemaField } from './schema.ts'

/** One output column of a plan node. */
export interface ColumnInfo {
  readonly name: string
  /** APL type; `unknown` for a mixed column whose type is decided per value. */
  readonly type: AplType
  /** Storage types of a dataset field (several for a composite such as `integer|string`); [] when computed. */
  readonly storage: readonly FieldType[]
}

/** The ordered columns of a plan node's output. */
export type RowSchema = readonly ColumnInfo[]

/** Builds a column. */
export function columnInfo(name: string, type: AplType, storage: readonly FieldType[] = []): ColumnInfo {
  return { name, type, storage }
}

/** The column of a stored field: a multi-typed field binds as its composite (catalog `aplTypeOfStorageTypes`). */
export function fieldColumn(field: SchemaField): ColumnInfo {
  return { name: field.name, type: aplTypeOfStorageTypes(field.types), storage: field.types }
}

/** Per schema: lookups so far (a number) until INDEX_AFTER, then a name index. */
const INDEX = new WeakMap<RowSchema, ReadonlyMap<string, ColumnInfo> | number>()
/** Lookups answered by a scan before a schema is indexed: a binder stage (one `extend` of a long
 * chain) looks up a few names in a fresh schema, and indexing every stage's schema made the chain
 * cost a Map build per stage. */
const INDEX_AFTER = 4

/** The column named `name` (exact, case-sensitive; the last one if named twice), or undefined. */
export function findColumn(schema: RowSchema, name: string): ColumnInfo | undefined {
  const index = INDEX.get(schema) ?? 0
  if (typeof index !== 'number') return index.get(name)
  if (index + 1 >= INDEX_AFTER) INDEX.set(schema, new Map(schema.map((c) => [c.name, c])))
  else INDEX.set(schema, index + 1)
  for (let i = schema.length - 1; i >= 0; i--) if (schema[i].name === name) return schema[i]
  return undefined
}

/** Column names in order. */
export function columnNames(schema: RowSchema): string[] {
  return schema.map((c) => c.name)
}

/** The type of a column fed by several inputs (union): equal stays, long+real widens to real, else unknown. */
export function mergeTypes(a: AplType, b: AplType): AplType {
  if (a === b) return a
  if ((a === 'long' && b === 'real') || (a === 'real' && b === 'long')) return 'real'
  return 'unknown'
}

/** Merges schemas by column name in order of first appearance (union semantics, apl-reference §4). */
export function mergeSchemas(schemas: readonly RowSchema[]): ColumnInfo[] {
  const out: ColumnInfo[] = []
  const at = new Map<string, number>()
  for (const schema of schemas) {
    for (const c of schema) {
      const i = at.get(c.name)
      if (i === undefined) {
        at.set(c.name, out.length)
        out.push(c)
        continue
      }
      const prev = out[i]
      const storage = [...new Set([...prev.storage, ...c.storage])]
      out[i] = columnInfo(c.name, mergeTypes(prev.type, c.type), storage)
    }
  }
  return out
}
