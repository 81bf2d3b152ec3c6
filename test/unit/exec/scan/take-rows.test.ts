// A top-N's late columns convert only the rows they return (take-rows.ts): for any events over fields
// of every storage type (several types in one field, big longs, nulls, sparse and dense layouts) and
// any rows (any order, repeats), the cells read that way equal the cells of the whole block's vector
// at those rows, for every type the scan can give a field.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { takeVec } from '../../../../src/exec/batch.ts'
import { byFieldOf, fieldVec } from '../../../../src/exec/scan/field-vec.ts'
import { takeFieldRows } from '../../../../src/exec/scan/take-rows.ts'
import { cellAt, type Vec } from '../../../../src/exec/vector.ts'
import { type BlockColumn, buildBatch } from '../../../../src/storage/block/index.ts'
import { type FlatEvent, type FlatValue, TimespanValue } from '../../../../src/storage/types.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`take-rows seed=${seed}`)

const value: fc.Arbitrary<FlatValue> = fc.oneof(
  fc.constantFrom('GET', 'POST', '', 'é'),
  fc.integer(),
  fc.bigInt({ min: 2n ** 53n, max: 2n ** 63n - 1n }),
  fc.double(),
  fc.boolean(),
  fc.bigInt({ min: -(2n ** 62n), max: 2n ** 62n }).map((ns) => new TimespanValue(ns)),
  fc.array(fc.integer(), { maxLength: 2 }) as fc.Arbitrary<FlatValue>,
)

/** Per field: how often a row holds it (1 in `every`) and the values it may hold. */
const fieldArb = fc.record({
  every: fc.constantFrom(1, 2, 9, 40),
  values: fc.array(value, { minLength: 1, maxLength: 3 }),
})

const caseArb = fc
  .tuple(
    fc.integer({ min: 1, max: 300 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c'), fieldArb, { minKeys: 1 }),
    fc.array(fc.nat(), { minLength: 1, maxLength: 12 }),
    fc.nat(),
  )
  .map(([n, fields, picks, salt]) => {
    const events: FlatEvent[] = []
    for (let row = 0; row < n; row++) {
      const f = Object.create(null) as Record<string, FlatValue>
      Object.entries(fields).forEach(([name, spec], i) => {
        if ((row + salt + i) % spec.every === 0) f[name] = spec.values[(row * 7 + i) % spec.values.length]
      })
      const t = 1_700_000_000_000_000_000n + BigInt(row) * 1_000_003n
      events.push({ time: t, sysTime: t + 1n, fields: f })
    }
    return { events, rows: Uint32Array.from(picks, (p) => p % n) }
  })

function cells(v: Vec, n: number): unknown[] {
  return Array.from({ length: n }, (_, i) => cellAt(v, i))
}

/** The types the scan may give a field stored as `cols` (its storage types). */
function scanTypes(cols: readonly BlockColumn[]): string[] {
  const types = new Set(cols.map((c) => c.type))
  const out = ['dynamic', 'string']
  if ([...types].every((t) => t === 'integer' || t === 'float')) out.push('real', 'long')
  // Read as timespan only where the field holds timespans (integers beside them are nanoseconds).
  if (types.has('timespan') && [...types].every((t) => t === 'integer' || t === 'timespan'))
    out.push('timespan')
  if (types.size === 1) out.push(cols[0].type === 'integer' ? 'long' : cols[0].type)
  return [...new Set(out)]
}

describe('takeFieldRows', () => {
  it('reads the same cells as the whole block vector at those rows', () => {
    fc.assert(
      fc.property(caseArb, ({ events, rows }) => {
        // Two builds of one block: converters cache per Arrow vector, so each path gets its own.
        const rowsPath = byFieldOf(buildBatch(events).columns)
        const wholePath = byFieldOf(buildBatch(events).columns)
        const n = events.length
        for (const name of ['_time', ...new Set(events.flatMap((e) => Object.keys(e.fields)))]) {
          const a = rowsPath.get(name) as BlockColumn[]
          const b = wholePath.get(name) as BlockColumn[]
          for (const type of scanTypes(a)) {
            const t = type as Parameters<typeof takeFieldRows>[1]
            const got = cells(takeFieldRows(a, t, n, rows), rows.length)
            const want = cells(takeVec(fieldVec(b, t, n), rows), rows.length)
            expect(got, `${name} as ${type}`).toEqual(want)
          }
        }
      }),
      { seed, numRuns: 200, interruptAfterTimeLimit: 4_000 },
    )
  })
})
