// Property: the by-group feeds (agg/by-group.ts: avg / max / min accumulated per group id in one pass,
// no regrouping) leave every group's state with the same result, bit for bit, as feeding each group
// its rows in scan order through the state's own batch path; a batch they decline feeds nothing.
// Values mix similar and wildly different magnitudes (the residue path), ±0, NaN and ±∞.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AggState } from '../../../../src/exec/agg/agg-state.ts'
import { BY_GROUP_FEEDS, ByGroupScratch, extractByGroup } from '../../../../src/exec/agg/by-group.ts'
import { createAggState } from '../../../../src/exec/agg/registry.ts'

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`by-group seed=${SEED} (set FC_SEED to replay)`)

const value = fc.oneof(
  { weight: 6, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true, min: -5000, max: 5000 }) },
  { weight: 2, arbitrary: fc.integer({ min: -1000, max: 1000 }) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 }) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e-12, max: 1e-12 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -0, 0.1, 1e16, 1e300, -1e300, 2 ** -1022, Number.MIN_VALUE) },
)
const special = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY)

/** A batch: values (some rows not selected), a row selection, and each selected row's group. */
const batch = fc
  .record({
    cells: fc.array(fc.record({ x: value, g: fc.nat(5), live: fc.boolean() }), { maxLength: 60 }),
    groupCount: fc.integer({ min: 6, max: 9 }),
    specials: fc.array(fc.record({ at: fc.nat(59), x: special }), { maxLength: 2 }),
  })
  .map(({ cells, groupCount, specials }) => {
    const values = Float64Array.from(cells, (c) => c.x)
    for (const s of specials) if (s.at < values.length) values[s.at] = s.x
    const live = cells.flatMap((c, i) => (c.live ? [i] : []))
    return {
      values,
      rows: Uint32Array.from(live),
      gids: Float64Array.from(live, (i) => cells[i].g),
      groupCount,
    }
  })

function fresh(kind: string, n: number): AggState[] {
  return Array.from({ length: n }, () => createAggState(kind))
}

/** The general path: each group its rows in scan order, through the state's addNumbers. */
function reference(
  kind: string,
  b: { values: Float64Array; rows: Uint32Array; gids: Float64Array; groupCount: number },
) {
  const states = fresh(kind, b.groupCount)
  for (let g = 0; g < b.groupCount; g++) {
    const mine = Uint32Array.from(b.rows.filter((_, j) => b.gids[j] === g))
    if (mine.length > 0) states[g].addNumbers(b.values, mine, 0, mine.length)
  }
  return states
}

describe('by-group feeds = per-group batch feeding', () => {
  for (const kind of ['avg', 'max', 'min']) {
    it(`${kind}: same results bit for bit, or nothing fed when declined`, () => {
      const feed = BY_GROUP_FEEDS.get(kind)
      if (feed === undefined) throw new Error(`no by-group feed for ${kind}`)
      const scratch = new ByGroupScratch()
      fc.assert(
        fc.property(batch, fc.boolean(), (b, twice) => {
          const states = fresh(kind, b.groupCount)
          const want = reference(kind, b)
          // A second batch into the same states (scratch reuse must not leak sums across batches).
          const rounds = twice ? 2 : 1
          let took = true
          for (let r = 0; r < rounds; r++)
            took = feed(states, b.values, b.rows, b.gids, b.groupCount, scratch) && took
          if (twice) for (let g = 0; g < b.groupCount; g++) want[g].merge(reference(kind, b)[g])
          const expected = took ? want : fresh(kind, b.groupCount)
          // Declined: only avg declines (NaN, ±∞), and then only when such a value is selected.
          if (!took) expect(kind).toBe('avg')
          for (let g = 0; g < b.groupCount; g++)
            expect(Object.is(states[g].result(), expected[g].result())).toBe(true)
        }),
        { seed: SEED, numRuns: 300, interruptAfterTimeLimit: 8000 },
      )
    })
  }

  it('max / min keep the first of equal extremes (−0 before 0 stays −0)', () => {
    const values = Float64Array.of(-0, 0, 0, -0, Number.NaN, 3)
    const b = {
      values,
      rows: Uint32Array.of(0, 1, 2, 3, 4, 5),
      gids: Float64Array.of(0, 0, 1, 1, 2, 2),
      groupCount: 3,
    }
    for (const kind of ['max', 'min']) {
      const feed = BY_GROUP_FEEDS.get(kind)
      if (feed === undefined) throw new Error(`no by-group feed for ${kind}`)
      const states = fresh(kind, 3)
      expect(feed(states, b.values, b.rows, b.gids, 3, new ByGroupScratch())).toBe(true)
      const got = states.map((s) => s.result())
      expect(got).toEqual(reference(kind, b).map((s) => s.result()))
      expect(Object.is(got[0], -0) && Object.is(got[1], 0) && got[2] === 3).toBe(true)
    }
  })

  it('avg takes the residue path for tiny values beside large ones, and declines NaN', () => {
    const values = Float64Array.of(1e15, 3e-12, -1e15, 7)
    const rows = Uint32Array.of(0, 1, 2, 3)
    const gids = Float64Array.of(0, 1, 0, 1)
    const left = extractByGroup(
      values,
      rows,
      gids,
      new Float64Array(6),
      new Uint32Array(4),
      new Float64Array(2),
    )
    expect(left).toBeGreaterThan(0)
    const feed = BY_GROUP_FEEDS.get('avg')
    if (feed === undefined) throw new Error('no by-group avg feed')
    const states = fresh('avg', 2)
    expect(feed(states, values, rows, gids, 2, new ByGroupScratch())).toBe(true)
    expect(states.map((s) => s.result())).toEqual([0, (3e-12 + 7) / 2])
    const nan = Float64Array.of(1, Number.NaN)
    expect(feed(states, nan, Uint32Array.of(0, 1), Float64Array.of(0, 0), 2, new ByGroupScratch())).toBe(
      false,
    )
    expect(states.map((s) => s.result())).toEqual([0, (3e-12 + 7) / 2])
  })
})
