// exec/parallel/block-files.ts: a worker's own reader of sealed block files: reads, decodes (CRC
// checked) and caches columns in a byte-budgeted LRU keyed by content (file, offset, CRC). Never
// quarantines: a failure goes back to the main thread, which re-reads the block through the store.
import { type BlockColumn, blockColumn, decodeColumnChunk } from '../../storage/block/index.ts'
import { columnBytes } from '../../storage/block-reader.ts'
import { nodeFs } from '../../storage/fs.ts'
import { LruCache } from '../../storage/lru.ts'
import type { BlockHandle } from '../../storage/snapshot.ts'

/** Decoded column reads of block files with a private cache (see module header). */
export class BlockFiles {
  readonly #cache: LruCache<string, BlockColumn>

  /** `cacheBytes`: budget of decoded columns held by this reader, bytes. */
  constructor(cacheBytes: number) {
    this.#cache = new LruCache(cacheBytes)
  }

  /** Bytes of decoded columns held. */
  get cachedBytes(): number {
    return this.#cache.bytes
  }

  /** The columns of `fields` (all when undefined) in `block`. */
  async loadColumns(block: BlockHandle, fields: readonly string[] | undefined): Promise<BlockColumn[]> {
    const header = block.meta.header
    const want = fields ? new Set(fields) : undefined
    const out: BlockColumn[] = []
    const missing: { readonly key: string; readonly i: number }[] = []
    header.columns.forEach((e, i) => {
      if (want && !want.has(e.field)) return
      const key = `${block.file}\u0000${e.offset}\u0000${e.length}\u0000${e.crc32}`
      const hit = this.#cache.get(key)
      if (hit) out.push(hit)
      else missing.push({ key, i })
    })
    if (missing.length === 0) return out
    const handle = await nodeFs.open(block.file, 'r')
    try {
      for (const { key, i } of missing) {
        const e = header.columns[i]
        const chunk = await handle.read(block.bodyOffset + e.offset, e.length)
        const col = blockColumn(e, decodeColumnChunk(chunk, e, header.rowCount, block.meta.blockId))
        this.#cache.set(key, col, columnBytes(col))
        out.push(col)
      }
    } finally {
      await handle.close()
    }
    return out
  }
}
