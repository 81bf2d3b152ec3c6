// exec/parallel/store-late.ts: the late columns of the rows a parallel top-N merge keeps, read on the
// main thread through the query's pinned store snapshot (its cache), by each row's place: a block of
// the dataset's list, or past it the unsealed tail. The units never decode them.
import type { Scan } from '../../plan/index.ts'
import type { BlockColumn } from '../../storage/block/index.ts'
import type { Snapshot } from '../../storage/snapshot.ts'
import { EMPTY_TAIL } from '../../storage/tail-chunks.ts'
import type { LateColumns, LateSource } from '../ops/late-columns.ts'
import { lateSource } from '../ops/scan-exec.ts'
import { placeBase } from '../ops/top-n-heap.ts'
import { storeSource } from './unit-snapshot.ts'

/** Per-row late sources and rows in them for rows at `places` (see module header). */
export async function lateFromStore(
  store: Snapshot,
  dataset: string,
  schema: Scan['schema'],
  late: LateColumns,
  places: Float64Array,
): Promise<{ readonly sources: LateSource[]; readonly rows: Uint32Array }> {
  const view = store.dataset(dataset)
  const blocks = view?.blocks ?? []
  const base = placeBase(1)
  const at = Array.from(places, (p) => Math.floor(p / base))
  const source = await storeSource(
    store,
    dataset,
    at.some((b) => b >= blocks.length),
  )
  const bySource = new Map<number, LateSource>()
  const sourceAt = (b: number): LateSource => {
    let s = bySource.get(b)
    if (!s) {
      const block = blocks[b]
      if (block) s = lateSource(schema, late, block.meta.header.rowCount, (f) => source.loadColumns(block, f))
      else {
        const tail = view?.tail ?? EMPTY_TAIL
        const pick = async (f: readonly string[]): Promise<BlockColumn[]> =>
          (await source.tailBatch(tail)).columns.filter((c) => f.includes(c.field))
        s = lateSource(schema, late, tail.length, pick)
      }
      bySource.set(b, s)
    }
    return s
  }
  return {
    sources: at.map(sourceAt),
    rows: Uint32Array.from(places, (p, i) => p - at[i] * base),
  }
}
