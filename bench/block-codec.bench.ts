// bench/block-codec.bench.ts: timing printout for the block codec (build, encode, decode all or
// 2 columns, back to events) over 65,536 seeded sample-http-logs events. Run: node bench/block-codec.bench.ts
import { batchToEvents, buildBatch, decodeBlock, encodeBlock } from '../src/storage/block/index.ts'
import { newRecord } from '../src/storage/ingest/null-proto.ts'
import type { FlatEvent, FlatValue } from '../src/storage/types.ts'
import { httpLogs } from './data-gen.ts'

/** Flattens data-gen's sample-http-logs objects into FlatEvents (dotted names, `_time` in ns). */
function flatEvents(count: number, record: () => Record<string, FlatValue>): FlatEvent[] {
  return httpLogs(count).map((obj, i) => {
    const fields = record()
    for (const [k, v] of Object.entries(obj)) {
      if (k === '_time') continue
      if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
        for (const [k2, v2] of Object.entries(v)) fields[`${k}.${k2}`] = v2 as FlatValue
      } else fields[k] = v as FlatValue
    }
    const time = BigInt(Date.parse(obj._time as string)) * 1_000_000n
    return { time, sysTime: time + BigInt(i), fields }
  })
}

function time<T>(label: string, fn: () => T, runs = 5): T {
  let out: T | undefined
  const ms: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    out = fn()
    ms.push(performance.now() - t0)
  }
  ms.sort((a, b) => a - b)
  console.log(`${label.padEnd(28)} median ${ms[runs >> 1].toFixed(1)} ms  min ${ms[0].toFixed(1)} ms`)
  return out as T
}

// Ingest's newRecord() keeps V8 fast properties; Object.create(null) (WAL replay) is dictionary mode.
const shapes: [string, () => Record<string, FlatValue>][] = [
  ['ingest newRecord', () => newRecord<FlatValue>()],
  ['Object.create(null)', () => Object.create(null)],
]
for (const [label, record] of shapes) {
  const events = flatEvents(65_536, record)
  time(`buildBatch (${label})`, () => buildBatch(events))
}
const batch = buildBatch(flatEvents(65_536, () => newRecord<FlatValue>()))
const enc = time('encodeBlock', () =>
  encodeBlock(batch, { blockId: 'bench', dataset: 'http-logs', firstSeq: 0 }),
)
time('decodeBlock (all columns)', () => decodeBlock(enc.bytes))
time('decodeBlock (2 columns)', () => decodeBlock(enc.bytes, ['status', 'req_duration_ms']))
time('batchToEvents', () => batchToEvents(batch))
const raw = enc.header.rawLen
console.log(
  `rows=${batch.rowCount} columns=${batch.columns.length} raw=${raw} bytes file=${enc.bytes.length} bytes` +
    ` ratio=${(raw / enc.bytes.length).toFixed(2)} zoneMapJson=${JSON.stringify(enc.zoneMap).length} bytes`,
)
