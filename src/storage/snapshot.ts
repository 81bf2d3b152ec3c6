// storage/snapshot.ts: immutable versions of the store and the scan API the executor reads
// through. A snapshot pins one version (taken synchronously) and reads exactly it: its block list
// plus an immutable prefix of each dataset's unsealed events. Release it when done so the files of
// removed blocks can be unlinked.
import type { MemoryPool } from '../util/memory/index.ts'
import type { BlockBatch, BlockColumn, ZoneMap } from './block/index.ts'
import type { BlockMeta, DatasetMeta } from './manifest/edits.ts'
import type { RetainedField } from './manifest/retained-fields.ts'
import { type TailView, tailFieldTypes } from './tail-chunks.ts'
import { compositeType, type FieldType, type TimeRange } from './types.ts'

/** A sealed block of one dataset. */
export interface BlockHandle {
  readonly datasetId: string
  readonly meta: BlockMeta
  /** Path of the block file. */
  readonly file: string
  /** Byte offset of the body (first column chunk) in the file. */
  readonly bodyOffset: number
}

/** A dataset's unsealed events as of a version (storage/tail-chunks.ts). */
export type { TailView } from './tail-chunks.ts'

/** One dataset as of a version. */
export interface DatasetView {
  readonly meta: DatasetMeta
  readonly blocks: readonly BlockHandle[]
  readonly tail: TailView
  /** Fields of removed blocks, kept in the schema until a vacuum (manifest/retained-fields.ts). */
  readonly retained?: readonly RetainedField[]
}

/** An immutable version of the whole store; datasets keyed by name. */
export interface Version {
  readonly id: number
  readonly datasets: ReadonlyMap<string, DatasetView>
}

/** A field of a dataset with every storage type it holds. */
export interface FieldInfo {
  readonly name: string
  readonly types: readonly FieldType[]
  /** API type name: a single type or a composite such as `integer|float`. */
  readonly type: string
}

/** Where a snapshot gets decoded data from (implemented by the store). */
export interface BlockSource {
  /** Decode the physical columns of `fields` in `block` (every type present), cached. */
  loadColumns(block: BlockHandle, fields: readonly string[] | undefined): Promise<BlockColumn[]>
  /** The columns of a tail prefix, built in memory (cached per prefix). */
  tailBatch(tail: TailView): Promise<BlockBatch>
  /** Called once when a snapshot is released. */
  release(version: Version): void
  /** The process-wide memory budget queries over this source charge (absent: unbudgeted). */
  readonly memory?: MemoryPool
}

/** Counters a scan fills in. */
export interface ScanStats {
  blocksTotal: number
  blocksPruned: number
  blocksScanned: number
  rowsScanned: number
  /** Blocks among `blocksScanned` answered from their zone map, no column decoded (ScanOptions.fromStats). */
  blocksFromStats: number
}

/** Options of `Snapshot.scan`. */
export interface ScanOptions {
  /** Skip blocks whose [minTime, maxTime] misses this half-open window (rows are not filtered). */
  readonly timeRange?: TimeRange
  /** Fields to decode up front (all when omitted). Absent fields are simply missing from `columns`. */
  readonly fields?: readonly string[]
  /**
   * Zone-map predicate: return false to skip a block without decoding it. Called block by block as
   * iteration reaches it (`position`: its index in the dataset's block list).
   */
  readonly prune?: (zoneMap: ZoneMap, block: BlockHandle, position: number) => boolean
  /** Visiting order of the blocks (a permutation of their indices); list order when omitted. The tail stays last. */
  readonly order?: (blocks: readonly BlockHandle[]) => readonly number[]
  /**
   * Return true for a block its zone map answers (a count over one field): it is yielded with no
   * columns and `fromStats` set, and counted as scanned. Asked after `prune`.
   */
  readonly fromStats?: (zoneMap: ZoneMap, block: BlockHandle) => boolean
  readonly signal?: AbortSignal
  readonly stats?: ScanStats
}

/** One batch of rows: a sealed block or the unsealed tail. */
export interface ScanBatch {
  readonly kind: 'block' | 'tail'
  readonly blockId: string | undefined
  /** Index of the block in the dataset's block list (the tail: the list's length), whatever the visiting order. */
  readonly position: number
  readonly rowCount: number
  /** Sequence number of row 0; row i is event `firstSeq + i` (stable: use as a row id). */
  readonly firstSeq: number
  readonly zoneMap: ZoneMap | undefined
  /** True when `columns` is empty because the caller answers this block from `zoneMap` (ScanOptions.fromStats). */
  readonly fromStats: boolean
  /** Decoded columns of the requested fields (each physical type of a field is its own column). */
  readonly columns: readonly BlockColumn[]
  /** Decode more fields of this same batch (late materialization). */
  load(fields: readonly string[]): Promise<BlockColumn[]>
}

const schemaCache = new WeakMap<DatasetView, FieldInfo[]>()

/** Union of the fields and types of a dataset view (blocks' column directories plus the tail). */
export function datasetSchema(view: DatasetView): FieldInfo[] {
  const cached = schemaCache.get(view)
  if (cached) return cached
  const types = new Map<string, Set<FieldType>>()
  const add = (f: string, t: FieldType) => {
    const s = types.get(f) ?? new Set<FieldType>()
    types.set(f, s)
    s.add(t)
  }
  for (const b of view.blocks) for (const c of b.meta.header.columns) add(c.field, c.type)
  for (const f of view.retained ?? []) add(f.field, f.type)
  if (view.tail.length > 0) {
    add('_time', 'datetime')
    add('_sysTime', 'datetime')
  }
  for (const [field, set] of tailFieldTypes(view.tail)) for (const t of set) add(field, t)
  const out = [...types.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, set]) => {
      const type = compositeType(set)
      return { name, types: type.split('|') as FieldType[], type }
    })
  schemaCache.set(view, out)
  return out
}

function overlaps(zm: ZoneMap, r: TimeRange | undefined): boolean {
  if (!r) return true
  if (r.end !== undefined && BigInt(zm.minTime) >= r.end) return false
  if (r.start !== undefined && BigInt(zm.maxTime) < r.start) return false
  return true
}

function abortCheck(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason ?? new Error('aborted')
}

/** A pinned, immutable view of the store (see module header). */
export class Snapshot {
  readonly version: Version
  readonly #source: BlockSource
  #released = false

  constructor(version: Version, source: BlockSource) {
    this.version = version
    this.#source = source
  }

  /** The process-wide memory budget of the store behind this snapshot, when it has one. */
  get memory(): MemoryPool | undefined {
    return this.#source.memory
  }

  /** Dataset names in this version. */
  datasetNames(): string[] {
    return [...this.version.datasets.keys()].sort()
  }

  /** A dataset of this version, or undefined. */
  dataset(name: string): DatasetView | undefined {
    return this.version.datasets.get(name)
  }

  /** Fields and types of a dataset in this version ([] for an unknown dataset). */
  schema(name: string): FieldInfo[] {
    const v = this.dataset(name)
    return v ? datasetSchema(v) : []
  }

  /** Total events of a dataset in this version. */
  rowCount(name: string): number {
    const v = this.dataset(name)
    if (!v) return 0
    let n = v.tail.length
    for (const b of v.blocks) n += b.meta.header.rowCount
    return n
  }

  /** Iterate a dataset's blocks (pruned by time range and zone maps), then its unsealed tail. */
  async *scan(name: string, opts: ScanOptions = {}): AsyncGenerator<ScanBatch> {
    if (this.#released) throw new Error('snapshot already released')
    const view = this.dataset(name)
    if (!view) return
    const stats = opts.stats
    const order = opts.order?.(view.blocks)
    for (let k = 0; k < view.blocks.length; k++) {
      const position = order ? order[k] : k
      const block = view.blocks[position]
      abortCheck(opts.signal)
      if (stats) stats.blocksTotal++
      const zm = block.meta.zoneMap
      if (!overlaps(zm, opts.timeRange) || (opts.prune && !opts.prune(zm, block, position))) {
        if (stats) stats.blocksPruned++
        continue
      }
      const fromStats = opts.fromStats?.(zm, block) === true
      const columns = fromStats ? [] : await this.#source.loadColumns(block, opts.fields)
      if (stats) {
        stats.blocksScanned++
        stats.rowsScanned += block.meta.header.rowCount
        if (fromStats) stats.blocksFromStats++
      }
      yield {
        kind: 'block',
        blockId: block.meta.blockId,
        position,
        rowCount: block.meta.header.rowCount,
        firstSeq: block.meta.firstSeq,
        zoneMap: zm,
        fromStats,
        columns,
        load: (fields) => this.#source.loadColumns(block, fields),
      }
    }
    if (view.tail.length > 0) {
      abortCheck(opts.signal)
      const batch = await this.#source.tailBatch(view.tail)
      abortCheck(opts.signal)
      const pick = (fields: readonly string[] | undefined) => {
        if (!fields) return [...batch.columns]
        const want = new Set(fields)
        return batch.columns.filter((c) => want.has(c.field))
      }
      if (stats) {
        stats.blocksScanned++
        stats.rowsScanned += batch.rowCount
      }
      yield {
        kind: 'tail',
        blockId: undefined,
        position: view.blocks.length,
        rowCount: batch.rowCount,
        firstSeq: view.tail.firstSeq,
        zoneMap: undefined,
        fromStats: false,
        columns: pick(opts.fields),
        load: async (fields) => pick(fields),
      }
    }
  }

  /** Unpin the version; idempotent. */
  release(): void {
    if (this.#released) return
    this.#released = true
    this.#source.release(this.version)
  }

  [Symbol.dispose](): void {
    this.release()
  }
}
