// test/unit/exec/kernels/sql.prop.test.ts: parse_sql never throws (any text: a model or null), and on
// statements built from the subset's grammar parse_sql ∘ format_sql is the identity on models.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatSql } from '../../../../src/exec/kernels/sql/sql-format.ts'
import { parseSql } from '../../../../src/exec/kernels/sql/sql-parse.ts'

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`sql seed=${SEED} (set FC_SEED to replay)`)

const ident = fc.constantFrom('a', 'b', 'status', 'uri', 't.x', 'req_ms')
const literal = fc.oneof(
  fc.integer({ min: -1000, max: 100_000 }).map(String),
  fc.double({ min: 0, max: 1e6, noNaN: true }).map((d) => d.toFixed(2)),
  fc.string({ maxLength: 6 }).map((s) => `'${s.replace(/'/g, "''")}'`),
  fc.constantFrom('true', 'false', 'null'),
)
const operand = fc.oneof(ident, literal)
const cond: fc.Arbitrary<string> = fc.letrec((tie) => ({
  c: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc
      .tuple(ident, fc.constantFrom('=', '!=', '<', '<=', '>', '>=', 'like'), operand)
      .map((p) => p.join(' ')),
    fc
      .tuple(ident, fc.array(operand, { minLength: 1, maxLength: 3 }))
      .map(([c, v]) => `${c} in (${v.join(', ')})`),
    ident.map((c) => `${c} is not null`),
    fc.tuple(tie('c'), fc.constantFrom('and', 'or'), tie('c')).map(([l, o, r]) => `(${l}) ${o} (${r})`),
    tie('c').map((c) => `not (${c})`),
  ),
})).c as fc.Arbitrary<string>
const statement = fc
  .tuple(
    fc.array(ident, { minLength: 1, maxLength: 4 }),
    fc.array(ident, { minLength: 1, maxLength: 2 }),
    fc.option(cond),
    fc.option(fc.tuple(ident, fc.constantFrom('', ' asc', ' desc'))),
  )
  .map(
    ([cols, from, where, order]) =>
      `SELECT ${cols.join(', ')} FROM ${from.join(', ')}${where ? ` WHERE ${where}` : ''}${order ? ` ORDER BY ${order[0]}${order[1]}` : ''}`,
  )

describe('parse_sql / format_sql', () => {
  it('never throws on any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), statement, (junk, s) => {
        parseSql(junk)
        parseSql(s.slice(0, junk.length % (s.length + 1)) + junk)
      }),
      { seed: SEED, numRuns: 2000, interruptAfterTimeLimit: 10_000 },
    )
  })

  it('a statement of the subset parses, and its formatted text parses to the same model', () => {
    fc.assert(
      fc.property(statement, (s) => {
        const model = parseSql(s)
        expect(model).not.toBeNull()
        const text = formatSql(model)
        expect(text).not.toBeNull()
        expect(parseSql(text as string)).toEqual(model)
      }),
      { seed: SEED, numRuns: 500, interruptAfterTimeLimit: 10_000 },
    )
  })
})
