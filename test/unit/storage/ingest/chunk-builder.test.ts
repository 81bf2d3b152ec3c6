// test/unit/storage/ingest/chunk-builder.test.ts: the columnar ingest path agrees with
// normalizeEvent event by event (property), a failed event leaves nothing behind, a repeated name
// keeps the later value, mostly-distinct strings skip deduplication, and chunks split by rows and
// by dictionary size.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { copyChunk, type EventChunk } from '../../../../src/storage/block/event-chunk.ts'
import {
  CHUNK_MAX_COLUMNS,
  CHUNK_MAX_ROWS,
  ChunkBuilder,
  type NormalizeOptions,
  normalizeEvent,
} from '../../../../src/storage/ingest/index.ts'
import type { FlatEvent } from '../../../../src/storage/types.ts'
import { chunkEvents } from '../wal/chunk-events.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`chunk-builder seed=${seed}`)

const RECEIVE = 1_700_000_000_000_000_000n
const SYS = 1_700_000_000_500_000_000n

function build(raws: readonly unknown[], opts: NormalizeOptions, expectedRows = raws.length) {
  const b = new ChunkBuilder(opts, expectedRows)
  const failures = raws.map((r) => b.add(r))
  const chunks = b.finish()
  return { failures, chunks, rows: b.rows, events: chunks.flatMap((c) => chunkEvents(c)) }
}

/** Fields sorted by name, arrays as JSON text (chunks keep arrays as JSON), bigints tagged. */
const norm = (events: readonly FlatEvent[]) =>
  JSON.stringify(
    events.map((e) => [
      e.time,
      e.sysTime,
      Object.entries(e.fields)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, Array.isArray(v) ? `json:${JSON.stringify(v)}` : Object.is(v, -0) ? '-0' : v]),
    ]),
    (_k, v) => (typeof v === 'bigint' ? `${v}n` : v),
  )

const key = fc.oneof(
  fc.constantFrom('a', 'b', 'a.b', '_time', 'ts', '_sysTime', '_user_sysTime', '__proto__', 'x\ud800'),
  fc.string({ maxLength: 4 }),
  fc.constant('n'.repeat(201)),
)
const leaf = fc.oneof(
  fc.string({ maxLength: 6 }),
  fc.constantFrom('GET', 'x\udc00y', '2024-08-14T22:26:25.123456789Z', 'not a time', ''),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-0, 1.5, 2 ** 53, Number.NaN, Number.POSITIVE_INFINITY),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constantFrom(new Date(Date.UTC(2024, 0, 1)), new Date(Number.NaN)),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.constant(1_723_674_385),
)
const valueArb: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof({ depthSize: 'small' }, leaf, tie('obj')),
  obj: fc.dictionary(key, tie('v'), { maxKeys: 4, noNullPrototype: true }),
})).v
const rawArb = fc.oneof(
  { weight: 12, arbitrary: fc.dictionary(key, valueArb, { maxKeys: 6, noNullPrototype: true }) },
  { weight: 1, arbitrary: fc.constantFrom(null, 7, 'x', [1]) },
)
const optsArb = fc.record({
  timestampField: fc.constantFrom(undefined, '_time', 'ts', 'a.b'),
  labels: fc.option(fc.dictionary(key, leaf, { maxKeys: 2, noNullPrototype: true }), { nil: undefined }),
})

describe('ChunkBuilder', () => {
  it('agrees with normalizeEvent on every event, whatever the chunk size', () => {
    fc.assert(
      fc.property(
        fc.array(rawArb, { maxLength: 30 }),
        optsArb,
        fc.integer({ min: 1, max: 8 }),
        (raws, o, size) => {
          const opts: NormalizeOptions = { ...o, receiveTime: RECEIVE, sysTime: SYS }
          const { failures, chunks, events } = build(raws, opts, size)
          const want: FlatEvent[] = []
          raws.forEach((raw, i) => {
            const res = normalizeEvent(raw, opts)
            if (res.ok) {
              expect(failures[i]).toBeUndefined()
              want.push(res.event)
            } else expect(failures[i]).toEqual({ error: res.error, time: res.time })
          })
          expect(norm(events)).toBe(norm(want))
          for (const c of chunks) {
            expect(c.rows).toBeLessThanOrEqual(size)
            for (const col of c.columns) expect(col.count).toBeGreaterThan(0)
          }
        },
      ),
      { seed, numRuns: 400, interruptAfterTimeLimit: 15_000 },
    )
  })

  it('leaves no trace of a failed event, even one that failed after some of its fields', () => {
    const opts = { receiveTime: RECEIVE, sysTime: SYS }
    const { failures, chunks, events } = build(
      [
        { a: 1, s: 'keep' },
        { a: 2, only: 'x', s: 'gone', _time: 'not a time' },
        { a: 3, s: 'also gone', ['n'.repeat(201)]: 1 },
        { a: 4, s: 'keep' },
      ],
      opts,
    )
    expect(failures.map((f) => f !== undefined)).toEqual([false, true, true, false])
    expect(events.map((e) => ({ ...e.fields }))).toEqual([
      { a: 1, s: 'keep' },
      { a: 4, s: 'keep' },
    ])
    const [chunk] = chunks
    expect(chunk.columns.map((c) => c.field).sort()).toEqual(['a', 's'])
    expect(chunk.columns.find((c) => c.field === 'a')?.ints).toEqual(BigInt64Array.from([1n, 4n]))
  })

  it('keeps only the later of two values with one flattened name, in its own type', () => {
    const { chunks, events } = build([{ 'a.b': 1, a: { b: 'x' } }, { 'a.b': 2 }], {
      receiveTime: RECEIVE,
      sysTime: SYS,
    })
    expect(events.map((e) => ({ ...e.fields }))).toEqual([{ 'a.b': 'x' }, { 'a.b': 2 }])
    const cols = chunks[0].columns.map((c) => [c.field, c.type, c.count])
    expect(cols).toEqual([
      ['a.b', 'integer', 1],
      ['a.b', 'string', 1],
    ])
  })

  it('stops deduplicating a mostly-distinct string column, and still reads back every value', () => {
    const raws = Array.from({ length: 2000 }, (_, i) => ({ id: `id-${i % 1500}`, m: i % 3 ? 'GET' : 'PUT' }))
    const { chunks, events } = build(raws, { receiveTime: RECEIVE, sysTime: SYS })
    const id = chunks[0].columns.find((c) => c.field === 'id')
    const m = chunks[0].columns.find((c) => c.field === 'm')
    expect(id?.dict?.length).toBe(2000) // every value appended: repeats too
    expect(m?.dict).toEqual(['PUT', 'GET'])
    expect(events.map((e) => e.fields.id)).toEqual(raws.map((r) => r.id))
  })

  it(`splits chunks at ${CHUNK_MAX_ROWS} rows and at the dictionary text limit`, () => {
    const opts = { receiveTime: RECEIVE, sysTime: SYS }
    const many = build(
      Array.from({ length: CHUNK_MAX_ROWS + 3 }, (_, i) => ({ i })),
      opts,
    )
    expect(many.chunks.map((c) => c.rows)).toEqual([CHUNK_MAX_ROWS, 3])
    // Distinct strings of ~340k units: the 64 Mi-unit dictionary limit ends a chunk after ~197.
    const long = 'x'.repeat(340_000)
    const big = build(
      Array.from({ length: 220 }, (_, i) => ({ s: `${i}${long}` })),
      opts,
    )
    expect(big.chunks.length).toBe(2)
    expect(big.chunks[0].rows).toBe(Math.ceil((64 << 20) / (long.length + 2)))
    expect(big.events.map((e) => (e.fields.s as string).length)).toEqual(
      Array.from({ length: 220 }, (_, i) => String(i).length + long.length),
    )
  })

  it(`bounds its columns (${CHUNK_MAX_COLUMNS}) when every event brings new field names`, () => {
    const raws = Array.from({ length: 10_000 }, (_, i) => ({ [`k${i}`]: i, same: 'x' }))
    const { chunks, events } = build(raws, { receiveTime: RECEIVE, sysTime: SYS })
    expect(Math.max(...chunks.map((c) => c.columns.length))).toBeLessThanOrEqual(CHUNK_MAX_COLUMNS)
    expect(chunks.length).toBeGreaterThan(2)
    expect(events.map((e) => ({ ...e.fields }))).toEqual(raws)
  })

  it('serves call after call when reused, small calls before big ones included', () => {
    const opts = { receiveTime: RECEIVE, sysTime: SYS }
    const got: FlatEvent[][] = []
    let out: FlatEvent[] = []
    const keep = (c: EventChunk) => {
      out.push(...chunkEvents(copyChunk(c)))
    }
    const b = new ChunkBuilder(opts, 1, keep)
    for (const n of [1, 3, 10_000, 2]) {
      out = []
      expect(b.reuse(opts, n, keep)).toBe(true)
      for (let i = 0; i < n; i++) b.add({ a: i, s: i % 2 ? 'odd' : 'even', ...(i % 3 ? {} : { t: true }) })
      b.finish()
      got.push(out)
    }
    for (const [k, n] of [1, 3, 10_000, 2].entries()) {
      expect(got[k].map((e) => ({ ...e.fields }))).toEqual(
        Array.from({ length: n }, (_, i) => ({
          a: i,
          s: i % 2 ? 'odd' : 'even',
          ...(i % 3 ? {} : { t: true }),
        })),
      )
    }
    expect(b.reuse({ ...opts, timestampField: 'ts' }, 1, keep)).toBe(false)
  })

  it('takes normalized events as they are (addFlat), per-row ingest times included', () => {
    const b = new ChunkBuilder({ receiveTime: 0n, sysTime: 0n }, 4)
    const events: FlatEvent[] = [
      { time: 5n, sysTime: 7n, fields: { a: 'x\ud800', n: 2n ** 60n, f: -0, t: true, arr: [1, 'a'] } },
      { time: -1n, sysTime: 8n, fields: {} },
    ]
    for (const e of events) b.addFlat(e)
    const chunks: EventChunk[] = b.finish()
    expect(norm(chunks.flatMap((c) => chunkEvents(c)))).toBe(
      norm([{ ...events[0], fields: { ...events[0].fields, a: 'x\ufffd' } }, events[1]]),
    )
  })
})
