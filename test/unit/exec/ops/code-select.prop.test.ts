// `where` over dictionary strings decided once per code (ops/code-select.ts): random conjunctions of
// string predicates (comparisons with and without case, the string operators and their negations,
// `in`, regex, `not`, `or` on one column; nulls and empty strings in the data) give the reference
// evaluator's answer, over string columns and a column of strings and numbers (decided per code for
// its strings, row by row for its numbers); the predicates that must decline (two columns in one
// conjunct, a function call) are among them. Then selectByCodes itself over a selection and
// with three conjuncts, and which batches codeTests takes.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Batch, splitMixed } from '../../../../src/exec/batch.ts'
import { scopeOf } from '../../../../src/exec/eval/evaluate.ts'
import { type CodeTest, selectByCodes } from '../../../../src/exec/ops/code-pass.ts'
import { codeConjuncts, codeTests } from '../../../../src/exec/ops/code-select.ts'
import { runQuery } from '../../../../src/exec/run.ts'
import { compileApl, schemaFromSnapshot } from '../../../../src/plan/index.ts'
import { diffResults } from '../../../differential/result-diff.ts'
import { evaluate } from '../../../reference/evaluate.ts'
import { type HttpStore, NOW, openHttpStore } from './http-store.ts'

const SEED = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`code-select seed=${SEED} (set FC_SEED to replay)`)

const METHODS = ['GET', 'get', 'Post', 'POST', 'put', '', 'DELETE', 'options']
const PATHS = ['/api/v1/a', '/api/v2/b', '/API/x', '/static/a.css', '/static/b.js', 'api', '/x?y=1', '']
const KINDS = ['alpha', 'beta', 'Beta', 'gamma ray', 'delta-9']

let fx: HttpStore

beforeAll(async () => {
  const start = Date.UTC(2026, 0, 2)
  const events = Array.from({ length: 3000 }, (_, i) => {
    const e: Record<string, unknown> = {
      _time: new Date(start + i * 60_000).toISOString(),
      method: METHODS[(i * 7) % METHODS.length],
      path: PATHS[(i * 5 + (i >> 4)) % PATHS.length],
      kind: KINDS[(i * 3 + (i >> 3)) % KINDS.length],
      // A column holding numbers too: read as a split mixed vector, its strings decided per code and
      // its numbers row by row.
      mixed: i % 9 === 0 ? i : METHODS[i % METHODS.length],
    }
    if (i % 13 === 0) e.method = null
    if (i % 17 === 0) delete e.path
    if (i % 31 === 0) delete e.mixed
    return e
  })
  fx = await openHttpStore(512, events)
})

afterAll(() => fx.close())

const quote = (s: string) => `'${s}'`
const literal = (col: string) =>
  fc.constantFrom(...(col === 'path' ? PATHS : col === 'kind' ? KINDS : METHODS), 'GE', 'api', 'zzz', '/')

/** One predicate over `col` alone. */
const atom = (col: string) =>
  fc.oneof(
    fc
      .tuple(
        fc.constantFrom(
          '==',
          '!=',
          '=~',
          '!~',
          'startswith',
          '!startswith',
          'endswith',
          '!endswith',
          'contains',
          '!contains',
          'has',
          '!has',
        ),
        literal(col),
      )
      .map(([op, v]) => `${col} ${op} ${quote(v)}`),
    fc
      .tuple(fc.constantFrom('in', '!in'), fc.array(literal(col), { minLength: 1, maxLength: 3 }))
      .map(([op, vs]) => `${col} ${op} (${vs.map(quote).join(', ')})`),
    fc.constantFrom(
      `${col} matches regex '^/a'`,
      `${col} matches regex 'e'`,
      `${col} > 'b'`,
      `${col} <= 'P'`,
    ),
    ...(col === 'mixed'
      ? [
          fc.constantFrom(
            `${col} == 9`,
            `${col} != 18`,
            `${col} > 100`,
            `isnull(${col})`,
            `${col} in (9, 'GET', 27)`,
          ),
        ]
      : []),
  )

const columnName = fc.constantFrom('method', 'path', 'kind', 'mixed')

/** A conjunct: an atom, its negation, an `or` of two atoms on one column, or one that declines. */
const conjunct = fc.oneof(
  { weight: 5, arbitrary: columnName.chain(atom) },
  { weight: 1, arbitrary: columnName.chain(atom).map((a) => `not(${a})`) },
  {
    weight: 1,
    arbitrary: columnName.chain((c) => fc.tuple(atom(c), atom(c))).map(([a, b]) => `(${a} or ${b})`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'method == kind',
      "isnotempty(path) and path != '/x?y=1'",
      "mixed == 'GET'",
      "tolower(method) == 'get'",
      'isnull(method)',
    ),
  },
)

const predicate = fc.array(conjunct, { minLength: 1, maxLength: 3 }).map((cs) => cs.join(' and '))

async function agree(apl: string): Promise<void> {
  const bound = compileApl(apl, schemaFromSnapshot(fx.snap))
  if (!bound.plan) throw new Error(`${apl}: ${bound.diagnostics[0].message}`)
  const opts = { now: NOW, limit: 50_000, startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-10T00:00:00Z' }
  const ref = await evaluate(fx.snap, bound.plan, opts)
  const got = await runQuery(fx.snap, bound.plan, opts)
  const diff = diffResults(got, ref, false)
  if (diff !== undefined) throw new Error(`${apl}\n${diff}`)
}

describe('where over dictionary strings = reference', () => {
  it('counts by the filtered columns', async () => {
    await fc.assert(
      fc.asyncProperty(predicate, (p) =>
        agree(`http | where ${p} | summarize count() by method, path, kind`),
      ),
      { seed: SEED, numRuns: 150, interruptAfterTimeLimit: 15_000 },
    )
  })

  it('after a window that cuts blocks, and after another filter', async () => {
    await fc.assert(
      fc.asyncProperty(predicate, predicate, (p, q) =>
        agree(
          `http | where _time > datetime(2026-01-02T05:17:00Z) | where ${p} | extend n = 1 | where ${q} | project _time, method, path`,
        ),
      ),
      { seed: SEED, numRuns: 60, interruptAfterTimeLimit: 15_000 },
    )
  })
})

/** A test over the codes `codes` that passes codes in `ok` (code −1, null, never). */
function test(codes: number[], ok: number[], entries: number): CodeTest {
  const pass = new Uint8Array(entries + 1)
  for (const c of ok) pass[c + 1] = 1
  return { codes: Int32Array.from(codes), pass }
}

describe('selectByCodes', () => {
  const a = test([0, 1, -1, 2, 0, 1, 2, 0], [0, 2], 3)
  const b = test([1, 1, 0, 0, 1, -1, 1, 1], [1], 2)
  const c = test([0, 0, 0, 0, 1, 0, 0, 1], [0], 2)
  const run = (tests: CodeTest[], rows: number[] | null) => {
    const keep = new Uint32Array(8)
    const k = selectByCodes(tests, rows && Uint32Array.from(rows), keep, 8)
    return [...keep.subarray(0, k)]
  }

  it('keeps the rows passing every test, dense and over a selection', () => {
    expect(run([a], null)).toEqual([0, 3, 4, 6, 7])
    expect(run([a, b], null)).toEqual([0, 4, 6, 7])
    expect(run([a, b, c], null)).toEqual([0, 6])
    expect(run([a], [1, 3, 4, 7])).toEqual([3, 4, 7])
    expect(run([a, b], [1, 3, 4, 7])).toEqual([4, 7])
    expect(run([a, b, c], [0, 6, 7])).toEqual([0, 6])
    expect(run([c, b, a], [2, 5])).toEqual([])
  })
})

describe('selectByCodes over blocks large enough to sample (the branching paths)', () => {
  // Up to three tests over 1,024–5,000 rows, each passing a random set of codes: none, one (the
  // per-code comparison), a few (a rarely taken branch) or most (branch-free); dense and over a
  // selection. The answer is the rows passing every test, in order.
  const arbTests = fc.integer({ min: 1024, max: 5000 }).chain((n) =>
    fc.record({
      n: fc.constant(n),
      tests: fc.array(
        fc.record({
          entries: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 16, max: 60 })),
          seed: fc.integer({ min: 0, max: 2 ** 30 }),
          passing: fc.oneof(fc.constant(0), fc.constant(1), fc.constant(2), fc.integer({ min: 0, max: 40 })),
          nulls: fc.boolean(),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      sel: fc.option(fc.integer({ min: 1, max: 7 }), { nil: undefined }),
    }),
  )
  const build = (n: number, t: { entries: number; seed: number; passing: number; nulls: boolean }) => {
    let x = t.seed
    const next = () => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0
      return x >>> 8
    }
    const codes = Int32Array.from({ length: n }, () =>
      t.nulls && next() % 10 === 0 ? -1 : next() % t.entries,
    )
    const pass = new Uint8Array(t.entries + 1)
    for (let j = 0; j < Math.min(t.passing, t.entries + 1); j++) pass[next() % (t.entries + 1)] = 1
    // The first and the last row often pass (a loop's bounds).
    const passing = pass.findIndex((p) => p === 1) - 1
    if (passing >= 0 && t.seed & 1) codes[0] = passing
    if (passing >= 0 && t.seed & 2) codes[n - 1] = passing
    return { codes, pass }
  }
  it('keeps exactly the rows passing every test', () => {
    fc.assert(
      fc.property(arbTests, ({ n, tests: specs, sel }) => {
        const tests = specs.map((t) => build(n, t))
        const rows =
          sel === undefined ? null : Uint32Array.from({ length: n }, (_, i) => i).filter((i) => i % sel === 0)
        const keep = new Uint32Array(n)
        const k = selectByCodes(tests, rows, keep, n)
        const expected = [...(rows ?? Array.from({ length: n }, (_, i) => i))].filter((i) =>
          tests.every((t) => t.pass[t.codes[i] + 1] === 1),
        )
        expect([...keep.subarray(0, k)]).toEqual(expected)
      }),
      { seed: SEED, numRuns: 400, interruptAfterTimeLimit: 20_000 },
    )
  })
})

describe('codeTests', () => {
  const fields = [
    { name: 'm', types: ['string' as const] },
    { name: 'k', types: ['string' as const] },
  ]
  const source = { datasetNames: () => ['t'], fields: (d: string) => (d === 't' ? fields : undefined) }
  const where = (apl: string) => {
    const bound = compileApl(`t | where ${apl}`, source)
    const root = bound.plan?.root
    if (root?.kind !== 'Filter') throw new Error(`no filter: ${bound.diagnostics?.[0]?.message}`)
    return root.predicate
  }
  const batch = (n: number, entries: number): Batch => ({
    length: n,
    sel: null,
    cols: [
      {
        kind: 'str',
        codes: Int32Array.from({ length: n }, (_, i) => i % entries),
        dict: Array.from({ length: entries }, (_, d) => `v${d}`),
      },
      { kind: 'str', codes: new Int32Array(n), dict: ['x'] },
    ],
  })
  const scope = scopeOf([{ name: 'm' }, { name: 'k' }] as never, {
    strictTypes: false,
    binAutoStep: 0n,
    now: NOW,
  })

  it('decides each conjunct per code, with null and false failing', () => {
    const conjuncts = codeConjuncts(where("m startswith 'v1' and not(k startswith 'y') and k > 'w'"))
    expect(conjuncts?.map((c) => c.column)).toEqual(['m', 'k', 'k'])
    const tests = codeTests(conjuncts ?? [], batch(64, 12), scope)
    expect(tests?.length).toBe(3)
    // Per code + 1: null first (a string test of null is false, so its negation passes).
    expect([...(tests?.[0].pass ?? [])]).toEqual([0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1])
    expect([...(tests?.[1].pass ?? [])]).toEqual([1, 1])
    expect([...(tests?.[2].pass ?? [])]).toEqual([0, 1])
  })

  it('takes a column split into strings and numbers: other rows get codes past the dictionary', () => {
    const n = 64
    const str = {
      kind: 'str' as const,
      codes: Int32Array.from({ length: n }, (_, i) => (i % 8 === 0 ? -1 : i % 3)),
      dict: ['v0', 'v1', 'v2'],
    }
    // Rows 0, 8, 16, … hold numbers (row i holds i), except row 32, which holds nothing.
    const num = {
      kind: 'num' as const,
      type: 'long' as const,
      values: Float64Array.from({ length: n }, (_, i) => i),
      valid: Uint8Array.from({ length: n }, (_, i) => +(i % 8 === 0 && i !== 32)),
    }
    const b: Batch = { length: n, sel: null, cols: [splitMixed([str, num], n), batch(n, 1).cols[1]] }
    const [t] = codeTests(codeConjuncts(where("m == 'v1'")) ?? [], b, scope) ?? []
    // null, v0, v1, v2, then the 7 number rows (all fail `== 'v1'`).
    expect([...(t?.pass ?? [])]).toEqual([0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0])
    expect(t?.codes[8]).toBe(3 + 1)
    expect(t?.codes[32]).toBe(-1)
    expect(t?.codes[1]).toBe(1)
    // Again over the same vector (its other rows are found once and kept): the same test.
    const [again] = codeTests(codeConjuncts(where("m == 'v1'")) ?? [], b, scope) ?? []
    expect([...(again?.pass ?? [])]).toEqual([...(t?.pass ?? [])])
    expect([...(again?.codes ?? [])]).toEqual([...(t?.codes ?? [])])
    // Too many rows of another type: nothing saved, declined.
    const many = { ...num, valid: new Uint8Array(n).fill(1) }
    const strNone = { ...str, codes: new Int32Array(n).fill(-1) }
    const mostlyNumbers: Batch = { ...b, cols: [splitMixed([strNone, many], n), b.cols[1]] }
    expect(codeTests(codeConjuncts(where("m == 'v1'")) ?? [], mostlyNumbers, scope)).toBeUndefined()
  })

  it('declines two columns in one conjunct, a call, and a dictionary not much smaller than the batch', () => {
    expect(codeConjuncts(where("m == k and k == 'x'"))).toBeUndefined()
    expect(codeConjuncts(where("tolower(m) == 'v1'"))).toBeUndefined()
    expect(codeConjuncts(where("m == 'v1'"))).toHaveLength(1)
    expect(codeTests(codeConjuncts(where("m == 'v1'")) ?? [], batch(20, 12), scope)).toBeUndefined()
  })
})
