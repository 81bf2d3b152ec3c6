// Unit tests: the shared cell helpers (per-type conversion, copy-on-write columns, composite type names),
// the bigint-safe serializer, and the wire status object with the Go message enums.
import { describe, expect, it } from 'vitest'
import {
  FormatError,
  isGoMessageCode,
  stringifyWire,
  toWireStatus,
  wireCell,
  wireColumn,
  wireFieldType,
  wireNumber,
} from '../../../src/wire/index.ts'
import { ns, status } from './fixtures.ts'

describe('wireCell / wireColumn', () => {
  it('converts by column type', () => {
    expect(wireCell('datetime', ns('1969-12-31T23:59:59.9Z'))).toBe('1969-12-31T23:59:59.9Z')
    expect(wireCell('timespan', 90_000_000_000n)).toBe('1m30s')
    expect(wireCell('timespan', 0n)).toBe('0s')
    expect(wireCell('long', 2n ** 53n)).toBe(2n ** 53n)
    expect(wireCell('long', 2n ** 53n - 1n)).toBe(2 ** 53 - 1)
    expect(wireCell('real', Number.NEGATIVE_INFINITY)).toBeNull()
    expect(wireCell('real', -0)).toBe(-0)
    expect(wireCell('unknown', Number.NaN)).toBeNull()
    expect(wireCell('unknown', 5n)).toBe(5)
    for (const t of [
      'bool',
      'long',
      'real',
      'string',
      'datetime',
      'timespan',
      'dynamic',
      'unknown',
    ] as const) {
      expect(wireCell(t, null)).toBeNull()
    }
  })

  it('returns the same array when nothing changes, a copy otherwise', () => {
    const strings = ['a', null, 'b']
    const reals = [1.5, 2, null]
    const longs = [1, 2n ** 60n, null]
    expect(wireColumn('string', strings)).toBe(strings)
    expect(wireColumn('real', reals)).toBe(reals)
    expect(wireColumn('long', longs)).toBe(longs)
    const withNaN = [1, 2, Number.NaN, 3]
    const out = wireColumn('real', withNaN)
    expect(out).not.toBe(withNaN)
    expect(out).toEqual([1, 2, null, 3])
    expect(withNaN[2]).toBeNaN()
    expect(wireColumn('datetime', [0n, null])).toEqual(['1970-01-01T00:00:00Z', null])
  })

  it('names the type of an unknown column after its cells', () => {
    const f = { name: 'x', type: 'unknown' as const }
    expect(wireFieldType(f, ['a', 1, 1.5, true, [1]])).toBe('string|integer|float|boolean|array')
    expect(wireFieldType(f, [1, 2])).toBe('integer')
    expect(wireFieldType(f, [-0])).toBe('float')
    expect(wireFieldType(f, [])).toBe('unknown')
    expect(wireFieldType({ name: 'y', type: 'dynamic' }, [])).toBe('array')
  })

  it('wireNumber keeps exactly the unsafe integers as bigint', () => {
    expect(wireNumber(-(2n ** 53n) + 1n)).toBe(-(2 ** 53) + 1)
    expect(wireNumber(-(2n ** 53n))).toBe(-(2n ** 53n))
  })
})

describe('stringifyWire', () => {
  it('writes bigints as digits anywhere, and matches JSON.stringify otherwise', () => {
    expect(stringifyWire({ a: [1n, { b: -99999999999999999999n }], c: 'x' })).toBe(
      '{"a":[1,{"b":-99999999999999999999}],"c":"x"}',
    )
    const plain = { a: [1, null, 'x', { b: true }], n: Number.NaN }
    expect(stringifyWire(plain)).toBe(JSON.stringify(plain))
  })

  it('still writes digits when a library has set BigInt.prototype.toJSON (as @axiomhq/js does)', () => {
    const proto = BigInt.prototype as { toJSON?: () => string }
    const before = proto.toJSON
    proto.toJSON = function (this: bigint) {
      return this.toString()
    }
    try {
      expect(JSON.stringify({ a: 1n })).toBe('{"a":"1"}')
      expect(stringifyWire({ a: [2n ** 64n], b: 'x', c: 1n })).toBe(
        '{"a":[18446744073709551616],"b":"x","c":1}',
      )
    } finally {
      if (before === undefined) delete proto.toJSON
      else proto.toJSON = before
    }
  })

  it('rethrows other serialization errors', () => {
    const loop: Record<string, unknown> = {}
    loop.self = loop
    expect(() => stringifyWire(loop)).toThrow(/circular/i)
  })
})

describe('toWireStatus', () => {
  it('emits the §1.5 keys: integer µs, counts, cacheStatus 1, RFC3339 block times', () => {
    const s = toWireStatus(status({ elapsedTime: 1234.6, rowsExamined: -1, numGroups: 2.9 }))
    expect(s).toEqual({
      elapsedTime: 1235,
      blocksExamined: 2672,
      rowsExamined: 0,
      rowsMatched: 167932295,
      numGroups: 2,
      isPartial: false,
      isEstimate: false,
      cacheStatus: 1,
      minBlockTime: '2021-11-29T18:55:53.248Z',
      maxBlockTime: '2024-08-15T10:09:06.396Z',
      messages: [],
    })
    expect(Number.isInteger(toWireStatus(status({ elapsedTime: Number.NaN })).elapsedTime)).toBe(true)
  })

  it('sends cursors only when given, and never an empty block time', () => {
    const s = toWireStatus(status({ minBlockTime: undefined }), { minCursor: 'a', maxCursor: 'b' })
    expect(s.minCursor).toBe('a')
    expect(s.maxCursor).toBe('b')
    expect(s).not.toHaveProperty('minBlockTime')
    expect(toWireStatus(status())).not.toHaveProperty('minCursor')
  })

  it('accepts only Go message codes and priorities', () => {
    expect(isGoMessageCode('apl_x_1')).toBe(true)
    expect(isGoMessageCode('missing_column')).toBe(true)
    expect(isGoMessageCode('')).toBe(true)
    expect(isGoMessageCode('APL_x')).toBe(false)
    const bad = (m: object) => () =>
      toWireStatus(
        status({ messages: [{ priority: 'warn', code: 'apl_a', count: 1, msg: '', ...m } as never] }),
      )
    expect(bad({})).not.toThrow()
    expect(bad({ code: 'made_up' })).toThrow(FormatError)
    expect(bad({ priority: 'warning' })).toThrowError(/priority 'warning'/)
  })
})
