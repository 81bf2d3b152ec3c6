// storage/wal/wal.ts: one dataset's write-ahead log, a directory of numbered segments
// (`<n>.wal`) of CRC-framed records. An ingest call is acknowledged once its records are written
// and fsynced (group commit through AppendLog). Sealing rolls to a new segment, made (and its
// directory entry synced) ahead of time; segments whose events are all sealed are deleted in the
// background. Replay drops a torn tail and any incomplete multi-record batch.
import * as path from 'node:path'
import { AppendLog } from '../append-log.ts'
import { StoreError } from '../errors.ts'
import type { Fs } from '../fs.ts'
import { scanRecords } from '../record-log.ts'
import { placeWalRecord } from './codec.ts'
import { readWalRecord } from './record.ts'

/** What replaying a WAL found. */
export interface WalReplay {
  /** Events with their sequence numbers, in sequence order (only complete batches), with their payloads. */
  readonly batches: { firstSeq: number; count: number; chunks: WalChunk[] }[]
  readonly tornBytes: number
  readonly droppedPartialBatches: number
}

/** One WAL payload and the events it holds (kept until those events are sealed). */
export interface WalChunk {
  /** Sequence number of the record's first event, and its number of events. */
  readonly firstSeq: number
  readonly count: number
  readonly payload: Uint8Array
}

interface Segment {
  readonly num: number
  /** Highest sequence number written to the segment (-1 when empty). */
  maxSeq: number
}

/** A dataset's WAL (see module header). */
export class Wal {
  readonly #fs: Fs
  readonly #dir: string
  readonly #opts: { sync: boolean; onFail: (e: Error) => void }
  readonly #segments: Segment[]
  #log: AppendLog
  /** The next segment, opened ahead so a roll need not wait for the file system. */
  #spare: Promise<AppendLog> | undefined = undefined
  /** Closing and deleting rolled-over segments, one after another. */
  #cleanup: Promise<void> = Promise.resolve()

  private constructor(
    fs: Fs,
    dir: string,
    opts: { sync: boolean; onFail: (e: Error) => void },
    segments: Segment[],
    log: AppendLog,
  ) {
    this.#fs = fs
    this.#dir = dir
    this.#opts = opts
    this.#segments = segments
    this.#log = log
  }

  /** Open (or create) the WAL in `dir` and replay it. */
  static async open(
    fs: Fs,
    dir: string,
    opts: { sync: boolean; onFail: (e: Error) => void },
  ): Promise<{ wal: Wal; replay: WalReplay }> {
    await fs.mkdirp(dir)
    const nums = (await fs.readdir(dir))
      .map((n) => (n.endsWith('.wal') ? Number(n.slice(0, -4)) : Number.NaN))
      .filter((n) => Number.isSafeInteger(n))
      .sort((a, b) => a - b)
    const segments: Segment[] = []
    const batches: { firstSeq: number; count: number; chunks: WalChunk[] }[] = []
    let tornBytes = 0
    let dropped = 0
    let pending:
      | { firstSeq: number; count: number; chunks: WalChunk[]; next: number; parts: number }
      | undefined
    for (const [i, num] of nums.entries()) {
      const file = path.join(dir, `${num}.wal`)
      const bytes = await fs.readFile(file)
      const scan = scanRecords(bytes)
      if (scan.ending === 'corrupt') {
        throw new StoreError(
          'manifest_corrupt',
          `WAL segment ${file} is corrupt at byte ${scan.validEnd} with valid records after it; refusing to open`,
        )
      }
      const seg: Segment = { num, maxSeq: -1 }
      for (const record of scan.records) {
        // A copy: the segment's bytes are not kept, and typed-array views need an aligned start.
        const rec = readWalRecord(new Uint8Array(record))
        const payload = rec.payload
        const rows = rec.chunk.rows
        seg.maxSeq = Math.max(seg.maxSeq, rec.firstSeq + rows - 1)
        const chunk = { firstSeq: rec.firstSeq, count: rows, payload }
        if (rec.part === 0) {
          if (pending) dropped++
          pending = {
            firstSeq: rec.firstSeq,
            count: rows,
            chunks: [chunk],
            next: 1,
            parts: rec.parts,
          }
        } else if (pending && rec.part === pending.next) {
          pending.count += rows
          pending.chunks.push(chunk)
          pending.next++
        } else {
          pending = undefined
          dropped++
          continue
        }
        if (pending.next === pending.parts) {
          batches.push({ firstSeq: pending.firstSeq, count: pending.count, chunks: pending.chunks })
          pending = undefined
        }
      }
      if (scan.ending === 'torn') {
        tornBytes += bytes.length - scan.validEnd
        const h = await fs.open(file, 'a')
        await h.truncate(scan.validEnd)
        if (opts.sync) await h.sync()
        await h.close()
        if (i !== nums.length - 1) dropped += pending ? 1 : 0
      }
      segments.push(seg)
    }
    if (pending) dropped++
    const num = segments.length ? segments[segments.length - 1].num + 1 : 1
    segments.push({ num, maxSeq: -1 })
    const log = await AppendLog.open(fs, path.join(dir, `${num}.wal`), opts)
    if (opts.sync) await fs.syncDir(dir)
    const wal = new Wal(fs, dir, opts, segments, log)
    wal.#prepareSpare()
    return {
      wal,
      replay: { batches, tornBytes, droppedPartialBatches: dropped },
    }
  }

  /**
   * Durably append one ingest call's records (version-4 payloads holding `counts` events, in
   * order); their sequence numbers are set from `firstSeq`. Resolves (to the records) after the
   * covering fsync.
   */
  async append(
    firstSeq: number,
    payloads: readonly Uint8Array[],
    counts: readonly number[],
  ): Promise<WalChunk[]> {
    const seg = this.#segments[this.#segments.length - 1]
    const log = this.#log
    const out: WalChunk[] = []
    let seq = firstSeq
    for (let i = 0; i < payloads.length; i++) {
      placeWalRecord(payloads[i], seq, i, payloads.length)
      out.push({ firstSeq: seq, count: counts[i], payload: payloads[i] })
      seq += counts[i]
    }
    seg.maxSeq = Math.max(seg.maxSeq, seq - 1)
    await Promise.all(payloads.map((p) => log.append(p)))
    return out
  }

  /**
   * Start a new segment (after a seal); segments whose events are all ≤ `sealedThrough` are then
   * deleted in the background (a failure there is reported through `onFail`).
   */
  async roll(sealedThrough: number): Promise<void> {
    const num = this.#segments[this.#segments.length - 1].num + 1
    const spare = this.#spare
    this.#spare = undefined // a failed open is retried by the next roll
    const next = await (spare ?? this.#openSegment(num))
    // Swap segment and log in one synchronous step: an append must never record its sequence
    // numbers on one segment while writing into another (the old one could then be deleted early).
    this.#segments.push({ num, maxSeq: -1 })
    const old = this.#log
    this.#log = next
    // The new segment writes only after the old one's last records are durable: replay relies on
    // every durable record following all earlier ones (a crash may cut the tail, never the middle).
    next.writeAfter(old.drained())
    const doomed: Segment[] = []
    while (this.#segments.length > 1 && this.#segments[0].maxSeq <= sealedThrough)
      doomed.push(this.#segments.shift() as Segment)
    this.#prepareSpare()
    this.#cleanup = this.#cleanup.then(async () => {
      try {
        await old.close()
        for (const seg of doomed)
          await this.#fs.unlink(path.join(this.#dir, `${seg.num}.wal`)).catch(() => {})
        // Only tidiness depends on it: a deleted segment that comes back holds sealed events only.
        if (this.#opts.sync && doomed.length > 0) await this.#fs.syncDir(this.#dir)
      } catch (e) {
        this.#opts.onFail(e instanceof Error ? e : new Error(String(e)))
      }
    })
  }

  /** Settles once the background work of past rolls (cleanup, the next segment) is done. */
  async settled(): Promise<void> {
    await this.#cleanup
    await this.#spare?.catch(() => {})
  }

  /** Opens segment `num` and makes its directory entry durable before any record goes in. */
  async #openSegment(num: number): Promise<AppendLog> {
    const log = await AppendLog.open(this.#fs, path.join(this.#dir, `${num}.wal`), this.#opts)
    if (this.#opts.sync) await this.#fs.syncDir(this.#dir)
    return log
  }

  /** Starts opening the segment after the current one. */
  #prepareSpare(): void {
    const spare = this.#openSegment(this.#segments[this.#segments.length - 1].num + 1)
    // A failure surfaces at the next roll, which awaits it.
    spare.catch(() => {})
    this.#spare = spare
  }

  /** Close the current segment after pending appends, finish cleaning up, drop the spare segment. */
  async close(): Promise<void> {
    await this.#log.close()
    await this.#cleanup
    const spare = this.#spare
    this.#spare = undefined
    if (spare) {
      const num = this.#segments[this.#segments.length - 1].num + 1
      await spare.then((log) => log.close()).catch(() => {})
      await this.#fs.unlink(path.join(this.#dir, `${num}.wal`)).catch(() => {})
    }
  }
}
