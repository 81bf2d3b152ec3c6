// legacy/field-scope.ts: which names a legacy request can refer to: the dataset's stored fields, the
// system columns, the virtual `_rowId` and the request's virtual fields. A name outside the scope
// reads as null in every event (legacy queries are lenient where APL says "unknown column").

import type { SchemaField } from '../plan/index.ts'

/** Columns every dataset has, even before its first event. */
const SYSTEM_COLUMNS: readonly string[] = ['_time', '_sysTime', '_rowId']

/** Names a request may use, with what the translator needs to know about each. */
export class FieldScope {
  readonly #stored: ReadonlyMap<string, SchemaField>
  readonly #virtual: ReadonlySet<string>

  constructor(fields: readonly SchemaField[], virtualFields: readonly string[]) {
    this.#stored = new Map(fields.map((f) => [f.name, f]))
    this.#virtual = new Set(virtualFields)
  }

  /** True when `name` is a column of the query (stored, system or virtual). */
  has(name: string): boolean {
    return this.#virtual.has(name) || this.#stored.has(name) || SYSTEM_COLUMNS.includes(name)
  }

  /**
   * Every field an event shows (argmin/argmax without a field list): `_time`, `_sysTime`, the stored
   * fields in schema order, then the virtual fields; never `_rowId`.
   */
  allFields(): string[] {
    const out = new Set(['_time', '_sysTime'])
    for (const name of [...this.#stored.keys(), ...this.#virtual]) if (name !== '_rowId') out.add(name)
    return [...out]
  }

  /** True when `name` holds datetimes only (so a string compared with it is a time). */
  isDatetime(name: string): boolean {
    if (this.#virtual.has(name)) return false
    if (name === '_time' || name === '_sysTime') return true
    const types = this.#stored.get(name)?.types
    return types !== undefined && types.length === 1 && types[0] === 'datetime'
  }
}
