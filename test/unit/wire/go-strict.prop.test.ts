// Contract tests: every emitted key is on the Go strict whitelist of §11 (status: the §1.5 list), every
// agg name is canonical (§1.4), every message obeys the Go enums (§2.6), times are RFC3339, columns are
// rectangular (checks in contract-checks.ts). On the hand-built fixtures and on random results.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Cell, QueryResult, ResultField, ResultTable } from '../../../src/exec/result.ts'
import { parseGoDuration, parseRfc3339 } from '../../../src/util/time/index.ts'
import { stringifyWire, toLegacy, toTabular } from '../../../src/wire/index.ts'
import { CANONICAL_AGGS, CODES, checkLegacy, checkTabular, type Json } from './contract-checks.ts'
import { ALL_FIXTURES, status } from './fixtures.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`format go-strict seed=${seed}`)

const parse = (v: unknown): Json => JSON.parse(stringifyWire(v))

describe('hand-built fixtures obey the Go strict contract', () => {
  for (const [name, make] of Object.entries(ALL_FIXTURES)) {
    it(name, () => {
      checkTabular(parse(toTabular(make(), { minCursor: 'a', maxCursor: 'b' })))
      checkLegacy(parse(toLegacy(make())))
    })
  }

  it('the checker itself rejects a stray key, a bad agg name and a bad code', () => {
    const w = parse(toTabular(ALL_FIXTURES.binnedCount()))
    expect(() => checkTabular({ ...w, hidden: true })).toThrow()
    const t = (w.tables as Json[])[0]
    const bad = { ...t, fields: [{ name: 'x', type: 'integer', agg: { name: 'dcount' } }], columns: [[1]] }
    expect(() => checkTabular({ ...w, tables: [bad] })).toThrow()
    const st = { ...(w.status as Json), messages: [{ priority: 'warn', count: 1, code: 'oops', msg: '' }] }
    expect(() => checkTabular({ ...w, status: st })).toThrow()
  })
})

// Random results: typed columns with canonical cells, random aggs/groups/bins/messages.
const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n }
const CELLS: Record<ResultField['type'], fc.Arbitrary<Cell>> = {
  bool: fc.boolean(),
  long: fc.oneof(
    fc.maxSafeInteger(),
    fc.bigInt(INT64).filter((v) => v > 2n ** 53n || v < -(2n ** 53n)),
  ),
  real: fc.double(),
  string: fc.string({ maxLength: 8 }),
  datetime: fc.bigInt(INT64),
  timespan: fc.bigInt({ min: -INT64.max, max: INT64.max }),
  dynamic: fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<Cell>,
  unknown: fc.oneof(fc.string({ maxLength: 4 }), fc.maxSafeInteger(), fc.double(), fc.boolean()),
}
const TYPES = Object.keys(CELLS) as ResultField['type'][]

const tableArb = (name: string): fc.Arbitrary<ResultTable> =>
  fc
    .record({
      types: fc.array(fc.constantFrom(...TYPES), { maxLength: 5 }),
      rows: fc.nat({ max: 6 }),
      aggs: fc.array(fc.constantFrom(...CANONICAL_AGGS), { minLength: 5, maxLength: 5 }),
      aggMask: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
      groupMask: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
      binned: fc.boolean(),
      rowIdCol: fc.boolean(),
      size: fc.bigInt({ min: 1n, max: 10n ** 17n }),
    })
    .chain((s) => {
      const types: ResultField['type'][] = s.binned ? ['datetime', ...s.types] : s.types
      return fc
        .tuple(...types.map((t) => fc.array(fc.option(CELLS[t]), { minLength: s.rows, maxLength: s.rows })))
        .map((cols): ResultTable => {
          const fields: ResultField[] = types.map((type, i) => ({
            name: s.binned && i === 0 ? '_time' : `f${i}`,
            type,
            ...(s.aggMask[i % 5] && !(s.binned && i === 0)
              ? {
                  agg: {
                    name: s.aggs[i % 5] as 'count',
                    fields: i % 2 ? [`f${i}`] : [],
                    args: i % 3 ? [] : [1],
                  },
                }
              : {}),
          }))
          const columns: Cell[][] = cols.map((c) => c.map((v) => (v === null ? null : v)))
          if (s.rowIdCol) {
            fields.push({ name: '_rowId', type: 'string' })
            columns.push(columns.length === 0 ? [] : columns[0].map((_, r) => `id${r}`))
          }
          const groups = fields.filter((f, i) => (s.binned && i === 0) || (s.groupMask[i % 5] && !f.agg))
          return {
            name,
            sources: ['ds'],
            fields,
            columns: fields.length === 0 ? [] : columns,
            order: fields.slice(0, 1).map((f) => ({ field: f.name, desc: true })),
            groups: groups.map((f) => ({ name: f.name })),
            ...(s.binned ? { buckets: { field: '_time' as const, size: s.size } } : {}),
            range: { field: '_time' as const, start: 0n, end: INT64.max },
          }
        })
    })
    .filter((t) => t.columns.length === t.fields.length)

const messageArb = fc.record({
  priority: fc.constantFrom('trace', 'debug', 'info', 'warn', 'error', 'fatal') as fc.Arbitrary<'warn'>,
  code: fc.oneof(
    fc.constantFrom(...CODES),
    fc.string({ maxLength: 6 }).map((s) => `apl_${s}`),
  ),
  count: fc.nat(),
  msg: fc.string({ maxLength: 10 }),
})

const resultArb: fc.Arbitrary<QueryResult> = fc
  .record({
    main: fc.array(tableArb('0'), { maxLength: 2 }),
    totals: fc.option(tableArb('_totals')),
    messages: fc.array(messageArb, { maxLength: 2 }),
    elapsed: fc.double({ min: 0, max: 1e9, noNaN: true }),
  })
  .map((r) => ({
    tables: [...r.main.map((t, i) => ({ ...t, name: String(i) })), ...(r.totals ? [r.totals] : [])],
    status: status({ messages: r.messages, elapsedTime: r.elapsed }),
    datasetNames: ['ds'],
  }))

/** The wire cell a canonical cell must come back as after JSON (per column type). */
function sameOnWire(type: ResultField['type'], cell: Cell, wire: unknown): boolean {
  if (cell === null) return wire === null
  if (type === 'datetime') return parseRfc3339(wire as string) === cell
  if (type === 'timespan') return parseGoDuration(wire as string) === cell
  if (typeof cell === 'bigint') return wire === Number(cell)
  if (typeof cell === 'number')
    return Number.isFinite(cell) ? wire === cell || (cell === 0 && wire === 0) : wire === null
  return JSON.stringify(wire) === JSON.stringify(cell)
}

describe('random results', () => {
  it('both formats obey the contract, and tabular cells survive the wire', () => {
    fc.assert(
      fc.property(resultArb, (r) => {
        const tab = parse(toTabular(r))
        checkTabular(tab)
        checkLegacy(parse(toLegacy(r)))
        r.tables.forEach((t, ti) => {
          const wt = (tab.tables as Json[])[ti]
          const kept = t.fields.map((_, i) => i).filter((i) => t.fields[i].name !== '_rowId')
          kept.forEach((fi, wi) => {
            const col = (wt.columns as unknown[][])[wi]
            t.columns[fi].forEach((cell, row) => {
              expect(
                sameOnWire(t.fields[fi].type, cell, col[row]),
                `${t.fields[fi].type} ${JSON.stringify(cell, (_k, v) => (typeof v === 'bigint' ? `${v}n` : v))}`,
              ).toBe(true)
            })
          })
        })
      }),
      { seed, numRuns: 300, interruptAfterTimeLimit: 20_000 },
    )
  })
})
