// storage/dataset-info.ts: the public shape of a dataset (api-contract.md §4) and the checks on
// create/update arguments. `id` equals `name`, as in every Axiom fixture.
import { StoreError } from './errors.ts'
import type { DeclaredType } from './field-decls.ts'
import type { DatasetMeta } from './manifest/edits.ts'

/** Dataset kinds Axiom knows. */
export const DATASET_KINDS = ['axiom:events:v1', 'otel:metrics:v1', 'otel:traces:v1', 'otel:logs:v1'] as const

/** A dataset as the API returns it. */
export interface DatasetInfo {
  id: string
  name: string
  kind: string
  description: string
  who: string
  created: string
  updatedAt: string
  canWrite: boolean
  useRetentionPeriod: boolean
  retentionDays: number
  mapFields: string[] | null
}

/** Arguments of `datasets.create`. */
export interface DatasetCreate {
  readonly name: string
  readonly description?: string
  readonly kind?: string
  readonly retentionDays?: number
  readonly useRetentionPeriod?: boolean
  /** Creator's user id (the HTTP layer passes the token's). */
  readonly who?: string
}

/** Arguments of `datasets.update` (omitted fields keep their values). */
export interface DatasetUpdate {
  readonly description?: string
  readonly retentionDays?: number
  readonly useRetentionPeriod?: boolean
  /**
   * Field types to declare (`{ duration: 'timespan' }`: numbers ingested afterwards are read as
   * nanoseconds, Go/Kusto duration text parsed); `null` removes a declaration; others are kept.
   */
  readonly fieldTypes?: Readonly<Record<string, DeclaredType | null>>
}

/** Public form of stored metadata. */
export function toInfo(m: DatasetMeta): DatasetInfo {
  return {
    id: m.name,
    name: m.name,
    kind: m.kind,
    description: m.description,
    who: m.who,
    created: m.created,
    updatedAt: m.updatedAt,
    canWrite: true,
    useRetentionPeriod: m.useRetentionPeriod,
    retentionDays: m.retentionDays,
    mapFields: m.mapFields !== undefined && m.mapFields.length > 0 ? [...m.mapFields] : null,
  }
}

/** Validate retention arguments; returns the normalized pair (`retentionDays: 0` ⇒ off). */
export function checkRetention(
  days: unknown,
  use: unknown,
): { retentionDays: number; useRetentionPeriod: boolean } {
  const retentionDays = days === undefined ? 0 : days
  if (typeof retentionDays !== 'number' || !Number.isSafeInteger(retentionDays) || retentionDays < 0) {
    throw new StoreError(
      'invalid_argument',
      `retentionDays must be a whole number of days ≥ 0, got ${JSON.stringify(days)}`,
    )
  }
  if (use !== undefined && typeof use !== 'boolean') {
    throw new StoreError(
      'invalid_argument',
      `useRetentionPeriod must be a boolean, got ${JSON.stringify(use)}`,
    )
  }
  return { retentionDays, useRetentionPeriod: retentionDays > 0 && use !== false }
}

/** Validate a kind; defaults to events. */
export function checkKind(kind: unknown): string {
  if (kind === undefined || kind === '') return DATASET_KINDS[0]
  if (typeof kind !== 'string' || !(DATASET_KINDS as readonly string[]).includes(kind)) {
    throw new StoreError(
      'invalid_argument',
      `unknown dataset kind ${JSON.stringify(kind)}; use one of ${DATASET_KINDS.join(', ')}`,
    )
  }
  return kind
}

/** Validate a description. */
export function checkDescription(d: unknown): string {
  if (d === undefined) return ''
  if (typeof d !== 'string') throw new StoreError('invalid_argument', 'description must be a string')
  return d
}
