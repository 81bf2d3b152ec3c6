// test/cli/record-chunks.test.ts: cutting an input into chunks of whole records never changes what
// the store parses: the events of all chunks equal the events of the whole input, for NDJSON and for
// CSV with quoted delimiters, quotes and line breaks, whatever the read sizes and the chunk target.

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { recordChunks } from '../../src/cli/record-chunks.ts'
import { parseInput } from '../../src/storage/ingest/parse-input.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`record-chunks seed=${seed}`)

/** `bytes` delivered in pieces of the given sizes (cycled). */
async function* pieces(bytes: Uint8Array, sizes: readonly number[]): AsyncGenerator<Uint8Array> {
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const n = sizes[i % sizes.length]
    yield bytes.subarray(at, at + n)
    at += n
  }
}

async function chunksOf(
  text: string,
  sizes: readonly number[],
  targetBytes: number,
  csv: boolean,
  maxRecords = 1e9,
) {
  const out: Uint8Array[] = []
  const opts = { targetBytes, maxRecords, csv, csvHeader: csv }
  for await (const c of recordChunks(pieces(Buffer.from(text), sizes), opts)) {
    out.push(c)
  }
  return out
}

const events = (text: string | Uint8Array, csv: boolean) =>
  parseInput(text, { format: csv ? 'csv' : undefined }).events

const cellArb = fc.oneof(
  fc.constantFrom('', 'plain', '42', 'ünïcode 日本', 'true'),
  fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ', 'é'), maxLength: 8 }),
)
const quoted = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s)
const csvArb = fc
  .record({
    rows: fc.array(fc.array(cellArb, { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 30 }),
    eol: fc.constantFrom('\n', '\r\n'),
  })
  .map(({ rows, eol }) => `a,b,c${eol}${rows.map((r) => r.map(quoted).join(',')).join(eol)}${eol}`)

const ndjsonArb = fc
  .array(fc.dictionary(fc.constantFrom('a', 'b', 'msg'), fc.oneof(fc.string(), fc.integer(), fc.boolean())), {
    minLength: 1,
    maxLength: 40,
  })
  .map((objs) => objs.map((o) => JSON.stringify(o)).join('\n'))

const sizesArb = fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 5 })
const targetArb = fc.integer({ min: 1, max: 200 })
const maxRecordsArb = fc.integer({ min: 1, max: 12 })
const params = { seed, numRuns: 150, interruptAfterTimeLimit: 20_000 }

describe('recordChunks', () => {
  it('CSV: chunk events equal whole-input events; the header is repeated', async () => {
    await fc.assert(
      fc.asyncProperty(
        csvArb,
        sizesArb,
        targetArb,
        maxRecordsArb,
        async (text, sizes, target, maxRecords) => {
          const chunks = await chunksOf(text, sizes, target, true, maxRecords)
          for (const c of chunks) expect(Buffer.from(c).toString('utf8').startsWith('a,b,c')).toBe(true)
          const parsed = chunks.map((c) => events(c, true))
          expect(parsed.flat()).toEqual(events(text, true))
          // The header row counts as a record of the first chunk only.
          parsed.forEach((p, i) => {
            expect(p.length).toBeLessThanOrEqual(i === 0 ? maxRecords - 1 : maxRecords)
          })
        },
      ),
      params,
    )
  })

  it('NDJSON: chunk events equal whole-input events', async () => {
    await fc.assert(
      fc.asyncProperty(
        ndjsonArb,
        sizesArb,
        targetArb,
        maxRecordsArb,
        async (text, sizes, target, maxRecords) => {
          const chunks = await chunksOf(text, sizes, target, false, maxRecords)
          const parsed = chunks.map((c) => events(c, false))
          expect(parsed.flat()).toEqual(events(text, false))
          for (const p of parsed) expect(p.length).toBeLessThanOrEqual(maxRecords)
          // Every chunk but the last ends at a line break: no record is split.
          for (const c of chunks.slice(0, -1)) expect(c[c.length - 1]).toBe(0x0a)
        },
      ),
      params,
    )
  })

  it('cuts a large input into several chunks near the target size', async () => {
    const text = Array.from({ length: 1000 }, (_, i) => JSON.stringify({ i, pad: 'x'.repeat(90) })).join('\n')
    const chunks = await chunksOf(text, [4096], 10_000, false)
    expect(chunks.length).toBeGreaterThan(8)
    for (const c of chunks.slice(0, -1)) {
      expect(c.length).toBeGreaterThanOrEqual(10_000 - 4096)
      expect(c.length).toBeLessThan(10_000 + 4096)
    }
  })

  it('cuts at the record cap even when the byte target is far away', async () => {
    const text = Array.from({ length: 25 }, (_, i) => JSON.stringify({ i })).join('\n')
    const chunks = await chunksOf(text, [1000], 1 << 20, false, 10)
    expect(chunks.map((c) => events(c, false).length)).toEqual([10, 10, 5])
  })

  it('keeps a quoted line break inside one chunk', async () => {
    const text = 'a,b\n1,"x\ny"\n2,z\n'
    const chunks = await chunksOf(text, [1], 1, true)
    expect(chunks.map((c) => Buffer.from(c).toString())).toEqual(['a,b\n', 'a,b\n1,"x\ny"\n', 'a,b\n2,z\n'])
  })
})
