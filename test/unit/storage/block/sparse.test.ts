// Sparse columns (format.md "Sparse columns"): for any events over fields of any density and every
// storage type, a batch's sparse columns hold exactly the values the events hold, at their rows; the
// same batch laid out dense (densified here, independently of the codec) has the same events, zone
// map and executor vectors; a sparse block round-trips through encode/decode (format 2 exactly when a
// column is sparse), and a corrupt position list is refused before any value is read.
import { crc32 } from 'node:zlib'
import * as arrow from 'apache-arrow'
import fc from 'fast-check'
import { compressSync } from 'lz4-napi'
import { describe, expect, it } from 'vitest'
import { takeVec } from '../../../../src/exec/batch.ts'
import { columnToVec, sparseRowsToVec } from '../../../../src/exec/scan/arrow-to-vec.ts'
import { sliceFieldVec } from '../../../../src/exec/scan/block-slices.ts'
import { byFieldOf } from '../../../../src/exec/scan/field-vec.ts'
import { takeFieldRows } from '../../../../src/exec/scan/take-rows.ts'
import { cellAt, type Vec } from '../../../../src/exec/vector.ts'
import { assembleBatch } from '../../../../src/storage/block/assemble.ts'
import {
  type BlockBatch,
  type BlockColumn,
  batchToEvents,
  buildBatch,
  columnValue,
} from '../../../../src/storage/block/build.ts'
import { decodeBlock, decodeColumnChunk } from '../../../../src/storage/block/decode.ts'
import { encodeBlock } from '../../../../src/storage/block/encode.ts'
import { BlockCorruptError } from '../../../../src/storage/block/errors.ts'
import { isSparseCount } from '../../../../src/storage/block/sparse.ts'
import { computeZoneMap } from '../../../../src/storage/block/zone-map.ts'
import { ChunkBuilder } from '../../../../src/storage/ingest/chunk-builder.ts'
import { rangesInPayloads } from '../../../../src/storage/seal/seal-block.ts'
import { type FlatEvent, type FlatValue, TimespanValue } from '../../../../src/storage/types.ts'
import { encodeWalChunks } from '../../../../src/storage/wal/codec.ts'
import { comparable, ev } from './helpers.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`sparse seed=${seed}`)

/** One value of every storage type a field can hold (datetime is only _time/_sysTime). */
const value: fc.Arbitrary<FlatValue> = fc.oneof(
  fc.constantFrom('GET', 'POST', 'é', '', '\ud83d\ude00'),
  fc.string({ maxLength: 4 }),
  fc.integer(),
  fc.bigInt({ min: 2n ** 53n, max: 2n ** 63n - 1n }),
  fc.constantFrom(-0, 0.5, 2 ** 53, Number.POSITIVE_INFINITY, Number.NaN),
  fc.double(),
  fc.boolean(),
  fc.bigInt({ min: -(2n ** 62n), max: 2n ** 62n }).map((ns) => new TimespanValue(ns)),
  // JSON text is how array/map columns store values: -0 inside one reads back as 0 in any layout.
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 2 }).map(asJson),
  fc.dictionary(fc.constantFrom('k', 'v'), fc.jsonValue({ maxDepth: 1 })).map(asJson),
)

function asJson(v: unknown): FlatValue {
  return JSON.parse(JSON.stringify(v)) as FlatValue
}

/** Per field, a density (one row in `every` holds it) and one type's values or mixed ones. */
const fieldSpec = fc.record({
  every: fc.constantFrom(1, 2, 7, 9, 40, 1000),
  value: fc.oneof(
    value.map((v) => fc.constant(v)),
    fc.constant(value),
  ),
})

const eventsArb = fc
  .tuple(
    fc.integer({ min: 1, max: 400 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c', 'd.e', 'z'), fieldSpec, { minKeys: 1 }),
    fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })),
    fc.infiniteStream(value),
  )
  .chain(([n, fields, coins, values]) =>
    fc
      .tuple(...Object.values(fields).map((f) => fc.array(f.value, { minLength: n, maxLength: n })))
      .map((cols) => {
        const names = Object.keys(fields)
        const events: FlatEvent[] = []
        const coin = coins[Symbol.iterator]()
        void values
        for (let row = 0; row < n; row++) {
          const f: Record<string, FlatValue> = {}
          names.forEach((name, i) => {
            if ((coin.next().value as number) * fields[name].every < 1) f[name] = cols[i][row]
          })
          events.push(ev(1_700_000_000_000_000_000n + BigInt(row), f))
        }
        return events
      }),
  )

/** The dense Arrow layout of a sparse column (values scattered to their rows), written here by hand. */
function densify(col: BlockColumn, rowCount: number): BlockColumn {
  const positions = col.positions
  if (positions === undefined) return col
  const data = col.vector.data[0]
  const nullBitmap = new Uint8Array((rowCount + 7) >> 3)
  for (const p of positions) nullBitmap[p >> 3] |= 1 << (p & 7)
  const nulls = { length: rowCount, nullCount: rowCount - positions.length, nullBitmap }
  let dense: arrow.Data
  if (data.type instanceof arrow.Bool) {
    const bits = new Uint8Array((rowCount + 7) >> 3)
    positions.forEach((p, k) => {
      if ((data.values[k >> 3] >> (k & 7)) & 1) bits[p >> 3] |= 1 << (p & 7)
    })
    dense = arrow.makeData({ type: data.type, ...nulls, data: bits })
  } else if (arrow.DataType.isUtf8(data.type)) {
    const texts: string[] = new Array(rowCount).fill('')
    const decoder = new TextDecoder()
    positions.forEach((p, k) => {
      texts[p] = decoder.decode(data.values.subarray(data.valueOffsets[k], data.valueOffsets[k + 1]))
    })
    const bytes = new TextEncoder().encode(texts.join(''))
    const offsets = new Int32Array(rowCount + 1)
    for (let r = 0; r < rowCount; r++) offsets[r + 1] = offsets[r] + new TextEncoder().encode(texts[r]).length
    dense = arrow.makeData({ type: data.type as arrow.Utf8, ...nulls, valueOffsets: offsets, data: bytes })
  } else {
    const src = data.values as Int32Array | Float64Array | BigInt64Array
    const out = new (src.constructor as new (n: number) => typeof src)(rowCount)
    positions.forEach((p, k) => {
      out[p] = src[k]
    })
    dense = arrow.makeData({
      type: data.type,
      ...nulls,
      data: out,
      ...(data.dictionary ? { dictionary: data.dictionary } : {}),
    } as never)
  }
  const { field, type, dictionary } = col
  return { field, type, vector: arrow.makeVector(dense), ...(dictionary ? { dictionary } : {}) }
}

function densified(batch: BlockBatch): BlockBatch {
  return { rowCount: batch.rowCount, columns: batch.columns.map((c) => densify(c, batch.rowCount)) }
}

/** Non-null cells of a column, per the column's own count. */
function valuesHeld(col: BlockColumn, rowCount: number): number {
  return col.positions ? col.positions.length : rowCount - col.vector.nullCount
}

/** A vector with an all-valid `valid` written as null (the two spellings mean the same). */
function norm(v: Vec): unknown {
  if ('valid' in v && v.valid !== null && v.valid.every((x) => x === 1)) return { ...v, valid: null }
  if (v.kind === 'mixed' && v.parts) return { ...v, parts: v.parts.map(norm) }
  return v
}

function cellsOf(v: Vec, n: number): unknown[] {
  return Array.from({ length: n }, (_, i) => cellAt(v, i))
}

const META = { blockId: 'b1', dataset: 'd', firstSeq: 7 }

describe('sparse columns', () => {
  it('hold what the events hold; dense and sparse agree on events, zone maps and executor vectors', () => {
    let sparseSeen = 0
    fc.assert(
      fc.property(eventsArb, fc.array(fc.nat(), { maxLength: 8 }), (events, picks) => {
        const batch = buildBatch(events)
        const n = batch.rowCount
        for (const col of batch.columns) {
          expect(col.positions !== undefined).toBe(
            col.type !== 'datetime' && isSparseCount(valuesHeld(col, n), n),
          )
          if (col.positions) sparseSeen++
        }
        const dense = densified(batch)
        expect(comparable(batchToEvents(batch))).toEqual(comparable(events))
        expect(comparable(batchToEvents(dense))).toEqual(comparable(events))
        const from = picks[0] === undefined ? 0 : picks[0] % n
        expect(comparable(batchToEvents(batch, from, from + 5))).toEqual(
          comparable(events.slice(from, from + 5)),
        )
        expect(computeZoneMap(batch)).toEqual(computeZoneMap(dense))
        const rows = Uint32Array.from(picks.map((p) => p % n))
        for (let i = 0; i < batch.columns.length; i++) {
          const s = batch.columns[i]
          const d = dense.columns[i]
          for (const r of rows) expect(columnValue(s, r)).toEqual(columnValue(d, r))
          expect(columnToVec(s, n)).toEqual(columnToVec(d, n))
          if (s.positions)
            expect(norm(sparseRowsToVec(s as never, rows))).toEqual(norm(takeVec(columnToVec(d, n), rows)))
        }
        // Per field, as the scan reads it: whole block, a slice, a few rows.
        const sBy = byFieldOf(batch.columns)
        const dBy = byFieldOf(dense.columns)
        const start = Math.min(from, n - 1)
        const end = Math.min(n, start + 1 + (picks[1] ?? 3))
        for (const [field, cols] of sBy) {
          const dcols = dBy.get(field) as BlockColumn[]
          for (const type of ['real', 'string', 'dynamic'] as const) {
            if (type === 'real' && !cols.every((c) => c.type === 'integer' || c.type === 'float')) continue
            expect(norm(sliceFieldVec(cols, type, n, start, end))).toEqual(
              norm(sliceFieldVec(dcols, type, n, start, end)),
            )
            // A dense string column's rows carry only the dictionary entries they use: compare cells.
            expect(cellsOf(takeFieldRows(cols, type, n, rows), rows.length)).toEqual(
              cellsOf(takeFieldRows(dcols, type, n, rows), rows.length),
            )
          }
        }
        // Encode → decode: the same events and zone map, positions kept, format 2 exactly when sparse.
        const enc = encodeBlock(batch, META)
        const anySparse = batch.columns.some((c) => c.positions)
        expect(enc.header.formatVersion).toBe(anySparse ? 2 : 1)
        expect(enc.zoneMap).toEqual(encodeBlock(dense, META).zoneMap)
        const back = decodeBlock(enc.bytes).batch
        expect(comparable(batchToEvents(back))).toEqual(comparable(events))
        expect(computeZoneMap(back)).toEqual(enc.zoneMap)
        expect(back.columns.map((c) => c.positions)).toEqual(batch.columns.map((c) => c.positions))
        if (!anySparse) expect(enc.bytes).toEqual(encodeBlock(dense, META).bytes)
      }),
      { seed, numRuns: 200, interruptAfterTimeLimit: 20_000 },
    )
    expect(sparseSeen).toBeGreaterThan(0)
  })

  it('come out of WAL chunks (assembleBatch) exactly as buildBatch lays them out', () => {
    fc.assert(
      fc.property(eventsArb, fc.integer({ min: 1, max: 200 }), fc.nat(), (events, size, x) => {
        const from = x % Math.max(1, events.length - 64)
        const b = new ChunkBuilder({ receiveTime: 0n, sysTime: 0n }, size)
        for (const e of events) b.addFlat(e)
        const payloads = encodeWalChunks(100, b.finish())
        const got = assembleBatch(rangesInPayloads(payloads, 100 + from, events.length - from))
        const want = buildBatch(events.slice(from))
        expect(got.columns.map((c) => [c.field, c.type, c.positions])).toEqual(
          want.columns.map((c) => [c.field, c.type, c.positions]),
        )
        expect(comparable(batchToEvents(got))).toEqual(comparable(events.slice(from)))
        expect(computeZoneMap(got)).toEqual(computeZoneMap(want))
        expect(encodeBlock(got, META).bytes).toEqual(encodeBlock(want, META).bytes)
      }),
      { seed, numRuns: 100, interruptAfterTimeLimit: 15_000 },
    )
  })

  it('are built in O(values): 1,024 fields over 65,536 rows, one field per event', () => {
    const n = 65_536
    const events: FlatEvent[] = []
    for (let r = 0; r < n; r++) events.push(ev(r, { [`f${r % 1024}`]: r }))
    const batch = buildBatch(events)
    expect(batch.columns.length).toBe(2 + 1024)
    let cells = 0
    for (const c of batch.columns.slice(2)) {
      expect(c.positions?.length).toBe(64)
      cells += c.vector.length
    }
    expect(cells).toBe(n)
    const enc = encodeBlock(batch, META)
    expect(enc.header.formatVersion).toBe(2)
    expect(enc.zoneMap.columns[2]).toMatchObject({
      nullCount: n - 64,
      min: '0',
      max: String(1024 * 63),
      first: 0,
      sum: [1024 * ((63 * 64) / 2)],
    })
    const back = decodeBlock(enc.bytes, ['f5']).batch
    expect(columnValue(back.columns[0], 1029)).toBe(1029)
    expect(columnValue(back.columns[0], 1030)).toBeNull()
  })

  it('record the exact sum of sparse number columns, as dense columns do (rule zone-totals reads it)', () => {
    const events: FlatEvent[] = []
    for (let r = 0; r < 256; r++) {
      const fields: Record<string, FlatValue> = { d: r }
      if (r % 32 === 0 && r < 224) fields.x = r / 32 + 0.25
      else if (r % 32 === 5) fields.x = r
      events.push(ev(r, fields))
    }
    const batch = buildBatch(events)
    const xs = batch.columns.filter((c) => c.field === 'x')
    expect(xs.map((c) => [c.type, c.positions?.length])).toEqual([
      ['integer', 8],
      ['float', 7],
    ])
    const zm = computeZoneMap(batch)
    const sums = zm.columns.filter((c) => c.field === 'x').map((c) => c.sum)
    // integer rows 5, 37, …, 229; float values 0.25, 1.25, …, 6.25 (a fractional sum: recorded).
    expect(sums).toEqual([[8 * 5 + 32 * 28], [21 + 7 * 0.25]])
    expect(zm).toEqual(computeZoneMap(densified(batch)))
  })

  it('refuse positions that do not ascend within the block, writing and reading', () => {
    const events: FlatEvent[] = []
    for (let r = 0; r < 128; r++) events.push(ev(r, r % 16 === 0 ? { s: r } : { d: r }))
    const batch = buildBatch(events)
    const col = batch.columns.find((c) => c.field === 's') as BlockColumn
    expect(col.positions).toEqual(Int32Array.from([0, 16, 32, 48, 64, 80, 96, 112]))
    const withPositions = (p: number[]): BlockBatch => ({
      rowCount: batch.rowCount,
      columns: batch.columns.map((c) => (c === col ? { ...c, positions: Int32Array.from(p) } : c)),
    })
    expect(() => encodeBlock(withPositions([0, 16, 16, 48, 64, 80, 96, 112]), META)).toThrow(
      /positions must ascend/,
    )
    expect(() => encodeBlock(withPositions([0, 16, 32, 48, 64, 80, 96, 128]), META)).toThrow(
      /positions must ascend/,
    )
    // A chunk written past that check (a corrupt file): the reader refuses it as corrupt.
    for (const bad of [
      [0, 16, 8, 48, 64, 80, 96, 112],
      [0, 16, 32, 48, 64, 80, 96, 999],
      [-1, 16, 32, 48, 64, 80, 96, 112],
    ]) {
      const schema = new arrow.Schema([
        new arrow.Field('positions', new arrow.Int32(), false),
        new arrow.Field('s', new arrow.Int64(), true),
      ])
      const struct = arrow.makeData({
        type: new arrow.Struct(schema.fields),
        length: 8,
        nullCount: 0,
        children: [
          arrow.makeData({ type: new arrow.Int32(), length: 8, nullCount: 0, data: Int32Array.from(bad) }),
          col.vector.data[0],
        ],
      })
      const ipc = arrow.tableToIPC(new arrow.Table(new arrow.RecordBatch(schema, struct)), 'stream')
      const chunk = new Uint8Array(compressSync(Buffer.from(ipc)))
      const entry = {
        field: 's',
        type: 'integer' as const,
        offset: 0,
        length: chunk.length,
        rawLen: ipc.length,
        crc32: crc32(chunk),
        sparse: true as const,
      }
      let err: unknown
      try {
        decodeColumnChunk(chunk, entry, 128, 'b1')
      } catch (e) {
        err = e
      }
      expect(err).toBeInstanceOf(BlockCorruptError)
      expect((err as Error).message).toMatch(/positions do not ascend/)
      // The same chunk read as dense has the wrong Arrow layout.
      expect(() => decodeColumnChunk(chunk, { ...entry, sparse: undefined }, 128, 'b1')).toThrow(
        BlockCorruptError,
      )
    }
  })
})
