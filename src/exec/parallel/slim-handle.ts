// exec/parallel/slim-handle.ts: a block handle as sent to a worker: file, body offset and header
// (column offsets, lengths, CRCs), with the zone map cut to its time bounds, plus the column
// statistics of one field a worker's top-N bound prunes on. Pruning by the query's predicates
// already happened on the main thread; string values and bloom filters would only cost copying.
import type { BlockHandle } from '../../storage/snapshot.ts'

/** Memoized per handle, and per kept field ('' for none). */
const slim = new WeakMap<BlockHandle, Map<string, BlockHandle>>()

/** `b` without its zone-map column statistics, but those of `keep` (memoized). */
export function slimHandle(b: BlockHandle, keep = ''): BlockHandle {
  let byField = slim.get(b)
  if (!byField) {
    byField = new Map()
    slim.set(b, byField)
  }
  let s = byField.get(keep)
  if (!s) {
    const zm = b.meta.zoneMap
    const columns = keep === '' ? [] : zm.columns.filter((c) => c.field === keep && c.type !== 'string')
    s = {
      datasetId: b.datasetId,
      file: b.file,
      bodyOffset: b.bodyOffset,
      meta: {
        ...b.meta,
        zoneMap: { rowCount: zm.rowCount, minTime: zm.minTime, maxTime: zm.maxTime, columns },
      },
    }
    byField.set(keep, s)
  }
  return s
}
