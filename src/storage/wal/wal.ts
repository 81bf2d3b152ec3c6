// storage/wal/wal.ts: one dataset's write-ahead log, a directory of numbered segments
// (`<n>.wal`) of CRC-framed records. An ingest call is acknowledged once its records are written
// and fsynced (group commit through AppendLog). Sealing rolls to a new segment; segments whose
// events are all sealed are deleted. Replay drops a torn tail and any incomplete multi-record batch.
import * as path from 'node:path'
import { AppendLog } from '../append-log.ts'
import { StoreError } from '../errors.ts'
import type { Fs } from '../fs.ts'
import { scanRecords } from '../record-log.ts'
import type { FlatEvent } from '../types.ts'
import { decodeWalRecord, EVENTS_PER_RECORD, encodeWalBatch } from './codec.ts'

/** What replaying a WAL found. */
export interface WalReplay {
  /** Events with their sequence numbers, in sequence order (only complete batches), with their payloads. */
  readonly batches: { firstSeq: number; events: FlatEvent[]; chunks: WalChunk[] }[]
  readonly tornBytes: number
  readonly droppedPartialBatches: number
}

/** One WAL payload and the events it holds (kept until those events are sealed). */
export interface WalChunk {
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
    const batches: { firstSeq: number; events: FlatEvent[]; chunks: WalChunk[] }[] = []
    let tornBytes = 0
    let dropped = 0
    let pending:
      | { firstSeq: number; events: FlatEvent[]; chunks: WalChunk[]; next: number; parts: number }
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
      for (const payload of scan.records) {
        const rec = decodeWalRecord(payload)
        seg.maxSeq = Math.max(seg.maxSeq, rec.firstSeq + rec.events.length - 1)
        const chunk = { firstSeq: rec.firstSeq, count: rec.events.length, payload: payload.slice() }
        if (rec.part === 0) {
          if (pending) dropped++
          pending = {
            firstSeq: rec.firstSeq,
            events: [...rec.events],
            chunks: [chunk],
            next: 1,
            parts: rec.parts,
          }
        } else if (pending && rec.part === pending.next) {
          for (const e of rec.events) pending.events.push(e)
          pending.chunks.push(chunk)
          pending.next++
        } else {
          pending = undefined
          dropped++
          continue
        }
        if (pending.next === pending.parts) {
          batches.push({ firstSeq: pending.firstSeq, events: pending.events, chunks: pending.chunks })
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
    return {
      wal: new Wal(fs, dir, opts, segments, log),
      replay: { batches, tornBytes, droppedPartialBatches: dropped },
    }
  }

  /** Durably append one ingest call's events; resolves (to its chunks) after the covering fsync. */
  async append(firstSeq: number, events: readonly FlatEvent[]): Promise<WalChunk[]> {
    const seg = this.#segments[this.#segments.length - 1]
    const log = this.#log
    seg.maxSeq = Math.max(seg.maxSeq, firstSeq + events.length - 1)
    const payloads = encodeWalBatch(firstSeq, events)
    await Promise.all(payloads.map((p) => log.append(p)))
    return payloads.map((payload, i) => ({
      firstSeq: firstSeq + i * EVENTS_PER_RECORD,
      count: Math.min(EVENTS_PER_RECORD, events.length - i * EVENTS_PER_RECORD),
      payload,
    }))
  }

  /** Start a new segment (after a seal) and delete segments whose events are all ≤ `sealedThrough`. */
  async roll(sealedThrough: number): Promise<void> {
    const num = this.#segments[this.#segments.length - 1].num + 1
    const next = await AppendLog.open(this.#fs, path.join(this.#dir, `${num}.wal`), this.#opts)
    // Swap segment and log in one synchronous step: an append must never record its sequence
    // numbers on one segment while writing into another (the old one could then be deleted early).
    this.#segments.push({ num, maxSeq: -1 })
    const old = this.#log
    this.#log = next
    await old.close()
    while (this.#segments.length > 1 && this.#segments[0].maxSeq <= sealedThrough) {
      const seg = this.#segments.shift() as Segment
      await this.#fs.unlink(path.join(this.#dir, `${seg.num}.wal`)).catch(() => {})
    }
    if (this.#opts.sync) await this.#fs.syncDir(this.#dir)
  }

  /** Close the current segment after pending appends. */
  close(): Promise<void> {
    return this.#log.close()
  }
}
