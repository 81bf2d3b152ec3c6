// storage/manifest/manifest.ts: the versioned manifest on disk: `CHECKPOINT-<gen>.json` (a framed,
// CRC-checked full state written durably) plus `LOG-<gen>.log` (framed edit groups appended after
// it). A commit is durable (fsynced) before it is applied. Recovery truncates a torn LOG tail and
// refuses a LOG corrupted in the middle.
import * as path from 'node:path'
import { AppendLog } from '../append-log.ts'
import { StoreError } from '../errors.ts'
import { type Fs, writeFileDurable } from '../fs.ts'
import { frameRecord, scanRecords } from '../record-log.ts'
import {
  applyEdit,
  deserializeState,
  type Edit,
  emptyState,
  type ManifestState,
  serializeState,
} from './edits.ts'

const enc = new TextEncoder()
const dec = new TextDecoder()

/** Checkpoint once the LOG holds this many bytes. */
const CHECKPOINT_BYTES = 8 << 20

/** What opening the manifest found and did. */
export interface ManifestRecovery {
  readonly generation: number
  readonly editsReplayed: number
  /** Bytes cut from a torn LOG tail (never acknowledged). */
  readonly tornBytesTruncated: number
}

function parseGen(name: string, prefix: string, suffix: string): number | undefined {
  if (!name.startsWith(prefix) || !name.endsWith(suffix)) return undefined
  const n = Number(name.slice(prefix.length, name.length - suffix.length))
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined
}

/** The durable manifest (see module header). */
export class Manifest {
  readonly state: ManifestState
  readonly #fs: Fs
  readonly #dir: string
  readonly #tmpDir: string
  readonly #sync: boolean
  #gen: number
  #log: AppendLog
  #chain: Promise<void> = Promise.resolve()

  private constructor(
    fs: Fs,
    dir: string,
    tmpDir: string,
    sync: boolean,
    state: ManifestState,
    gen: number,
    log: AppendLog,
  ) {
    this.#fs = fs
    this.#dir = dir
    this.#tmpDir = tmpDir
    this.#sync = sync
    this.state = state
    this.#gen = gen
    this.#log = log
  }

  /** Open or create the manifest in `dir`, replaying checkpoint + LOG. */
  static async open(
    fs: Fs,
    dir: string,
    tmpDir: string,
    opts: { sync: boolean; onFail: (e: Error) => void },
  ): Promise<{ manifest: Manifest; recovery: ManifestRecovery }> {
    await fs.mkdirp(dir)
    const names = await fs.readdir(dir)
    const gens = names
      .map((n) => parseGen(n, 'CHECKPOINT-', '.json'))
      .filter((g): g is number => g !== undefined)
    const gen = gens.length ? Math.max(...gens) : 0
    let state = emptyState()
    if (gen > 0) {
      const bytes = await fs.readFile(path.join(dir, `CHECKPOINT-${gen}.json`))
      const scan = scanRecords(bytes)
      if (scan.ending !== 'clean' || scan.records.length !== 1) {
        throw new StoreError(
          'manifest_corrupt',
          `manifest checkpoint CHECKPOINT-${gen}.json fails its checksum; refusing to open`,
        )
      }
      state = deserializeState(JSON.parse(dec.decode(scan.records[0])))
    }
    const logFile = path.join(dir, `LOG-${gen}.log`)
    const logBytes =
      (await fs.fileSize(logFile)) === undefined ? new Uint8Array(0) : await fs.readFile(logFile)
    const scan = scanRecords(logBytes)
    if (scan.ending === 'corrupt') {
      throw new StoreError(
        'manifest_corrupt',
        `manifest LOG-${gen}.log is corrupt at byte ${scan.validEnd} with valid records after it; refusing to open (restore from backup)`,
      )
    }
    let editsReplayed = 0
    for (const rec of scan.records) {
      for (const edit of JSON.parse(dec.decode(rec)) as Edit[]) {
        applyEdit(state, edit)
        editsReplayed++
      }
    }
    const torn = logBytes.length - scan.validEnd
    if (torn > 0) {
      const h = await fs.open(logFile, 'a')
      await h.truncate(scan.validEnd)
      if (opts.sync) await h.sync()
      await h.close()
    }
    // Older generations are superseded by the checkpoint; remove leftovers of an interrupted switch.
    for (const n of names) {
      const g = parseGen(n, 'CHECKPOINT-', '.json') ?? parseGen(n, 'LOG-', '.log')
      if (g !== undefined && g < gen) await fs.unlink(path.join(dir, n))
    }
    const log = await AppendLog.open(fs, logFile, opts)
    const manifest = new Manifest(fs, dir, tmpDir, opts.sync, state, gen, log)
    return { manifest, recovery: { generation: gen, editsReplayed, tornBytesTruncated: torn } }
  }

  /**
   * Durably append `edits` as one atomic group, then apply them. Commits are serialized; `validate`
   * runs against the state current at the commit's turn and may throw to abort without writing.
   */
  commit(edits: Edit[] | ((state: ManifestState) => Edit[])): Promise<void> {
    const run = async () => {
      const list = typeof edits === 'function' ? edits(this.state) : edits
      if (list.length === 0) return
      await this.#log.append(enc.encode(JSON.stringify(list)))
      for (const e of list) applyEdit(this.state, e)
      if (this.#log.size >= CHECKPOINT_BYTES) await this.#checkpoint()
    }
    const p = this.#chain.then(run)
    this.#chain = p.catch(() => {})
    return p
  }

  /** Write a checkpoint of the current state and start a new LOG generation. */
  async #checkpoint(): Promise<void> {
    const next = this.#gen + 1
    const body = frameRecord(enc.encode(JSON.stringify(serializeState(this.state))))
    await writeFileDurable(
      this.#fs,
      path.join(this.#dir, `CHECKPOINT-${next}.json`),
      body,
      this.#tmpDir,
      this.#sync,
    )
    const old = this.#log
    this.#log = await AppendLog.open(this.#fs, path.join(this.#dir, `LOG-${next}.log`), { sync: this.#sync })
    if (this.#sync) await this.#fs.syncDir(this.#dir)
    await old.close()
    const prev = this.#gen
    this.#gen = next
    await this.#fs.unlink(path.join(this.#dir, `LOG-${prev}.log`)).catch(() => {})
    if (prev > 0) await this.#fs.unlink(path.join(this.#dir, `CHECKPOINT-${prev}.json`)).catch(() => {})
  }

  /** Force a checkpoint now (tests, close). */
  checkpoint(): Promise<void> {
    const p = this.#chain.then(() => this.#checkpoint())
    this.#chain = p.catch(() => {})
    return p
  }

  /** Wait for pending commits and close the LOG. */
  async close(): Promise<void> {
    await this.#chain
    await this.#log.close()
  }
}
