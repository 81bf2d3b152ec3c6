// storage/recovery.ts: the startup checks of a store directory. Temp files are deleted; block
// files no manifest references (a crash between rename and the manifest edit) are deleted; a
// referenced block whose file is missing or the wrong size is quarantined and reported, never
// served. Each dataset's WAL is replayed into a fresh runtime (events past its sealed blocks); WAL
// directories of datasets no longer in the manifest are deleted.
import * as path from 'node:path'
import { DatasetRuntime } from './dataset-runtime.ts'
import type { Fs } from './fs.ts'
import type { BlockMeta, ManifestState } from './manifest/edits.ts'
import type { ManifestRecovery } from './manifest/manifest.ts'
import type { StoreContext } from './store-context.ts'
import { Wal } from './wal/wal.ts'

/** What opening a store found and did. */
export interface RecoveryReport {
  tmpFilesRemoved: number
  orphanBlocksRemoved: number
  orphanWalDirsRemoved: number
  manifest: ManifestRecovery | undefined
  walBatchesReplayed: number
  walEventsReplayed: number
  walTornBytesTruncated: number
  walPartialBatchesDropped: number
  /** Blocks that failed verification at open; reads of them fail with `block_corrupt`. */
  quarantined: { dataset: string; blockId: string; reason: string }[]
  /** Wall time of the whole open, ms. */
  ms: number
}

/** A report with nothing found. */
export function emptyReport(): RecoveryReport {
  return {
    tmpFilesRemoved: 0,
    orphanBlocksRemoved: 0,
    orphanWalDirsRemoved: 0,
    manifest: undefined,
    walBatchesReplayed: 0,
    walEventsReplayed: 0,
    walTornBytesTruncated: 0,
    walPartialBatchesDropped: 0,
    quarantined: [],
    ms: 0,
  }
}

/** Delete everything in the temp directory. */
export async function cleanTmp(fs: Fs, tmpDir: string, report: RecoveryReport): Promise<void> {
  for (const name of await fs.readdir(tmpDir)) {
    await fs.unlink(path.join(tmpDir, name)).catch(() => {})
    report.tmpFilesRemoved++
  }
}

/**
 * Check every referenced block file (exists, expected size) and delete unreferenced ones.
 * Returns the ids of blocks found bad, with reasons; bad files are moved to quarantine/.
 */
export async function checkBlockFiles(
  fs: Fs,
  root: string,
  state: ManifestState,
  report: RecoveryReport,
): Promise<Map<string, string>> {
  const bad = new Map<string, string>()
  const blocksDir = path.join(root, 'blocks')
  const quarantineDir = path.join(root, 'quarantine')
  for (const dirName of await fs.readdir(blocksDir)) {
    const ds = state.datasets.get(dirName)
    const dir = path.join(blocksDir, dirName)
    if (!ds) {
      report.orphanBlocksRemoved += (await fs.readdir(dir)).length
      await fs.rmrf(dir)
      continue
    }
    const live = new Map<string, BlockMeta>(ds.blocks.map((b) => [`${b.blockId}.blk`, b]))
    for (const name of await fs.readdir(dir)) {
      if (!live.has(name)) {
        await fs.unlink(path.join(dir, name)).catch(() => {})
        report.orphanBlocksRemoved++
      }
    }
  }
  for (const ds of state.datasets.values()) {
    for (const b of ds.blocks) {
      const file = path.join(blocksDir, ds.meta.id, `${b.blockId}.blk`)
      const size = await fs.fileSize(file)
      let reason: string | undefined
      if (size === undefined) reason = 'file missing'
      else if (size !== b.fileSize) {
        reason = `file is ${size} bytes, expected ${b.fileSize}`
        await fs.mkdirp(quarantineDir)
        await fs.rename(file, path.join(quarantineDir, `${ds.meta.id}-${b.blockId}.blk`)).catch(() => {})
      }
      if (reason) {
        bad.set(b.blockId, reason)
        report.quarantined.push({ dataset: ds.meta.name, blockId: b.blockId, reason })
      }
    }
  }
  return bad
}

/**
 * One runtime per dataset of the manifest, with its sealed blocks and the WAL events past them made
 * visible (counted into `report`); WAL directories of datasets that no longer exist (leftovers of a
 * crash mid-delete) are removed first.
 */
export async function replayDatasets(
  ctx: StoreContext,
  report: RecoveryReport,
  onFail: (e: Error) => void,
): Promise<DatasetRuntime[]> {
  const { fs, root, sync, manifest } = ctx
  for (const name of await fs.readdir(path.join(root, 'wal'))) {
    if (!manifest.state.datasets.has(name)) {
      await fs.rmrf(path.join(root, 'wal', name))
      report.orphanWalDirsRemoved++
    }
  }
  const runtimes: DatasetRuntime[] = []
  for (const ds of manifest.state.datasets.values()) {
    const { wal, replay } = await Wal.open(fs, path.join(root, 'wal', ds.meta.id), { sync, onFail })
    let nextSeq = ds.sealedThrough + 1
    for (const b of replay.batches) nextSeq = Math.max(nextSeq, b.firstSeq + b.count)
    const rt = new DatasetRuntime(ctx, ds.meta, [], wal, ds.sealedThrough + 1)
    rt.blocks = ds.blocks.map((b) => rt.handleFor(b))
    for (const b of replay.batches) {
      const from = Math.max(0, ds.sealedThrough + 1 - b.firstSeq)
      if (from >= b.count) continue
      rt.appendVisible(b.firstSeq + from, b.count - from, b.chunks)
      report.walEventsReplayed += b.count - from
      report.walBatchesReplayed++
    }
    rt.nextSeq = nextSeq
    report.walTornBytesTruncated += replay.tornBytes
    report.walPartialBatchesDropped += replay.droppedPartialBatches
    runtimes.push(rt)
  }
  return runtimes
}
