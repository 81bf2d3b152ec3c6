// WAL segments: records become durable in append order across a roll (the new segment waits for
// the old one's last write), rolled-over segments go once sealed, and replay reads every record.
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { FileHandleLike, Fs } from '../../../../src/storage/fs.ts'
import { createMemFs } from '../../../../src/storage/mem-fs.ts'
import { decodeWalRecord, encodeWalChunks } from '../../../../src/storage/wal/codec.ts'
import { chunksOfEvents } from '../../../../src/storage/wal/record.ts'
import { Wal } from '../../../../src/storage/wal/wal.ts'
import { chunkEvents } from './chunk-events.ts'

/** A memory Fs whose appends to `slow` files wait for `release()`; logs every append's file. */
function gatedFs() {
  const fs = createMemFs()
  const writes: string[] = []
  let release: () => void = () => {}
  const held = new Promise<void>((r) => {
    release = r
  })
  let hold = ''
  const gated: Fs = {
    ...fs,
    async open(file, mode) {
      const h = await fs.open(file, mode)
      const wrapped: FileHandleLike = {
        ...h,
        append: async (data) => {
          if (path.basename(file) === hold) await held
          writes.push(path.basename(file))
          return h.append(data)
        },
        sync: () => h.sync(),
        read: (p, l) => h.read(p, l),
        truncate: (l) => h.truncate(l),
        size: () => h.size(),
        close: () => h.close(),
      }
      return wrapped
    },
  }
  return { fs: gated, writes, release, holdWritesTo: (name: string) => (hold = name) }
}

function records(firstSeq: number, n: number) {
  const events = Array.from({ length: n }, (_, i) => ({
    time: BigInt(firstSeq + i),
    sysTime: 0n,
    fields: { i: firstSeq + i },
  }))
  const chunks = chunksOfEvents(events)
  return { payloads: encodeWalChunks(firstSeq, chunks), counts: chunks.map((c) => c.rows) }
}

describe('Wal', () => {
  it('writes a rolled-to segment only after the old segment’s pending records', async () => {
    const g = gatedFs()
    const { wal } = await Wal.open(g.fs, '/w', { sync: true, onFail: () => {} })
    g.holdWritesTo('1.wal')
    const a = records(0, 3)
    const first = wal.append(0, a.payloads, a.counts)
    await wal.roll(-1) // nothing sealed: only switches segments
    const b = records(3, 2)
    const second = wal.append(3, b.payloads, b.counts)
    let secondDone = false
    void second.then(() => {
      secondDone = true
    })
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r))
    expect(g.writes).toEqual([]) // the new segment waits for the held one
    expect(secondDone).toBe(false)
    g.release()
    await Promise.all([first, second])
    expect(g.writes).toEqual(['1.wal', '2.wal'])
    await wal.close()
    const { replay } = await Wal.open(g.fs, '/w', { sync: true, onFail: () => {} })
    expect(replay.batches.map((x) => [x.firstSeq, x.count])).toEqual([
      [0, 3],
      [3, 2],
    ])
  })

  it('deletes rolled-over segments once their events are sealed, and keeps the rest', async () => {
    const fs = createMemFs()
    const { wal } = await Wal.open(fs, '/w', { sync: true, onFail: () => {} })
    const a = records(0, 4)
    await wal.append(0, a.payloads, a.counts)
    await wal.roll(-1)
    const b = records(4, 4)
    await wal.append(4, b.payloads, b.counts)
    await wal.roll(3) // the first segment's events are all sealed
    await wal.close()
    expect((await fs.readdir('/w')).sort()).toEqual(['2.wal', '3.wal'])
    const { replay } = await Wal.open(fs, '/w', { sync: true, onFail: () => {} })
    const replayed = replay.batches.flatMap((x) =>
      x.chunks.flatMap((c) => chunkEvents(decodeWalRecord(c.payload).chunk)),
    )
    expect(replayed.map((e) => e.fields.i)).toEqual([4, 5, 6, 7])
    expect(replay.batches.map((x) => x.count)).toEqual([4])
  })
})
