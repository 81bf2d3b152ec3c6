// exec/parallel/unit-snapshot.ts: the Snapshot one unit runs over (only its blocks, and the tail for
// the residual unit), so ScanExec reads it unchanged; on the main thread the columns come through the
// pinned store snapshot (its cache and corruption handling), on a worker from its own reader.
import type { BlockBatch, BlockColumn } from '../../storage/block/index.ts'
import type { DatasetMeta } from '../../storage/manifest/edits.ts'
import { type BlockHandle, type BlockSource, Snapshot, type TailView } from '../../storage/snapshot.ts'

export { EMPTY_TAIL } from '../../storage/tail-chunks.ts'

/** A snapshot of `dataset` with exactly `blocks` and `tail`, read through `source`. */
export function unitSnapshot(
  dataset: string,
  meta: DatasetMeta,
  blocks: readonly BlockHandle[],
  tail: TailView,
  source: Pick<BlockSource, 'loadColumns' | 'tailBatch'>,
): Snapshot {
  const view = { meta, blocks, tail }
  return new Snapshot({ id: 0, datasets: new Map([[dataset, view]]) }, { ...source, release: () => {} })
}

async function first<T>(it: AsyncGenerator<T>): Promise<T | undefined> {
  try {
    const r = await it.next()
    return r.done ? undefined : r.value
  } finally {
    await it.return(undefined)
  }
}

/**
 * Reads `dataset`'s blocks through the pinned `store` snapshot (main thread only); with `withTail`,
 * the unsealed tail is fetched up front (Snapshot's tail read is synchronous, the store's scan is not).
 */
export async function storeSource(
  store: Snapshot,
  dataset: string,
  withTail: boolean,
): Promise<Pick<BlockSource, 'loadColumns' | 'tailBatch'>> {
  let tail: BlockBatch = { rowCount: 0, columns: [] }
  if (withTail) {
    const b = await first(store.scan(dataset, { prune: () => false }))
    if (b?.kind === 'tail') tail = { rowCount: b.rowCount, columns: b.columns }
  }
  return {
    loadColumns: async (
      block: BlockHandle,
      fields: readonly string[] | undefined,
    ): Promise<BlockColumn[]> => {
      // The only public read path of a snapshot is its scan: select this one block through the prune hook.
      const b = await first(store.scan(dataset, { fields, prune: (_, h) => h === block }))
      if (b?.kind !== 'block') throw new Error(`block ${block.meta.blockId} is not in the pinned snapshot`)
      return [...b.columns]
    },
    tailBatch: async () => tail,
  }
}
