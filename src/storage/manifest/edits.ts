// storage/manifest/edits.ts: the manifest's edit records and the state they build. An edit is
// appended to the LOG (fsynced) before it takes effect; replaying the LOG over the last checkpoint
// rebuilds exactly the state that was acknowledged.
import type { BlockHeader, ZoneMap } from '../block/index.ts'
import type { DeclaredType } from '../field-decls.ts'
import { type RetainedField, retainFields } from './retained-fields.ts'

/** Dataset metadata as stored (times RFC3339). */
export interface DatasetMeta {
  readonly id: string
  readonly name: string
  readonly description: string
  readonly kind: string
  readonly who: string
  readonly created: string
  readonly updatedAt: string
  readonly useRetentionPeriod: boolean
  readonly retentionDays: number
  /** Declared field types (absent in stores written before declarations existed: none). */
  readonly fieldTypes?: Readonly<Record<string, DeclaredType>>
  /** Declared map fields, in declaration order (absent: none). */
  readonly mapFields?: readonly string[]
}

/** A sealed block as the manifest knows it; enough to prune and read it without opening the file first. */
export interface BlockMeta {
  readonly blockId: string
  readonly fileSize: number
  /** Sequence number of the block's first event; rows are consecutive. */
  readonly firstSeq: number
  readonly header: BlockHeader
  readonly zoneMap: ZoneMap
}

/** One manifest change. */
export type Edit =
  | { readonly kind: 'DatasetCreated'; readonly dataset: DatasetMeta }
  | {
      readonly kind: 'DatasetUpdated'
      readonly id: string
      readonly description: string
      readonly useRetentionPeriod: boolean
      readonly retentionDays: number
      readonly updatedAt: string
    }
  | {
      readonly kind: 'DatasetFieldsDeclared'
      readonly id: string
      readonly fieldTypes: Readonly<Record<string, DeclaredType>>
      readonly mapFields: readonly string[]
      readonly updatedAt: string
    }
  | { readonly kind: 'DatasetDeleted'; readonly id: string }
  | { readonly kind: 'BlockAdded'; readonly datasetId: string; readonly block: BlockMeta }
  | {
      readonly kind: 'BlocksRemoved'
      readonly datasetId: string
      readonly blockIds: readonly string[]
      readonly reason: 'trim' | 'retention' | 'delete' | 'quarantine'
    }
  | ({ readonly kind: 'DeleteRequested' } & PendingDeletion)
  | { readonly kind: 'DeleteApplied'; readonly opstamp: number }
  /** A vacuum: the dataset forgets the fields its removed blocks held (`at`: RFC 3339, store clock). */
  | { readonly kind: 'FieldsVacuumed'; readonly datasetId: string; readonly at: string }

/**
 * A committed block deletion whose files may still exist (no `DeleteApplied` yet). Its blocks are
 * already gone from the dataset's live list; the deletion worker unlinks the files.
 */
export interface PendingDeletion {
  /** Monotonic request number (never reused, survives checkpoints). */
  readonly opstamp: number
  readonly datasetId: string
  /** Dataset name when requested (for observability after the dataset is gone). */
  readonly dataset: string
  /** Blocks removed by the request (only those live when it was committed). */
  readonly blockIds: readonly string[]
  /** Rows held by those blocks. */
  readonly rowsDeleted: number
  /** When the request was committed, RFC3339 (store clock). */
  readonly createdAt: string
}

/** Per-dataset manifest state. */
export interface DatasetState {
  meta: DatasetMeta
  /** Live blocks in seal order. Replaced, never mutated, when it changes. */
  blocks: readonly BlockMeta[]
  /** Highest event sequence number ever sealed (monotonic; -1 when none). WAL replay skips up to it. */
  sealedThrough: number
  /** Fields (with types) of removed blocks, kept in the schema until a vacuum (retained-fields.ts). */
  retained: readonly RetainedField[]
  /** When the dataset was last vacuumed, RFC 3339; absent when never. */
  vacuumedAt?: string
}

/** The whole manifest state. */
export interface ManifestState {
  /** Counters for fresh ids; never reused. */
  nextDatasetNum: number
  nextBlockNum: number
  /** Next block-deletion opstamp; monotonic, never reused. */
  nextOpstamp: number
  readonly datasets: Map<string, DatasetState>
  /** Committed deletions without `DeleteApplied`, by opstamp (the deletion worker's queue). */
  readonly pendingDeletions: Map<number, PendingDeletion>
}

/** An empty state. */
export function emptyState(): ManifestState {
  return {
    nextDatasetNum: 1,
    nextBlockNum: 1,
    nextOpstamp: 1,
    datasets: new Map(),
    pendingDeletions: new Map(),
  }
}

type Applier = { [K in Edit['kind']]: (s: ManifestState, e: Extract<Edit, { kind: K }>) => void }

const appliers: Applier = {
  DatasetCreated(s, e) {
    s.datasets.set(e.dataset.id, { meta: e.dataset, blocks: [], sealedThrough: -1, retained: [] })
    const n = Number(e.dataset.id.slice(1))
    if (Number.isFinite(n)) s.nextDatasetNum = Math.max(s.nextDatasetNum, n + 1)
  },
  DatasetUpdated(s, e) {
    const d = s.datasets.get(e.id)
    if (!d) return
    const { description, useRetentionPeriod, retentionDays, updatedAt } = e
    d.meta = { ...d.meta, description, useRetentionPeriod, retentionDays, updatedAt }
  },
  DatasetFieldsDeclared(s, e) {
    const d = s.datasets.get(e.id)
    if (!d) return
    d.meta = { ...d.meta, fieldTypes: e.fieldTypes, mapFields: e.mapFields, updatedAt: e.updatedAt }
  },
  DatasetDeleted(s, e) {
    s.datasets.delete(e.id)
  },
  BlockAdded(s, e) {
    const d = s.datasets.get(e.datasetId)
    if (!d) return
    d.blocks = [...d.blocks, e.block]
    d.sealedThrough = Math.max(d.sealedThrough, e.block.firstSeq + e.block.header.rowCount - 1)
    const n = Number(e.block.blockId.slice(1))
    if (Number.isFinite(n)) s.nextBlockNum = Math.max(s.nextBlockNum, n + 1)
  },
  BlocksRemoved(s, e) {
    const d = s.datasets.get(e.datasetId)
    if (!d) return
    removeBlocks(d, e.blockIds)
  },
  DeleteRequested(s, e) {
    // Hides the blocks at once; a replay whose blocks (or dataset) are already gone changes nothing
    // but the queue, whose worker then finds the files missing (ENOENT counts as done).
    const { kind: _, ...req } = e
    s.pendingDeletions.set(e.opstamp, req)
    s.nextOpstamp = Math.max(s.nextOpstamp, e.opstamp + 1)
    const d = s.datasets.get(e.datasetId)
    if (d) removeBlocks(d, e.blockIds)
  },
  DeleteApplied(s, e) {
    s.pendingDeletions.delete(e.opstamp)
  },
  FieldsVacuumed(s, e) {
    const d = s.datasets.get(e.datasetId)
    if (!d) return
    d.retained = []
    d.vacuumedAt = e.at
  },
}

/** Drops `ids` from the live blocks; the fields they held stay in the schema (retained-fields.ts). */
function removeBlocks(d: DatasetState, ids: readonly string[]): void {
  const gone = new Set(ids)
  d.retained = retainFields(
    d.retained,
    d.blocks.filter((b) => gone.has(b.blockId)),
  )
  d.blocks = d.blocks.filter((b) => !gone.has(b.blockId))
}

/** Apply one edit to `state` in place (idempotent for replays of removals). */
export function applyEdit(state: ManifestState, edit: Edit): void {
  ;(appliers[edit.kind] as (s: ManifestState, e: Edit) => void)(state, edit)
}

/** JSON form of the state for checkpoints. */
export function serializeState(s: ManifestState): unknown {
  return {
    nextDatasetNum: s.nextDatasetNum,
    nextBlockNum: s.nextBlockNum,
    nextOpstamp: s.nextOpstamp,
    datasets: [...s.datasets.values()],
    pendingDeletions: [...s.pendingDeletions.values()],
  }
}

/** Inverse of `serializeState`; throws on a wrong shape. */
export function deserializeState(v: unknown): ManifestState {
  const o = v as {
    nextDatasetNum: number
    nextBlockNum: number
    nextOpstamp?: number
    datasets: DatasetState[]
    pendingDeletions?: PendingDeletion[]
  }
  if (
    !o ||
    typeof o.nextDatasetNum !== 'number' ||
    typeof o.nextBlockNum !== 'number' ||
    !Array.isArray(o.datasets) ||
    (o.pendingDeletions !== undefined && !Array.isArray(o.pendingDeletions))
  ) {
    throw new Error('checkpoint has the wrong shape')
  }
  const datasets = new Map<string, DatasetState>()
  // Checkpoints written before fields outlived deletions have no retained fields.
  for (const d of o.datasets)
    datasets.set(d.meta.id, {
      meta: d.meta,
      blocks: d.blocks,
      sealedThrough: d.sealedThrough,
      retained: d.retained ?? [],
      ...(d.vacuumedAt !== undefined ? { vacuumedAt: d.vacuumedAt } : {}),
    })
  // Checkpoints written before block deletion existed have no queue and no opstamp counter.
  const pendingDeletions = new Map<number, PendingDeletion>()
  let nextOpstamp = typeof o.nextOpstamp === 'number' ? o.nextOpstamp : 1
  for (const p of o.pendingDeletions ?? []) {
    pendingDeletions.set(p.opstamp, p)
    nextOpstamp = Math.max(nextOpstamp, p.opstamp + 1)
  }
  return {
    nextDatasetNum: o.nextDatasetNum,
    nextBlockNum: o.nextBlockNum,
    nextOpstamp,
    datasets,
    pendingDeletions,
  }
}
