// Property: the typed group accumulators (agg/group-sums.ts, group-extremes.ts, group-counts.ts: every
// group's sum / avg / min / max / countif state in typed arrays, fed a batch's rows and group ids in
// one pass) give every group the same result, bit for bit, as a state object per group fed that
// group's rows in scan order through its own batch path; and the state each makes for a group (for
// merges and the wire) answers the same after a trip through bytes. Values mix similar and wildly
// different magnitudes (residues, expansions that outgrow their typed partials), ±0, NaN and ±∞;
// group counts run from a few to hundreds (touched groups found through the rows, not by a walk).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AggState } from '../../../../src/exec/agg/agg-state.ts'
import { GroupCounts } from '../../../../src/exec/agg/group-counts.ts'
import { GroupExtremes } from '../../../../src/exec/agg/group-extremes.ts'
import { GroupSums } from '../../../../src/exec/agg/group-sums.ts'
import { integerToWords, wordsOut } from '../../../../src/exec/agg/int64-words.ts'
import { createAggState, deserializeAggState } from '../../../../src/exec/agg/registry.ts'

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`group-accumulators seed=${SEED} (set FC_SEED to replay)`)

const real = fc.oneof(
  { weight: 6, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true, min: -5000, max: 5000 }) },
  { weight: 2, arbitrary: fc.integer({ min: -1000, max: 1000 }) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 }) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e-12, max: 1e-12 }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -0, 0.1, 1e16, 1e300, -1e300, 2 ** -1022, Number.MIN_VALUE) },
)
const special = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY)
/** Integers of a long column, past ±2^53 too. */
const integer = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.constantFrom(2 ** 53, -(2 ** 53), 2 ** 60, -(2 ** 62), 2 ** 53 + 2, 9_007_199_254_740_991),
)

interface Batch {
  values: Float64Array
  rows: Uint32Array
  gids: Int32Array
}

/** Batches over `groups` groups: values (some rows not selected), each selected row's group. */
function batches(value: fc.Arbitrary<number>, groups: number, withSpecials: boolean) {
  const batch = fc
    .record({
      cells: fc.array(fc.record({ x: value, g: fc.nat(groups - 1), live: fc.boolean() }), { maxLength: 80 }),
      specials: fc.array(fc.record({ at: fc.nat(79), x: special }), { maxLength: withSpecials ? 2 : 0 }),
    })
    .map(({ cells, specials }): Batch => {
      const values = Float64Array.from(cells, (c) => c.x)
      for (const s of specials) if (s.at < values.length) values[s.at] = s.x
      const live = cells.flatMap((c, i) => (c.live ? [i] : []))
      return { values, rows: Uint32Array.from(live), gids: Int32Array.from(live, (i) => cells[i].g) }
    })
  return fc.array(batch, { minLength: 1, maxLength: 6 })
}

/** The selected rows' values, dense (as the typed feeds take them). */
function gathered(b: Batch): Float64Array {
  return Float64Array.from(b.rows, (i) => b.values[i])
}

/** Each group's rows of `b` in scan order, through `feed` into that group's reference state. */
function feedReference(states: AggState[], b: Batch, feed: (s: AggState, mine: Uint32Array) => void) {
  for (let g = 0; g < states.length; g++) {
    const mine = Uint32Array.from(b.rows.filter((_, j) => b.gids[j] === g))
    if (mine.length > 0) feed(states[g], mine)
  }
}

/** Same value, bit for bit (NaN equals NaN; +0 and −0 differ). */
function same(a: unknown, b: unknown): boolean {
  return Object.is(a, b) || (typeof a === 'bigint' && a === b)
}

function check(
  acc: GroupSums | GroupExtremes | GroupCounts,
  want: AggState[],
  kind: string,
  context: () => string,
): void {
  for (let g = 0; g < want.length; g++) {
    const w = want[g].result()
    const got = acc.result(g)
    if (!same(got, w))
      throw new Error(`${kind} group ${g}: typed ${String(got)}, state ${String(w)} (${context()})`)
    const s = acc.state(g)
    const back = deserializeAggState(kind, s.serialize())
    if (!same(back.result(), w))
      throw new Error(`${kind} group ${g}: state after bytes ${String(back.result())}`)
  }
}

const runs = { seed: SEED, numRuns: 150, interruptAfterTimeLimit: 20_000 }

describe('typed group accumulators', () => {
  for (const groups of [3, 9, 300]) {
    it(`sum and avg over ${groups} groups (with the min and max of one pass) equal a state per group, bit for bit`, () => {
      fc.assert(
        fc.property(batches(real, groups, true), fc.boolean(), (bs, ride) => {
          for (const kind of ['sum', 'avg'] as const) {
            const acc = new GroupSums(kind)
            acc.grow(groups)
            const max = new GroupExtremes('max', false)
            const min = new GroupExtremes('min', false)
            max.grow(groups)
            min.grow(groups)
            const want = Array.from({ length: groups }, () => createAggState(kind))
            const wantMax = Array.from({ length: groups }, () => createAggState('max'))
            const wantMin = Array.from({ length: groups }, () => createAggState('min'))
            for (const b of bs) {
              acc.addValues(gathered(b), b.gids, groups, ride ? max.lane : null, ride ? min.lane : null)
              const all = (s: AggState, mine: Uint32Array) => s.addNumbers(b.values, mine, 0, mine.length)
              feedReference(want, b, all)
              if (!ride) continue
              feedReference(wantMax, b, all)
              feedReference(wantMin, b, all)
            }
            check(acc, want, kind, () => JSON.stringify(bs.map((b) => [...b.values])))
            check(max, wantMax, 'max', () => '')
            check(min, wantMin, 'min', () => '')
          }
        }),
        runs,
      )
    })

    it(`min and max over ${groups} groups equal a state per group`, () => {
      fc.assert(
        fc.property(batches(real, groups, true), (bs) => {
          for (const kind of ['min', 'max'] as const) {
            const acc = new GroupExtremes(kind, false)
            acc.grow(groups)
            const want = Array.from({ length: groups }, () => createAggState(kind))
            for (const b of bs) {
              acc.addValues(gathered(b), b.gids)
              feedReference(want, b, (s, mine) => s.addNumbers(b.values, mine, 0, mine.length))
            }
            check(acc, want, kind, () => '')
          }
        }),
        runs,
      )
    })
  }

  it('min, max and sum of integers past 2^53 equal states fed int64 words', () => {
    fc.assert(
      fc.property(batches(integer, 5, false), (bs) => {
        for (const kind of ['min', 'max', 'sum'] as const) {
          const acc = kind === 'sum' ? new GroupSums('sum') : new GroupExtremes(kind, true)
          acc.grow(5)
          const want = Array.from({ length: 5 }, () => createAggState(kind))
          for (const b of bs) {
            if (acc instanceof GroupSums) acc.addValues(gathered(b), b.gids, 5)
            else acc.addValues(gathered(b), b.gids)
            feedReference(want, b, (s, mine) => {
              for (const i of mine) {
                integerToWords(b.values[i])
                s.addInt64(wordsOut[0], wordsOut[1])
              }
            })
          }
          check(acc, want, kind, () => '')
        }
      }),
      runs,
    )
  })

  it('countif over numbers and over predicates equals a state per group', () => {
    fc.assert(
      fc.property(batches(fc.constantFrom(0, 1, -0, 2.5, Number.NaN), 4, false), (bs) => {
        const acc = new GroupCounts('countif')
        acc.grow(4)
        const want = Array.from({ length: 4 }, () => createAggState('countif'))
        for (const b of bs) {
          acc.addNonZero(gathered(b), b.gids)
          feedReference(want, b, (s, mine) => s.addNumbers(b.values, mine, 0, mine.length))
          const bools = Uint8Array.from(b.values, (x) => +(x === 1))
          acc.addTrue(
            Uint8Array.from(b.rows, (i) => bools[i]),
            b.gids,
          )
          feedReference(want, b, (s, mine) => {
            for (const i of mine) s.add(bools[i] === 1)
          })
        }
        check(acc, want, 'countif', () => '')
      }),
      runs,
    )
  })

  it('a group whose exact sum needs many partials keeps it exactly', () => {
    const acc = new GroupSums('sum')
    acc.grow(2)
    const values = Float64Array.of(1e300, 1, 1e-300, 1e200, 1e100, 1e-100, 3, -1e300, 7e-200)
    const rows = Uint32Array.from(values, (_, i) => i)
    // One value per batch: every add goes to the group's expansion, past its typed partials.
    for (let i = 0; i < values.length; i++) acc.addValues(values.subarray(i, i + 1), Int32Array.of(1), 2)
    const want = createAggState('sum')
    want.addNumbers(values, rows, 0, values.length)
    expect(acc.result(1)).toBe(want.result())
    expect(acc.result(0)).toBe(0)
  })
})
