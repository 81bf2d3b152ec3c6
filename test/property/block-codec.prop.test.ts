// RELIABILITY F4: block codec robustness. (1) Round trip: random batches (every type — timespans and
// map objects included —, nulls, mixed types per field, unicode, empty/one-row/multi-thousand-row, int64 extremes, -0) survive
// build → encode → decode → events, whole and by column subset. (2) Corruption: bit flips,
// truncations and appended garbage are always detected, and never reach the Arrow decoder.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  BlockCorruptError,
  batchToEvents,
  buildBatch,
  computeZoneMap,
  decodeBlock,
  decodeColumnChunk,
  decodeStats,
  type EncodedBlock,
  encodeBlock,
  parseHeader,
} from '../../src/storage/block/index.ts'
import { type FlatEvent, type FlatValue, TimespanValue } from '../../src/storage/types.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`block-codec seed=${seed}`)

const ROUNDTRIPS = 500
const CORRUPTIONS = 5000

// ---- generators -------------------------------------------------------------------------------

const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n
const name = fc.oneof(
  fc.constantFrom('status', 'msg', 'n', 'geo.city', 'ünï', '日本', '__proto__', 'constructor', ''),
  fc.string({ minLength: 1, maxLength: 6, unit: 'grapheme' }),
)
const value: fc.Arbitrary<FlatValue> = fc.oneof(
  fc.string({ maxLength: 12, unit: 'grapheme' }),
  fc.constantFrom('', 'GET', 'POST', '😀', 'a\u0000b'),
  fc.integer(),
  fc.maxSafeInteger(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 0, -1),
  fc.bigInt({ min: INT64_MIN, max: -(2n ** 53n) }),
  fc.bigInt({ min: 2n ** 53n, max: INT64_MAX }),
  fc.constantFrom(INT64_MIN, INT64_MAX, 2n ** 53n, -(2n ** 53n)),
  fc.double({ noNaN: true }),
  fc.constantFrom(-0, 0.5, 1e300, -Number.MIN_VALUE, Number.POSITIVE_INFINITY, 2 ** 53),
  fc.boolean(),
  // Arrays are kept as JSON text, where -0 inside one is 0 (ingest's array-value.ts sees them so).
  fc
    .array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 })
    .map((a) => JSON.parse(JSON.stringify(a))) as fc.Arbitrary<FlatValue>,
  // Timespans (int64 ns, extremes included) and map-field objects (kept whole as JSON text).
  fc.bigInt({ min: INT64_MIN, max: INT64_MAX }).map((ns) => new TimespanValue(ns)),
  fc.constantFrom(INT64_MIN, INT64_MAX, 0n, -1n).map((ns) => new TimespanValue(ns)),
  fc
    .dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 })
    .map((o) => JSON.parse(JSON.stringify(o))) as fc.Arbitrary<FlatValue>,
)
const time = fc.oneof(fc.bigInt({ min: INT64_MIN, max: INT64_MAX }), fc.bigInt({ min: 0n, max: 2n ** 62n }))
const event: fc.Arbitrary<FlatEvent> = fc
  .record({ time, sysTime: time, fields: fc.dictionary(name, value, { maxKeys: 7 }) })
  .map(({ time, sysTime, fields }) => ({
    time,
    sysTime,
    fields: Object.assign(Object.create(null) as Record<string, FlatValue>, fields),
  }))
/** Multi-thousand-row batches tile a few templates (cheap to generate), shifting times per row. */
const tiled = fc
  .tuple(fc.array(event, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1000, max: 4000 }))
  .map(([templates, n]) =>
    Array.from({ length: n }, (_, i): FlatEvent => {
      const t = templates[i % templates.length]
      return { time: BigInt(i) * 1000n, sysTime: t.sysTime, fields: t.fields }
    }),
  )
const batchEvents = fc.oneof(
  { weight: 1, arbitrary: fc.constant<FlatEvent[]>([]) },
  { weight: 3, arbitrary: fc.array(event, { minLength: 1, maxLength: 1 }) },
  { weight: 12, arbitrary: fc.array(event, { minLength: 1, maxLength: 60 }) },
  { weight: 2, arbitrary: tiled },
)

// ---- helpers ----------------------------------------------------------------------------------

/** Comparable events: plain objects with sorted keys, optionally only some fields. */
function comparable(events: readonly FlatEvent[], only?: ReadonlySet<string>): unknown[] {
  return events.map((e) => ({
    time: e.time,
    sysTime: e.sysTime,
    fields: Object.fromEntries(
      Object.keys(e.fields)
        .filter((k) => only === undefined || only.has(k))
        .sort()
        .map((k) => [k, e.fields[k]]),
    ),
  }))
}

const meta = { blockId: 'b-prop', dataset: 'prop', firstSeq: 7 }

// ---- (1) round trip ---------------------------------------------------------------------------

let roundtrips = 0
let corruptions = 0
let detected = 0
let crashes = 0
let arrowOnBad = 0

describe('F4 block codec', () => {
  it(`round-trips ${ROUNDTRIPS} random batches, whole and by column subset`, () => {
    fc.assert(
      fc.property(batchEvents, fc.infiniteStream(fc.boolean()), (events, picks) => {
        const enc = encodeBlock(buildBatch(events), meta)
        const { header, batch } = decodeBlock(enc.bytes)
        expect(header).toEqual(enc.header)
        expect(comparable(batchToEvents(batch))).toEqual(comparable(events))
        expect(computeZoneMap(batch)).toEqual(enc.zoneMap)
        // a random subset of fields (plus the time columns batchToEvents needs)
        const names = [...new Set(header.columns.map((c) => c.field))].slice(2)
        const subset = new Set(names.filter(() => picks.next().value))
        const part = decodeBlock(enc.bytes, ['_time', '_sysTime', ...subset]).batch
        expect(part.columns.every((c) => c.field.startsWith('_') || subset.has(c.field))).toBe(true)
        expect(comparable(batchToEvents(part))).toEqual(comparable(events, subset))
        roundtrips++
      }),
      { seed, numRuns: ROUNDTRIPS, interruptAfterTimeLimit: 20_000 },
    )
    // Time-bounded: on a loaded machine fewer than ROUNDTRIPS may run; a floor keeps the test honest.
    expect(roundtrips).toBeGreaterThanOrEqual(Math.min(ROUNDTRIPS, 50))
  })

  // ---- (2) corruption -------------------------------------------------------------------------

  it(`detects ${CORRUPTIONS} corruptions without ever calling the Arrow decoder on them`, () => {
    const samples = fc.sample(batchEvents, { seed, numRuns: 12 })
    const blocks: EncodedBlock[] = samples.map((events, i) =>
      encodeBlock(buildBatch(events), { ...meta, blockId: `b${i}` }),
    )
    const damage = fc.oneof(
      fc.record({
        kind: fc.constant('flip' as const),
        bits: fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
      }),
      fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
      fc.record({
        kind: fc.constant('append' as const),
        garbage: fc.uint8Array({ minLength: 1, maxLength: 64 }),
      }),
    )
    fc.assert(
      fc.property(fc.nat({ max: blocks.length - 1 }), damage, (which, d) => {
        const block = blocks[which]
        const src = block.bytes
        let bad: Uint8Array
        let flipped: number[] = []
        if (d.kind === 'flip') {
          bad = Uint8Array.from(src)
          flipped = [...new Set(d.bits.map((b) => b % (src.length * 8)))]
          for (const b of flipped) bad[b >> 3] ^= 1 << (b & 7)
          flipped = flipped.map((b) => b >> 3)
        } else if (d.kind === 'truncate') {
          bad = src.slice(0, d.at % src.length)
        } else {
          bad = new Uint8Array(src.length + d.garbage.length)
          bad.set(src)
          bad.set(d.garbage, src.length)
        }
        corruptions++
        const before = decodeStats.arrowDecodes
        let ok = expectCorrupt(() => decodeBlock(bad))
        // The lazy path (header, then single chunks, no body CRC) must catch flips inside chunks too.
        if (d.kind === 'flip' && flipped.every((at) => at >= block.header.bodyOffset)) {
          const header = parseHeader(bad)
          for (const entry of header.columns) {
            const start = header.bodyOffset + entry.offset
            const chunk = bad.subarray(start, start + entry.length)
            const hit = flipped.some((at) => at >= start && at < start + entry.length)
            if (hit) ok = expectCorrupt(() => decodeColumnChunk(chunk, entry, header.rowCount)) && ok
          }
        }
        if (ok) detected++
        arrowOnBad += decodeStats.arrowDecodes - before
        return ok && decodeStats.arrowDecodes === before
      }),
      { seed, numRuns: CORRUPTIONS, interruptAfterTimeLimit: 15_000 },
    )
    expect(corruptions).toBeGreaterThanOrEqual(Math.min(CORRUPTIONS, 500))
    expect(detected).toBe(corruptions)
    expect(crashes).toBe(0)
    expect(arrowOnBad).toBe(0)
    const pct = corruptions === 0 ? 0 : Math.floor((detected / corruptions) * 100)
    console.log(
      `roundtrips=${roundtrips} corruptions=${corruptions} detected=${pct}% crashes=${crashes} arrow_decode_on_bad_input=${arrowOnBad}`,
    )
  })
})

/** True when `fn` throws BlockCorruptError; any other throw is a crash, no throw is a miss. */
function expectCorrupt(fn: () => unknown): boolean {
  try {
    fn()
    return false
  } catch (e) {
    if (e instanceof BlockCorruptError) return true
    crashes++
    return false
  }
}
