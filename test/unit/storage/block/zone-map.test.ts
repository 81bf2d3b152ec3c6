// Zone maps: statistics per type, the values/bloom switch, and pruning that is never wrong (a value
// present in the block is never pruned, even after a JSON round trip through the manifest).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  bloomCreate,
  bloomCreateUtf8,
  bloomDecode,
  bloomMayContain,
  bloomSizedFor,
} from '../../../../src/storage/block/bloom.ts'
import {
  buildBatch,
  computeZoneMap,
  decodeBlock,
  encodeBlock,
  type ZoneColumn,
  zoneMayEqual,
  zoneMayHavePrefix,
} from '../../../../src/storage/block/index.ts'
import { prefixSuccessor } from '../../../../src/storage/block/string-bounds.ts'
import {
  ZONE_STRING_BOUND_CHARS,
  ZONE_VALUES_MAX_BYTES,
  ZONE_VALUES_MAX_COUNT,
} from '../../../../src/storage/block/zone-map.ts'
import { fnv1aUtf8 } from '../../../../src/util/hash32.ts'
import { ev } from './helpers.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`zone-map seed=${seed}`)

const zoneOf = (values: readonly string[]): ZoneColumn => {
  const zm = computeZoneMap(buildBatch(values.map((s, i) => ev(i, { s }))))
  return JSON.parse(JSON.stringify(zm.columns[2])) // as the manifest hands it back
}

describe('computeZoneMap statistics', () => {
  const events = [
    ev(30, { i: 5, f: 2.5, b: true, s: 'm', a: [1] }),
    ev(10, { i: -(2n ** 63n), f: -0 }),
    ev(20, { i: 2n ** 63n - 1n, f: -7.25, s: 'c' }),
    ev(25, {}),
  ]
  const zm = computeZoneMap(buildBatch(events))
  const col = (field: string) => zm.columns.find((c) => c.field === field)

  it('records row count, time bounds and per-column min/max/nullCount', () => {
    expect(zm.rowCount).toBe(4)
    expect([zm.minTime, zm.maxTime]).toEqual(['10', '30'])
    expect(zm.columns[1]).toEqual({ field: '_sysTime', type: 'datetime', nullCount: 0, min: '11', max: '31' })
    expect(col('i')).toEqual({
      field: 'i',
      type: 'integer',
      nullCount: 1,
      min: '-9223372036854775808',
      max: '9223372036854775807',
      first: 0,
      firstAbsent: 3,
    })
    expect(col('f')).toEqual({
      field: 'f',
      type: 'float',
      nullCount: 1,
      min: -7.25,
      max: 2.5,
      first: 0,
      firstAbsent: 3,
      sum: [-4.75],
    })
    expect(col('b')).toEqual({
      field: 'b',
      type: 'boolean',
      nullCount: 3,
      min: 1,
      max: 1,
      first: 0,
      firstAbsent: 1,
    })
    expect(col('s')).toEqual({
      field: 's',
      type: 'string',
      nullCount: 2,
      min: 'c',
      max: 'm',
      values: ['c', 'm'],
      counts: [1, 1],
      firsts: [2, 0],
      firstAbsent: 1,
    })
    expect(col('a')).toEqual({ field: 'a', type: 'array', nullCount: 3, firstAbsent: 1 })
  })

  it('compares int64 values across the 32-bit word boundary correctly', () => {
    const values = [2 ** 32, 2 ** 32 - 1, -1, -(2 ** 32), 0, 2 ** 40 + 3]
    const z = computeZoneMap(buildBatch(values.map((v, i) => ev(i, { n: v })))).columns[2]
    expect([z.min, z.max]).toEqual([String(-(2 ** 32)), String(2 ** 40 + 3)])
  })

  it('omits float bounds that JSON cannot carry', () => {
    const z = computeZoneMap(buildBatch([ev(1, { f: 1.5 }), ev(2, { f: Number.POSITIVE_INFINITY })]))
      .columns[2]
    expect(z).toEqual({ field: 'f', type: 'float', nullCount: 0, first: 0 })
  })

  it('is the same for the decoded batch', () => {
    const enc = encodeBlock(buildBatch(events), { blockId: 'b1', dataset: 'd', firstSeq: 0 })
    expect(computeZoneMap(decodeBlock(enc.bytes).batch)).toEqual(enc.zoneMap)
    expect(enc.zoneMap).toEqual(zm)
  })

  it('handles an empty block', () => {
    expect(computeZoneMap(buildBatch([]))).toEqual({
      rowCount: 0,
      minTime: '0',
      maxTime: '0',
      columns: [
        { field: '_time', type: 'datetime', nullCount: 0 },
        { field: '_sysTime', type: 'datetime', nullCount: 0 },
      ],
    })
  })
})

describe('string values vs bloom', () => {
  const many = (n: number, width = 1) =>
    Array.from({ length: n }, (_, i) => `v${String(i).padStart(width, '0')}`)

  it(`keeps up to ${ZONE_VALUES_MAX_COUNT} distinct values, sorted`, () => {
    const z = zoneOf([...many(ZONE_VALUES_MAX_COUNT, 3)].reverse())
    expect(z.values).toEqual(many(ZONE_VALUES_MAX_COUNT, 3))
    expect(z.bloom).toBeUndefined()
  })

  it('switches to a bloom filter plus bounds above the count limit', () => {
    const z = zoneOf(many(ZONE_VALUES_MAX_COUNT + 1, 3))
    expect(z.values).toBeUndefined()
    expect(typeof z.bloom).toBe('string')
    expect([z.min, z.max]).toEqual(['v000', `v${ZONE_VALUES_MAX_COUNT}`])
  })

  it('switches to a bloom filter above the byte limit', () => {
    const big = Array.from({ length: 100 }, (_, i) => `${i}:${'x'.repeat(ZONE_VALUES_MAX_BYTES / 90)}`)
    expect(zoneOf(big).values).toBeUndefined()
    expect(zoneOf(big.slice(0, 80)).values).toHaveLength(80)
  })

  it('cuts long min/max to bounds that still enclose every value', () => {
    const long = ['a'.repeat(200), `b${'z'.repeat(100)}`, `b${'z'.repeat(99)}\uffff`]
    const z = zoneOf(long)
    expect((z.min as string).length).toBeLessThanOrEqual(ZONE_STRING_BOUND_CHARS)
    expect((z.max as string).length).toBeLessThanOrEqual(ZONE_STRING_BOUND_CHARS)
    for (const v of long) expect(v >= (z.min as string) && v <= (z.max as string)).toBe(true)
  })

  it('prunes absent values: exactly with a values list, ~1% false positives with a bloom', () => {
    const small = zoneOf(['GET', 'POST'])
    expect(zoneMayEqual(small, 'PUT')).toBe(false)
    expect(zoneMayHavePrefix(small, 'PO')).toBe(true)
    expect(zoneMayHavePrefix(small, 'PU')).toBe(false)
    const big = zoneOf(many(5000, 5))
    let hits = 0
    for (let i = 0; i < 20_000; i++) if (zoneMayEqual(big, `v${String(i).padStart(5, '0')}x`)) hits++
    console.log(`bloom false positives ${hits}/20000 at n=5000`)
    expect(hits / 20_000).toBeLessThan(0.02)
    expect(zoneMayEqual(big, 'a')).toBe(false) // below min
    expect(zoneMayHavePrefix(big, 'w')).toBe(false) // above max
    expect(zoneMayHavePrefix(big, 'u')).toBe(false)
    expect(zoneMayHavePrefix(big, 'v04')).toBe(true)
  })

  it('never prunes non-string columns or the empty prefix', () => {
    const z: ZoneColumn = { field: 'n', type: 'integer', nullCount: 0, min: '1', max: '2' }
    expect(zoneMayEqual(z, 'x')).toBe(true)
    expect(zoneMayHavePrefix(z, 'x')).toBe(true)
    expect(zoneMayHavePrefix(zoneOf(['a']), '')).toBe(true)
  })
})

describe('pruning is never wrong (property)', () => {
  const str = fc.oneof(
    fc.string({ maxLength: 8, unit: fc.constantFrom('a', 'b', 'z', '\uffff', 'é', '😀') }),
    fc.string({ maxLength: 100, unit: 'grapheme' }),
    fc.string({ minLength: 60, maxLength: 90, unit: fc.constantFrom('a', 'b', '\uffff') }),
  )
  const sets = fc.oneof(
    fc.array(str, { minLength: 1, maxLength: 40 }),
    fc.array(str, { minLength: 260, maxLength: 700 }), // forces the bloom path
    // bloom path with a shared lead, so min/max bounds (not just the bloom) decide prefixes
    fc
      .tuple(str, fc.array(str, { minLength: 260, maxLength: 500 }))
      .map(([lead, xs]) => xs.map((x) => lead + x)),
  )

  it('a value present in the block is never pruned by equality or by any of its prefixes', () => {
    fc.assert(
      fc.property(sets, (values) => {
        const z = zoneOf(values)
        for (const v of values) {
          if (!zoneMayEqual(z, v)) return false
          for (let k = 0; k <= Math.min(v.length, 70); k++)
            if (!zoneMayHavePrefix(z, v.slice(0, k))) return false
        }
        return true
      }),
      { seed, numRuns: 150, interruptAfterTimeLimit: 8000 },
    )
  })
})

describe('string value counts', () => {
  // Rows of a string field, some missing (null) and some of another type (an integer column).
  const cell = fc.oneof(
    fc.constantFrom('a', 'b', 'é', '', 'zz'),
    fc.string({ maxLength: 4 }),
    fc.constant(undefined),
    fc.integer({ min: 0, max: 3 }),
  )

  it('counts the rows and first row of each listed value, and the first row without the field', () => {
    fc.assert(
      fc.property(fc.array(cell, { minLength: 1, maxLength: 300 }), (cells) => {
        const events = cells.map((v, i) => ev(i, v === undefined ? {} : { s: v }))
        const built = buildBatch(events)
        const decoded = decodeBlock(
          encodeBlock(built, { blockId: 'b', dataset: 'd', firstSeq: 0 }).bytes,
        ).batch
        const want = new Map<string, number>()
        const firstRow = new Map<string, number>()
        cells.forEach((v, row) => {
          if (typeof v !== 'string') return
          want.set(v, (want.get(v) ?? 0) + 1)
          if (!firstRow.has(v)) firstRow.set(v, row)
        })
        const absent = cells.indexOf(undefined)
        for (const batch of [built, decoded]) {
          const z = computeZoneMap(batch).columns.find((c) => c.field === 's' && c.type === 'string')
          if (want.size === 0) {
            if (z !== undefined) return false
            continue
          }
          if (!z?.values || !z.counts || z.counts.length !== z.values.length) return false
          if (z.values.some((v, i) => want.get(v) !== z.counts?.[i])) return false
          if (z.values.some((v, i) => firstRow.get(v) !== z.firsts?.[i])) return false
          if (z.values.length !== want.size) return false
          if ((z.firstAbsent ?? -1) !== absent) return false
        }
        return true
      }),
      { seed, numRuns: 200, interruptAfterTimeLimit: 8000 },
    )
  })
})

describe('bloom hash', () => {
  const reference = (s: string) => {
    let h = 0x811c9dc5
    for (const b of Buffer.from(s, 'utf8')) h = Math.imul(h ^ b, 0x01000193)
    return h >>> 0
  }

  it('is FNV-1a 32 over the UTF-8 bytes (lone surrogates as U+FFFD, as Buffer encodes them)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 30 }), (s) => fnv1aUtf8(s) === reference(s)),
      { seed, numRuns: 500 },
    )
    expect(fnv1aUtf8('')).toBe(0x811c9dc5)
    expect(fnv1aUtf8('a')).toBe(0xe40c292c) // published FNV-1a test vector
  })

  it('stores k in byte 0 and has no false negatives', () => {
    const values = Array.from({ length: 1000 }, (_, i) => `k${i}`)
    const bytes = bloomDecode(bloomCreate(values))!
    expect(bytes[0]).toBe(7)
    expect(values.every((v) => bloomMayContain(bytes, v))).toBe(true)
    expect(bloomDecode('')).toBeUndefined()
  })

  it('tells how many distinct values a filter was sized for, from its serialized length', () => {
    for (const n of [7, 100, 513, 1000, 65_536]) {
      const sized = bloomSizedFor(bloomCreate(Array.from({ length: n }, (_, i) => `v${i}`)))
      // Bits are rounded up to whole bytes: at most one byte's worth (under one value) above n.
      expect(sized, `n=${n}`).toBeGreaterThanOrEqual(n)
      expect(sized, `n=${n}`).toBeLessThanOrEqual(n + 1)
    }
    // Tiny filters have a floor of 64 bits: sized for 6 values whatever they hold.
    expect(bloomSizedFor(bloomCreate(['a']))).toBe(6)
  })

  it('gives the same filter from the UTF-8 buffer of a dictionary as from its strings', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'grapheme', maxLength: 8 }), { maxLength: 300 }), (values) => {
        const wf = values.map((v) => v.toWellFormed())
        const utf8 = wf.map((v) => Buffer.from(v, 'utf8'))
        const offsets = new Int32Array(wf.length + 1)
        utf8.forEach((b, i) => {
          offsets[i + 1] = offsets[i] + b.length
        })
        const bytes = new Uint8Array(Buffer.concat(utf8))
        expect(bloomCreateUtf8(bytes, offsets, wf.length)).toBe(bloomCreate(wf))
      }),
      { seed, numRuns: 200 },
    )
  })

  it('prefixSuccessor bounds every string with the prefix', () => {
    expect(prefixSuccessor('ab')).toBe('ac')
    expect(prefixSuccessor('a\uffff\uffff')).toBe('b')
    expect(prefixSuccessor('\uffff')).toBeUndefined()
  })
})

describe('zone map sums', () => {
  const sumOf = (values: readonly (number | bigint | undefined)[], field = 'v') => {
    const zm = computeZoneMap(buildBatch(values.map((v, i) => ev(i, v === undefined ? {} : { [field]: v }))))
    const zc = JSON.parse(JSON.stringify(zm.columns.find((c) => c.field === field) ?? {})) as ZoneColumn
    return zc.sum
  }
  /** The exact sum of partials scaled by 2^11 (inputs are multiples of 2^-11), as a bigint. */
  const scaled = (xs: readonly number[]) => xs.reduce((a, x) => a + BigInt(x * 2048), 0n)

  it('equal the exact sum of the rows, integers and floats, in any order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), { nil: undefined }), {
          minLength: 1,
        }),
        fc.array(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), { minLength: 1 }),
        (ints, frac) => {
          const present = ints.filter((v) => v !== undefined)
          if (present.length === 0) return
          const got = sumOf(ints)
          expect(got).toBeDefined()
          expect(scaled(got ?? [])).toBe(present.reduce((a, v) => a + BigInt(v), 0n) * 2048n)
          const floats = frac.map((k) => (2 * k + 1) / 2048)
          const fsum = sumOf(floats)
          const want = frac.reduce((a, k) => a + BigInt(2 * k + 1), 0n)
          // Fractional values whose total is whole have no sum (the case below): about 1 in 1,024
          // arrays of an even length.
          if (want % 2048n === 0n) expect(fsum).toBeUndefined()
          else {
            expect(fsum).toBeDefined()
            expect(scaled(fsum ?? [])).toBe(want)
          }
        },
      ),
      { seed, numRuns: 200, interruptAfterTimeLimit: 10_000 },
    )
  }, 30_000)

  it('are left out when a scan could not reproduce them', () => {
    expect(sumOf([1, 2, 3])).toEqual([6])
    expect(sumOf([1, 2n ** 53n + 2n])).toBeUndefined() // past 2^53 the scan reads exact cells
    expect(sumOf([1.5, Number.POSITIVE_INFINITY])).toBeUndefined()
    expect(sumOf([1.5, Number.NaN])).toBeUndefined()
    expect(sumOf([0.5, 0.5, 1.25, 0.75])).toBeUndefined() // fractional values, integral partials
    expect(sumOf([0.5, 0.25])).toEqual([0.75])
    expect(sumOf([1.7e308, 1.7e308])).toBeUndefined() // overflow
    expect(sumOf([1e16, 1, -1e16])).toEqual([1])
  })
})
