// test/unit/storage/ingest/timestamp-parts.test.ts: the BigInt-free timestamp path of ingest
// (readTimestampParts and util/time/ns-parts.ts) agrees exactly with the bigint path
// (readTimestamp): same instants, same errors, over every value shape and the int64 edges.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readTimestamp } from '../../../../src/storage/ingest/index.ts'
import { readTimestampParts } from '../../../../src/storage/ingest/timestamp.ts'
import {
  bigintToParts,
  formatRfc3339Nano,
  MAX_INT64_NS,
  MIN_INT64_NS,
  type NsParts,
  parseRfc3339Parts,
  partsInInt64,
  partsToBigint,
  writeParts,
} from '../../../../src/util/time/index.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`timestamp-parts seed=${seed}`)

const int64 = fc.bigInt({ min: MIN_INT64_NS, max: MAX_INT64_NS })
const edges = fc.constantFrom(
  MIN_INT64_NS,
  MIN_INT64_NS + 1n,
  -1n,
  0n,
  1n,
  999_999n,
  MAX_INT64_NS - 1n,
  MAX_INT64_NS,
)

/** The bigint path's answer and the parts path's, in one comparable shape. */
function both(v: unknown, format?: string): { want: unknown; got: unknown } {
  const res = readTimestamp(v, '_time', format)
  const out: NsParts = { ms: Number.NaN, sub: Number.NaN }
  const error = readTimestampParts(v, '_time', format, out)
  // The parts invariant holds on success (writeParts and the range check rely on it).
  if (error === undefined) expect(Number.isInteger(out.ms) && out.sub >= 0 && out.sub < 1_000_000).toBe(true)
  return {
    want: res.ok ? { ns: res.ns } : { error: res.error },
    got: error === undefined ? { ns: partsToBigint(out.ms, out.sub) } : { error },
  }
}

describe('ns parts', () => {
  it('round-trip every int64 instant through parts, bigint and Int32 words', () => {
    fc.assert(
      fc.property(fc.oneof(int64, edges), (ns) => {
        const p: NsParts = { ms: 0, sub: 0 }
        bigintToParts(ns, p)
        expect(Number.isInteger(p.ms) && p.sub >= 0 && p.sub < 1_000_000).toBe(true)
        expect(partsToBigint(p.ms, p.sub)).toBe(ns)
        expect(partsInInt64(p.ms, p.sub)).toBe(true)
        const cells = new BigInt64Array(3)
        writeParts(new Int32Array(cells.buffer), 1, p.ms, p.sub)
        expect(cells[1]).toBe(ns)
        expect(cells[0]).toBe(0n)
        expect(cells[2]).toBe(0n)
      }),
      { seed, numRuns: 2000, interruptAfterTimeLimit: 10_000 },
    )
  })

  it('tells instants just outside int64 apart', () => {
    const p: NsParts = { ms: 0, sub: 0 }
    for (const ns of [MIN_INT64_NS - 1n, MAX_INT64_NS + 1n, MAX_INT64_NS * 3n, -(MAX_INT64_NS * 3n)]) {
      bigintToParts(ns, p)
      expect(partsInInt64(p.ms, p.sub)).toBe(false)
    }
  })
})

describe('readTimestampParts', () => {
  it('agrees with readTimestamp on RFC 3339 text, in any zone and precision', () => {
    const offset = fc.constantFrom('Z', 'z', '+02:00', '-04:30', '+0530', '-07', '')
    fc.assert(
      fc.property(
        fc.bigInt({ min: -62_135_596_800_000_000_000n, max: 253_402_300_799_999_999_999n }),
        offset,
        fc.integer({ min: 0, max: 9 }),
        (ns, zone, digits) => {
          // formatRfc3339Nano writes UTC with up to 9 digits: reshape the tail into other forms.
          const text = formatRfc3339Nano(ns).replace(/(\.\d+)?Z$/, (_m, frac: string | undefined) => {
            const f = (frac ?? '.').slice(1).padEnd(9, '0').slice(0, digits)
            return (f ? `.${f}` : '') + zone
          })
          const { want, got } = both(text)
          expect(got).toEqual(want)
        },
      ),
      { seed, numRuns: 2000, interruptAfterTimeLimit: 10_000 },
    )
  })

  it('agrees with readTimestamp on numbers, bigints, Dates and junk', () => {
    const value = fc.oneof(
      fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }),
      fc.double(),
      fc.constantFrom(1e11, 1e11 - 1, 1e14, 1e14 - 1, 1e17, 1e17 - 16, -1e14 - 1, -1, -0, 0.5, -1.5),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, 9.3e18, 9.2233720368547e18, -9.3e18),
      fc.bigInt({ min: -(2n ** 66n), max: 2n ** 66n }),
      fc.date({ noInvalidDate: false }),
      fc.constantFrom(
        '2024-02-29',
        '2023-02-29',
        'abcd-ef-ghT00:00:00Z',
        '1723900000.123',
        '1723900000123456789',
        '1.7e9',
        'Mon, 02 Jan 2006 15:04:05 MST',
        '2262-04-11T23:47:16.854775807Z',
        '2262-04-11T23:47:16.854775808Z',
        '1677-09-21T00:12:43.145224192Z',
        '1677-09-21T00:12:43.145224191Z',
        '',
        'not a time',
      ),
      fc.constantFrom(null, true, [1], { a: 1 }),
    )
    fc.assert(
      fc.property(value, (v) => {
        const { want, got } = both(v)
        expect(got).toEqual(want)
      }),
      { seed, numRuns: 3000, interruptAfterTimeLimit: 10_000 },
    )
  })

  it('agrees with readTimestamp under a Go layout', () => {
    for (const v of ['2024-08-14 22:26:25', '14/08/2024', '2024-08-14T22:26:25Z', 1_723_674_385]) {
      const { want, got } = both(v, '2006-01-02 15:04:05')
      expect(got).toEqual(want)
    }
  })
})

describe('parseRfc3339Parts', () => {
  it('never takes an unparsed date for the cached one', () => {
    const p: NsParts = { ms: 0, sub: 0 }
    expect(parseRfc3339Parts('abcd-ef-ghT00:00:00Z', p)).toBe(false)
    expect(parseRfc3339Parts('2024-02-29T00:00:00Z', p)).toBe(true)
    expect(parseRfc3339Parts('2024-02-29T00:00:01Z', p)).toBe(true)
    expect(p.ms).toBe(Date.UTC(2024, 1, 29, 0, 0, 1))
    expect(parseRfc3339Parts('2023-02-29T00:00:00Z', p)).toBe(false)
    expect(parseRfc3339Parts('2024-02-29T24:00:00Z', p)).toBe(false)
  })
})
