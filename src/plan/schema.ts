// plan/schema.ts: the binder's view of stored data (dataset names and their fields with storage types).
// Must never import storage code: a Snapshot adapts to SchemaSource structurally, types only.

import type { Snapshot } from '../storage/snapshot.ts'
import type { FieldType } from '../storage/types.ts'

/** One field of a dataset as the binder sees it: its name and every storage type it holds. */
export interface SchemaField {
  readonly name: string
  /** Storage types seen across the dataset's blocks (several for a mixed column such as `integer|string`). */
  readonly types: readonly FieldType[]
}

/** What the binder needs to know about stored data. */
export interface SchemaSource {
  /** Every dataset name (for wildcards, `search` and "did you mean"). */
  datasetNames(): readonly string[]
  /** The fields of `dataset`, or undefined when there is no such dataset. */
  fields(dataset: string): readonly SchemaField[] | undefined
}

/** Adapts a storage snapshot (its names and per-dataset schema) to a SchemaSource. */
export function schemaFromSnapshot(
  snap: Pick<Snapshot, 'datasetNames' | 'dataset' | 'schema'>,
): SchemaSource {
  return {
    datasetNames: () => snap.datasetNames(),
    fields: (dataset) => (snap.dataset(dataset) === undefined ? undefined : snap.schema(dataset)),
  }
}

/** An in-memory SchemaSource: `staticSchema({ logs: { status: 'string', n: ['integer', 'string'] } })`. */
export function staticSchema(
  datasets: Readonly<Record<string, Readonly<Record<string, FieldType | readonly FieldType[]>>>>,
): SchemaSource {
  const table = new Map<string, readonly SchemaField[]>()
  for (const [name, fields] of Object.entries(datasets)) {
    table.set(
      name,
      Object.entries(fields).map(([field, t]) => ({ name: field, types: typeof t === 'string' ? [t] : t })),
    )
  }
  const names = [...table.keys()].sort()
  return { datasetNames: () => names, fields: (dataset) => table.get(dataset) }
}
