// storage/deletion/request.ts: commits a block deletion: one durable `DeleteRequested` edit (with a
// fresh opstamp) that also removes the blocks from the live version, then publishes the new block
// list. Only blocks still live at the commit's turn are recorded, so a request racing a trim, a
// retention pass or another deletion never counts a block twice. Never touches files.
import type { DatasetRuntime } from '../dataset-runtime.ts'
import type { Edit, PendingDeletion } from '../manifest/edits.ts'
import type { Manifest } from '../manifest/manifest.ts'

/**
 * Durably request the deletion of `blockIds` of `rt` (those still live); resolves to the recorded
 * request, or undefined when none of the blocks is live any more (nothing written).
 */
export async function commitDeletion(
  manifest: Manifest,
  rt: DatasetRuntime,
  blockIds: readonly string[],
  createdAt: string,
): Promise<PendingDeletion | undefined> {
  if (blockIds.length === 0) return undefined
  const wanted = new Set(blockIds)
  const out: { req?: PendingDeletion } = {}
  await manifest.commit((state): Edit[] => {
    const ds = state.datasets.get(rt.meta.id)
    if (!ds) return []
    const live = ds.blocks.filter((b) => wanted.has(b.blockId))
    if (live.length === 0) return []
    const req: PendingDeletion = {
      opstamp: state.nextOpstamp,
      datasetId: rt.meta.id,
      dataset: rt.meta.name,
      blockIds: live.map((b) => b.blockId),
      rowsDeleted: live.reduce((n, b) => n + b.header.rowCount, 0),
      createdAt,
    }
    out.req = req
    return [{ kind: 'DeleteRequested', ...req }]
  })
  const req = out.req
  if (!req) return undefined
  const gone = new Set(req.blockIds)
  rt.setBlocks(rt.blocks.filter((b) => !gone.has(b.meta.blockId)))
  return req
}
