// storage/manifest/retained-fields.ts: fields a dataset keeps in its schema after the blocks holding
// them went (block deletion, trim, retention, quarantine), as Axiom keeps them, until a vacuum drops
// those no stored event carries (decision §13). Pure: the manifest appliers call it.
import type { FieldType } from '../types.ts'
import type { BlockMeta } from './edits.ts'

/** A field (with one of its storage types) that removed blocks held. */
export interface RetainedField {
  readonly field: string
  readonly type: FieldType
}

/** `current` plus every (field, type) the `removed` blocks' columns held, each pair once, sorted. */
export function retainFields(
  current: readonly RetainedField[],
  removed: readonly BlockMeta[],
): readonly RetainedField[] {
  if (removed.length === 0) return current
  const key = (f: RetainedField) => `${f.type}\u0000${f.field}`
  const all = new Map<string, RetainedField>()
  for (const f of current) all.set(key(f), f)
  for (const b of removed)
    for (const c of b.header.columns) {
      const f = { field: c.field, type: c.type }
      if (!all.has(key(f))) all.set(key(f), f)
    }
  if (all.size === current.length) return current
  return [...all.values()].sort((a, b) =>
    a.field < b.field ? -1 : a.field > b.field ? 1 : a.type < b.type ? -1 : a.type > b.type ? 1 : 0,
  )
}
