// test/unit/plan/bind.prop.test.ts: binding never throws. Queries from a small grammar-based generator
// over the sample-http-logs schema (valid and misspelled names, T1–T3 functions and operators) and raw
// strings yield a plan or diagnostics with codes from the table and spans inside the text.

import fc from 'fast-check'
import { expect, it } from 'vitest'
import { isCode } from '../../../src/diagnostics/codes.ts'
import { type BindResult, explainPlan } from '../../../src/plan/index.ts'
import { bind } from './fixtures.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`bind.prop seed=${seed}`)

const FIELDS = [
  'status',
  'method',
  'uri',
  'req_duration_ms',
  'resp_body_size_bytes',
  '_time',
  '_sysTime',
  'is_tls',
  'id',
  "['geo.city']",
  "['geo.country']",
  'geo.city',
  'geo.cty',
  'stauts',
  'x.y',
  'count_',
]
const STRINGS = ["'200'", '"GET"', "'/api'", "'5*'", '"*pay*"', "''"]
const NUMBERS = ['1', '0', '500', '1.5', '-3', '99.5', '150']
const TIMES = ['1h', '5m', '1d', 'ago(1h)', 'now()', "datetime('2024-01-01')"]
const CMP = [
  '==',
  '!=',
  '<',
  '<=',
  '>',
  '>=',
  '=~',
  '!~',
  'startswith',
  'endswith',
  '!endswith',
  'has',
  'contains',
  'has_cs',
  ':',
]
const SCALAR_FNS = [
  'todouble',
  'toreal',
  'toint',
  'tostring',
  'strlen',
  'bin',
  'bin_auto',
  'hash_md5',
  'strlne',
  'iff',
  'not',
  'isnull',
]
const AGGS = [
  'count',
  'dcount',
  'avg',
  'min',
  'max',
  'percentile',
  'topk',
  'sum',
  'countif',
  'stdev',
  'cuont',
  'make_list',
]
const SOURCES = [
  "['sample-http-logs']",
  "['sample-http-logs']",
  "['mixed-http-logs']",
  "['otel-demo-traces']",
  "['sample-http-log']",
  'union github*',
]

const pick = (xs: readonly string[]) => fc.constantFrom(...xs)

const { expr } = fc.letrec<{ atom: string; expr: string }>((tie) => ({
  atom: fc.oneof(
    pick(FIELDS),
    pick(STRINGS),
    pick(NUMBERS),
    pick(TIMES),
    fc.constant('*'),
    fc.constant('null'),
  ),
  expr: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('atom'),
    fc.tuple(tie('expr'), pick(CMP), tie('expr')).map(([a, op, b]) => `${a} ${op} ${b}`),
    fc
      .tuple(tie('expr'), pick(['and', 'or', '+', '*', '/', '%']), tie('expr'))
      .map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc
      .tuple(pick(SCALAR_FNS), fc.array(tie('expr'), { maxLength: 3 }))
      .map(([f, args]) => `${f}(${args.join(', ')})`),
    fc
      .tuple(pick(AGGS), fc.array(tie('expr'), { maxLength: 2 }))
      .map(([f, args]) => `${f}(${args.join(', ')})`),
    fc
      .tuple(tie('expr'), fc.array(pick([...STRINGS, ...NUMBERS]), { minLength: 1, maxLength: 3 }))
      .map(([a, vs]) => `${a} in (${vs.join(', ')})`),
    fc.tuple(tie('expr'), pick(NUMBERS), pick(NUMBERS)).map(([a, l, h]) => `${a} between (${l} .. ${h})`),
  ),
}))

const named = fc
  .tuple(fc.option(pick(['x', 'n', 'count_', '_time', 'x'])), expr)
  .map(([n, e]) => (n ? `${n} = ${e}` : e))
const list = (arb: fc.Arbitrary<string>) =>
  fc.array(arb, { minLength: 1, maxLength: 3 }).map((xs) => xs.join(', '))

const operator = fc.oneof(
  expr.map((e) => `where ${e}`),
  fc.tuple(list(named), fc.option(list(named))).map(([a, b]) => `summarize ${a}${b ? ` by ${b}` : ''}`),
  fc.tuple(pick(NUMBERS), expr, pick(['', ' asc', ' desc'])).map(([n, e, o]) => `top ${n} by ${e}${o}`),
  fc.tuple(pick(['', 'kind=case_sensitive ']), expr).map(([k, e]) => `search ${k}${e}`),
  list(named).map((c) => `extend ${c}`),
  list(named).map((c) => `project ${c}`),
  list(pick([...FIELDS.filter((f) => !f.includes('.')), 'geo*', '*'])).map((c) => `project-away ${c}`),
  pick(NUMBERS).map((n) => `take ${n}`),
  list(expr).map((e) => `sort by ${e}`),
  fc.constant('count'),
  list(pick(['method', 'status', 'uri', '*'])).map((c) => `distinct ${c}`),
  fc.constant("join (['sample-http-logs']) on id"),
  fc.constant("union ['otel-demo-traces']"),
  fc.constant('make-series count() on _time step 1h by method'),
  fc.constant('parse uri with * "/" x'),
  fc.constant('getschema'),
)

const query = fc
  .tuple(
    fc.option(pick(['let n = 5; ', 'set stricttypes; ', 'let T = datatable(a:long)[1]; ', 'set strict; ']), {
      freq: 3,
    }),
    pick([...SOURCES, 'print x = 1', 'search "x"']),
    fc.array(operator, { maxLength: 4 }),
  )
  .map(([pre, src, ops]) => `${pre ?? ''}${[src, ...ops].join(' | ')}`)

function checkResult(text: string, r: BindResult): void {
  if (r.plan !== undefined) {
    expect(typeof explainPlan(r.plan)).toBe('string')
    for (const w of r.warnings) expect(isCode(w.code)).toBe(true)
    return
  }
  expect(r.diagnostics.length).toBeGreaterThan(0)
  for (const d of r.diagnostics) {
    expect(isCode(d.code), d.code).toBe(true)
    expect(d.span.start).toBeGreaterThanOrEqual(0)
    expect(d.span.length).toBeGreaterThanOrEqual(0)
    expect(d.span.start + d.span.length).toBeLessThanOrEqual(text.length)
    expect(d.code).not.toBe('APL0900')
  }
}

it('generated queries bind to a plan or to well-formed diagnostics, never throwing', () => {
  const outcomes = { plan: 0, diagnostics: 0 }
  fc.assert(
    fc.property(query, (text) => {
      const r = bind(text)
      outcomes[r.plan === undefined ? 'diagnostics' : 'plan']++
      checkResult(text, r)
    }),
    { seed, numRuns: 1500, interruptAfterTimeLimit: 20_000 },
  )
  // The generator must reach the binder's success path, not only its errors.
  expect(outcomes.plan).toBeGreaterThan(20)
})

it('arbitrary text never makes compileApl throw', () => {
  const tokens = pick([
    '|',
    'where',
    'summarize',
    'by',
    '(',
    ')',
    ',',
    '==',
    "'x'",
    'status',
    '1',
    'count()',
    "['sample-http-logs']",
    ' ',
  ])
  const text = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.array(tokens, { maxLength: 12 }).map((xs) => xs.join(' ')),
  )
  fc.assert(
    fc.property(text, (t) => checkResult(t, bind(t))),
    { seed, numRuns: 1000, interruptAfterTimeLimit: 15_000 },
  )
})
