// exec/parallel/slim-handle.ts: a block handle as sent to a worker: file, body offset and header
// (column offsets, lengths, CRCs), with the zone map cut to its time bounds. Pruning already
// happened on the main thread; string values and bloom filters would only cost copying.
import type { BlockHandle } from '../../storage/snapshot.ts'

const slim = new WeakMap<BlockHandle, BlockHandle>()

/** `b` without its zone-map column statistics (memoized per handle). */
export function slimHandle(b: BlockHandle): BlockHandle {
  let s = slim.get(b)
  if (!s) {
    const zm = b.meta.zoneMap
    s = {
      datasetId: b.datasetId,
      file: b.file,
      bodyOffset: b.bodyOffset,
      meta: {
        ...b.meta,
        zoneMap: { rowCount: zm.rowCount, minTime: zm.minTime, maxTime: zm.maxTime, columns: [] },
      },
    }
    slim.set(b, s)
  }
  return s
}
