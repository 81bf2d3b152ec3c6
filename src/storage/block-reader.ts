// storage/block-reader.ts: reads column chunks of sealed blocks through the Fs, verifies them
// (the codec checks CRC and raw length before any Arrow decode) and keeps decoded columns in a
// byte-budgeted LRU. A block that fails verification is reported once through `onCorrupt` and the
// read fails with an error naming it: never a partial answer.
import type * as arrow from 'apache-arrow'
import { nextTurn } from '../util/loop-turn.ts'
import type { MemoryPool } from '../util/memory/index.ts'
import {
  type BlockColumn,
  BlockCorruptError,
  blockColumn,
  type DecodedColumn,
  decodeColumnChunk,
} from './block/index.ts'
import { StoreError } from './errors.ts'
import type { Fs } from './fs.ts'
import { LruCache } from './lru.ts'
import type { BlockHandle } from './snapshot.ts'

/** Bytes a decoded column holds (its vector, and a sparse column's positions): what the caches charge. */
export function columnBytes(col: Pick<BlockColumn, 'vector' | 'positions'>): number {
  return vectorBytes(col.vector) + (col.positions?.byteLength ?? 0)
}

/** Bytes an Arrow vector holds (values, offsets, validity, dictionary). */
export function vectorBytes(v: arrow.Vector): number {
  let n = 0
  for (const d of v.data) {
    n += d.values?.byteLength ?? 0
    n += d.valueOffsets?.byteLength ?? 0
    n += d.nullBitmap?.byteLength ?? 0
    if (d.dictionary) n += vectorBytes(d.dictionary)
  }
  return n
}

/** Column reads for sealed blocks (see module header). */
export class BlockReader {
  readonly #fs: Fs
  readonly #cache: LruCache<string, BlockColumn>
  readonly #onCorrupt: (block: BlockHandle, reason: string) => void
  readonly #bad = new Map<string, string>()

  /** `pool`: the process-wide memory budget the cache lives in (it holds what queries leave free). */
  constructor(
    fs: Fs,
    cacheBytes: number,
    onCorrupt: (block: BlockHandle, reason: string) => void,
    pool?: MemoryPool,
  ) {
    this.#fs = fs
    this.#cache = pool ? new LruCache(cacheBytes, () => pool.cacheRoom()) : new LruCache(cacheBytes)
    if (pool) pool.addCache(this.#cache)
    this.#onCorrupt = onCorrupt
  }

  /** Mark a block bad (found at recovery); reads of it fail. */
  markBad(blockId: string, reason: string): void {
    this.#bad.set(blockId, reason)
  }

  /** Reason a block is bad, if it is. */
  badReason(blockId: string): string | undefined {
    return this.#bad.get(blockId)
  }

  /** Bytes of decoded columns held in the cache. */
  get cachedBytes(): number {
    return this.#cache.bytes
  }

  /** Forget cached columns of a removed block. */
  evict(blockId: string): void {
    this.#cache.deleteWhere((k) => k.startsWith(`${blockId}/`))
  }

  /** Decode the columns of `fields` (all when undefined) in `block`. */
  async loadColumns(block: BlockHandle, fields: readonly string[] | undefined): Promise<BlockColumn[]> {
    const { header, blockId } = { header: block.meta.header, blockId: block.meta.blockId }
    const bad = this.#bad.get(blockId)
    if (bad) throw this.#error(block, bad)
    const want = fields ? new Set(fields) : undefined
    const out: BlockColumn[] = []
    const missing: number[] = []
    header.columns.forEach((entry, i) => {
      if (want && !want.has(entry.field)) return
      const hit = this.#cache.get(`${blockId}/${i}`)
      if (hit) out.push(hit)
      else missing.push(i)
    })
    if (missing.length === 0) return out
    let handle: Awaited<ReturnType<Fs['open']>>
    try {
      handle = await this.#fs.open(block.file, 'r')
    } catch (e) {
      throw new StoreError(
        'block_missing',
        `block ${blockId} of dataset ${header.dataset} cannot be opened: ${(e as Error).message}`,
      )
    }
    try {
      for (const i of missing) {
        const entry = header.columns[i]
        const chunk = await handle.read(block.bodyOffset + entry.offset, entry.length)
        // The read completes in the loop's I/O phase, where every query's completed read would
        // otherwise decode back to back (5–30 ms each) before a waiting request is polled: decoding
        // waits its turn, as other query work does (util/loop-turn.ts).
        await nextTurn()
        let decoded: DecodedColumn
        try {
          decoded = decodeColumnChunk(chunk, entry, header.rowCount)
        } catch (e) {
          const reason = e instanceof BlockCorruptError ? e.message : `decode failed: ${(e as Error).message}`
          this.#bad.set(blockId, reason)
          this.#onCorrupt(block, reason)
          throw this.#error(block, reason)
        }
        const col = blockColumn(entry, decoded)
        this.#cache.set(`${blockId}/${i}`, col, columnBytes(col))
        out.push(col)
      }
    } finally {
      await handle.close()
    }
    return out
  }

  #error(block: BlockHandle, reason: string): StoreError {
    return new StoreError(
      'block_corrupt',
      `block ${block.meta.blockId} of dataset ${block.meta.header.dataset} failed verification (${reason}); it was quarantined and the query was not answered`,
    )
  }
}
