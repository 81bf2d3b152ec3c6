// Unit tests: the registry (every kind creatable, empty results as the catalog's onEmpty says, coverage
// of the catalog's aggregations, error codes) and the byte format (round trips; truncated, extended,
// mislabelled or bit-flipped bytes fail with AggStateError and nothing else).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { aggregateRegistry } from '../../../../src/catalog/aggregate-registry.ts'
import { ByteReader, ByteWriter } from '../../../../src/exec/agg/bytes.ts'
import { AggStateError } from '../../../../src/exec/agg/errors.ts'
import {
  AGG_STATES,
  type AggKind,
  type AggParams,
  createAggState,
  deserializeAggState,
  isAggKind,
} from '../../../../src/exec/agg/registry.ts'
import { readValue, writeValue } from '../../../../src/exec/agg/value-codec.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`agg-registry seed=${seed}`)

/** Minimal valid parameters per kind. */
const PARAMS: Partial<Record<AggKind, AggParams>> = {
  percentile: { percent: 50 },
  percentiles_array: { percents: [50, 99] },
  topk: { k: 3 },
  histogram: { bins: 4 },
  rate: { seconds: 60 },
  phrases: { maxPhrases: 5 },
  spotlight: {
    fields: [
      { name: 'a', kind: 'category' },
      { name: 'n', kind: 'number' },
      { name: 'd', kind: 'timespan' },
    ],
  },
}
const KINDS = Object.keys(AGG_STATES) as AggKind[]
const make = (kind: AggKind, extra: AggParams = {}) => createAggState(kind, { ...PARAMS[kind], ...extra })

/** A state of `kind` holding a bit of everything, past the exact range where there is one. */
function filled(kind: AggKind) {
  const s = make(kind, { exactLimit: 8 })
  for (let i = 0; i < 40; i++) s.add(i % 3 === 0 ? `s${i % 5}` : i % 7 === 0 ? 2n ** 60n + BigInt(i) : i / 2)
  s.add(true)
  s.add({ a: [1] })
  // spotlight takes whole rows: [selection, field values…].
  for (let i = 0; i < 40 && kind === 'spotlight'; i++) s.add([i % 3 === 0, `v${i % 4}`, i / 2, `${i}ms`])
  return s
}

describe('registry', () => {
  it('creates every kind; empty results follow the catalog (0, [], or null)', () => {
    const empty: Record<string, unknown> = {}
    for (const kind of KINDS) {
      const s = make(kind)
      expect(s.kind).toBe(kind)
      expect(s.isEstimate).toBe(false)
      empty[kind] = s.result()
    }
    for (const row of aggregateRegistry.rows) {
      if (!isAggKind(row.name)) continue
      const want = { zero: 0, emptyArray: [], null: null }[row.onEmpty]
      expect([row.name, empty[row.name]]).toEqual([row.name, want])
    }
  })

  it('covers every catalog aggregation (an *if form feeds its base state)', () => {
    const missing = aggregateRegistry.rows
      .filter(
        (r) =>
          !isAggKind(r.name) && !isAggKind(r.filtered?.base ?? '') && !isAggKind(r.name.replace(/_?if$/, '')),
      )
      .map((r) => r.name)
    expect(missing).toEqual([])
  })

  it('reports unknown kinds and bad parameters with stable codes', () => {
    expect(() => createAggState('median')).toThrow(expect.objectContaining({ code: 'AGG_UNKNOWN_KIND' }))
    expect(() => deserializeAggState('median', new Uint8Array(4))).toThrow(
      expect.objectContaining({ code: 'AGG_UNKNOWN_KIND' }),
    )
    expect(isAggKind('toString')).toBe(false)
    expect(() => createAggState('dcount', { precision: 3 })).toThrow(
      expect.objectContaining({ code: 'AGG_BAD_PARAM' }),
    )
    expect(() => createAggState('percentile', { percent: 5, compression: 5 })).toThrow(/compression/)
  })
})

describe('state bytes', () => {
  it('round-trip every kind to an equal result and equal bytes', () => {
    for (const kind of KINDS) {
      const s = filled(kind)
      const bytes = s.serialize()
      const back = deserializeAggState(kind, bytes)
      expect([kind, back.result()]).toEqual([kind, s.result()])
      expect(back.isEstimate).toBe(s.isEstimate)
      expect(deserializeAggState(kind, back.serialize()).result()).toEqual(s.result())
    }
  })

  it('refuse bytes of another kind, another version, truncated or with trailing bytes', () => {
    const bytes = filled('sum').serialize()
    const code = (f: () => unknown) => {
      try {
        f()
      } catch (e) {
        expect(e).toBeInstanceOf(AggStateError)
        return (e as AggStateError).code
      }
      return 'none'
    }
    expect(code(() => deserializeAggState('avg', bytes))).toBe('AGG_CORRUPT_STATE')
    const v2 = bytes.slice()
    v2[1] = 99
    expect(code(() => deserializeAggState('sum', v2))).toBe('AGG_CORRUPT_STATE')
    expect(code(() => deserializeAggState('sum', new Uint8Array([...bytes, 0])))).toBe('AGG_CORRUPT_STATE')
    for (const kind of KINDS) {
      const b = filled(kind).serialize()
      for (let n = 0; n < b.length; n++)
        expect([kind, n, code(() => deserializeAggState(kind, b.subarray(0, n)))]).toEqual([
          kind,
          n,
          'AGG_CORRUPT_STATE',
        ])
    }
  })

  it('bit flips give AggStateError or a state, never another exception', () => {
    const samples = KINDS.map((k) => [k, filled(k).serialize()] as const)
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.integer({ min: 0, max: 7 }), (which, at, bit) => {
        const [kind, b] = samples[which % samples.length]
        const bad = b.slice()
        bad[at % bad.length] ^= 1 << bit
        try {
          deserializeAggState(kind, bad).result()
        } catch (e) {
          if (!(e instanceof AggStateError)) throw e
        }
      }),
      { seed, numRuns: 3000, interruptAfterTimeLimit: 10_000 },
    )
  })

  it('carry strings with lone surrogates and loose values exactly', () => {
    const v = [
      '\ud800x',
      '',
      '😀',
      1.5,
      -0,
      Number.NaN,
      2n ** 70n,
      -(2n ** 70n),
      null,
      undefined,
      true,
      [1, [2]],
      { k: { j: [] } },
    ]
    const w = new ByteWriter()
    for (const x of v) writeValue(w, x)
    const r = new ByteReader(w.finish())
    const back = v.map(() => readValue(r))
    r.end()
    expect(back).toEqual(v)
    expect(Object.is(back[4], -0)).toBe(true)
  })
})
