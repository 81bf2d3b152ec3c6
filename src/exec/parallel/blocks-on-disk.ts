// exec/parallel/blocks-on-disk.ts: whether a dataset's blocks are files a worker thread can open
// itself (a store with a directory) rather than entries of an in-memory file system only the main
// thread sees. Checked once per dataset version: the first block's file has the recorded size.
import { nodeFs } from '../../storage/fs.ts'
import type { DatasetView } from '../../storage/snapshot.ts'

const known = new WeakMap<DatasetView, boolean>()

/** True when `view`'s block files are on the real file system (see module header). */
export async function blocksOnDisk(view: DatasetView): Promise<boolean> {
  const hit = known.get(view)
  if (hit !== undefined) return hit
  const first = view.blocks[0]
  let yes = false
  if (first) {
    try {
      yes = (await nodeFs.fileSize(first.file)) === first.meta.fileSize
    } catch {
      yes = false
    }
  }
  known.set(view, yes)
  return yes
}
