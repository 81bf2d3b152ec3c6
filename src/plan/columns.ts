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

const INDEX = new WeakMap<RowSchema, ReadonlyMap<string, ColumnInfo>>()

/** The column named `name` (exact, case-sensitive), or undefined. Indexes each schema once. */
export function findColumn(schema: RowSchema, name: string): ColumnInfo | undefined {
  let index = INDEX.get(schema)
  if (index === undefined) {
    index = new Map(schema.map((c) => [c.name, c]))
    INDEX.set(schema, index)
  }
  return index.get(name)
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
