// test/differential/random-query-gen.ts: fast-check generators of small event datasets (strings,
// longs, reals, bools, nulls, a mixed string|long field, a declared timespan field `d` given as ns or
// duration text, a map field `c`, unique times over nine days) and of APL
// queries over them from a small grammar. `take` always follows a total order (unique `_time` or all
// group keys); `top` has one key, so its last tie run may legitimately differ (see result-diff.ts).
import fc from 'fast-check'

/** One generated event (absent fields are null). */
export type GenEvent = Record<string, unknown>

/** Dataset name every generated query reads. */
export const DATASET = 'ev'

/** What the dataset declares before ingest: `d` a timespan, `c` a map field. */
export const DECLARED = { fieldTypes: { d: 'timespan' as const }, mapFields: ['c'] }

const DAY_MS = 86_400_000
/** First event time of a generated dataset: 2026-01-01T00:00:00Z. */
export const START_MS = Date.UTC(2026, 0, 1)

const S_VALUES = ['GET', 'POST', 'get', 'Put', 'DELETE', '']
const W_VALUES = [
  'request served',
  'upstream timed out',
  'foo_bar baz',
  'Error: upstream timed out',
  'café crème',
  'user-42 patched',
  '',
]
const M_VALUES: unknown[] = ['200', '404', 'abc', 500, 503, '500', 200, 7.5, -3]

const nullable = <T>(a: fc.Arbitrary<T>, freq = 5) => fc.option(a, { nil: undefined, freq })
const real = fc
  .double({ min: -1000, max: 1000, noNaN: true, noDefaultInfinity: true })
  .map((x) => (Object.is(x, -0) ? 0 : x))

const eventBody = fc.record({
  s: nullable(fc.constantFrom(...S_VALUES)),
  w: nullable(fc.constantFrom(...W_VALUES)),
  n: nullable(fc.oneof(fc.integer({ min: -50, max: 5000 }), fc.constantFrom(0, 1, 100, 200))),
  x: nullable(fc.oneof(real, fc.constantFrom(0.5, 1.25, 2, 10))),
  b: nullable(fc.boolean()),
  m: nullable(fc.constantFrom(...M_VALUES)),
  // A declared timespan: numbers are ns, text a duration.
  d: nullable(
    fc.oneof(
      fc.integer({ min: 0, max: 5_000_000_000 }),
      fc.constantFrom('250ms', '1s', '1.5s', '00:00:02', '100us', 0, 500_000_000),
    ),
  ),
  // A map field: objects kept whole, keys with dots, some keys missing.
  c: nullable(
    fc.record(
      {
        'k.a': fc.constantFrom('x', 'y', 'GET', ''),
        n: fc.integer({ min: -2, max: 9 }),
        deep: fc.constant({ z: 1 }),
      },
      { requiredKeys: [] },
    ),
  ),
})

/** A dataset of 1–40 events with unique millisecond times spread over nine days, in time order. */
export const datasetArb: fc.Arbitrary<GenEvent[]> = fc
  .uniqueArray(fc.integer({ min: 0, max: 9 * DAY_MS - 1 }), { minLength: 1, maxLength: 40 })
  .chain((offsets) =>
    fc.array(eventBody, { minLength: offsets.length, maxLength: offsets.length }).map((bodies) => {
      const times = [...offsets].sort((a, b) => a - b)
      return bodies.map((body, i) => {
        // The first event carries every field, so every field exists in the schema.
        const first = {
          s: 'GET',
          w: 'request served',
          n: 7,
          x: 1.5,
          b: true,
          m: 'abc',
          d: 1_000_000,
          c: { n: 1 },
        }
        const full = i === 0 ? { ...first, ...clean(body) } : body
        return { _time: new Date(START_MS + times[i]).toISOString(), ...clean(full) }
      })
    }),
  )

function clean(o: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(o)) if (v !== undefined) out[k] = v
  return out
}

type Gen = fc.GeneratorValue
type Ty = 'long' | 'real' | 'string' | 'bool' | 'mixed' | 'datetime' | 'timespan' | 'map'
interface Col {
  readonly name: string
  readonly ty: Ty
}

const BASE: Col[] = [
  { name: '_time', ty: 'datetime' },
  { name: 's', ty: 'string' },
  { name: 'w', ty: 'string' },
  { name: 'n', ty: 'long' },
  { name: 'x', ty: 'real' },
  { name: 'b', ty: 'bool' },
  { name: 'm', ty: 'mixed' },
  { name: 'd', ty: 'timespan' },
  { name: 'c', ty: 'map' },
]

const pick = <T>(g: Gen, xs: readonly T[]): T => xs[g(fc.nat, { max: xs.length - 1 })]
/** Columns with one value to compare or order (not a map field). */
const scalars = (cols: readonly Col[]) => cols.filter((c) => c.ty !== 'map')
const SPANS = ['0s', '100microsecond', '250ms', '500ms', '1s', '2s', '1.5s']
const numeric = (cols: readonly Col[]) => cols.filter((c) => c.ty === 'long' || c.ty === 'real')
const strings = (cols: readonly Col[]) => cols.filter((c) => c.ty === 'string')

const CMP = ['==', '!=', '<', '<=', '>', '>=']
const STR_OPS = [
  '==',
  '!=',
  '=~',
  '!~',
  'contains',
  '!contains',
  'startswith',
  '!startswith',
  'endswith',
  '!endswith',
  'has',
  '!has',
  // #20 string part: the T3 string operators.
  'has_cs',
  'hasprefix',
  '!hasprefix',
  'hassuffix_cs',
  '!hassuffix',
  'contains_cs',
  '!startswith_cs',
]
const NEEDLES = ['GET', 'get', 'ge', 'T', 'timed out', 'out', 'served', 'foo', 'baz', 'café', 'e', '', 'user']

function literalFor(g: Gen, ty: Ty): string {
  if (ty === 'long') return String(pick(g, [0, 1, 7, 100, 200, 1000, -5]))
  if (ty === 'real') return pick(g, ['0.5', '1.25', '0', '10', '-3.5', '100.0'])
  if (ty === 'bool') return pick(g, ['true', 'false'])
  if (ty === 'mixed') return pick(g, ["'200'", '500', "'abc'", '300'])
  return `'${pick(g, NEEDLES)}'`
}

function atom(g: Gen, cols: readonly Col[]): string {
  const c = pick(
    g,
    cols.filter((x) => x.ty !== 'datetime'),
  )
  const form = g(fc.nat, { max: 9 })
  if (c.ty === 'map') {
    if (form === 0) return `${pick(g, ['isnull', 'isnotnull'])}(${c.name}${pick(g, ['', "['k.a']", '.n'])})`
    if (form <= 3)
      return `${c.name}['k.a'] ${pick(g, ['==', '!=', '=~', 'has'])} '${pick(g, ['x', 'y', 'get', ''])}'`
    if (form <= 5) return `${c.name}.n ${pick(g, CMP)} ${pick(g, [0, 1, 5])}`
    if (form === 6) return `toint(${c.name}['n']) in (1, 2, 3)`
    return `${c.name}.deep.z == 1`
  }
  if (c.ty === 'timespan') {
    if (form === 0) return `${pick(g, ['isnull', 'isnotnull'])}(${c.name})`
    if (form === 1) return `${c.name} between (${pick(g, SPANS)} .. 3s)`
    if (form === 2) return `${c.name} / 1ms ${pick(g, CMP)} ${pick(g, [0, 250, 1000])}`
    return `${c.name} ${pick(g, CMP)} ${pick(g, SPANS)}`
  }
  if (form === 0) return `${pick(g, ['isnull', 'isnotnull', 'isempty', 'isnotempty'])}(${c.name})`
  if (c.ty === 'string' || (c.ty === 'mixed' && form < 4)) {
    if (form === 1)
      return `${c.name} ${pick(g, ['in', '!in', 'in~', '!in~', 'has_any', 'has_any_cs'])} ('GET', 'POST', '')`
    return `${c.name} ${pick(g, STR_OPS)} '${pick(g, NEEDLES)}'`
  }
  if (c.ty === 'bool')
    return pick(g, [`${c.name}`, `${c.name} == true`, `${c.name} != false`, `not(${c.name})`])
  if (form === 1 && c.ty === 'long') return `${c.name} ${pick(g, ['in', '!in'])} (0, 1, 7, 200)`
  if (form === 2 && c.ty !== 'mixed') return `${c.name} between (${literalFor(g, c.ty)} .. 1000)`
  return `${c.name} ${pick(g, CMP)} ${literalFor(g, c.ty)}`
}

function predicate(g: Gen, cols: readonly Col[], depth = 0): string {
  const k = depth >= 2 ? 0 : g(fc.nat, { max: 4 })
  if (k <= 2) return atom(g, cols)
  const op = k === 3 ? 'and' : 'or'
  return `(${predicate(g, cols, depth + 1)} ${op} ${predicate(g, cols, depth + 1)})`
}

/** Numeric and string expressions for `extend`, with their result type. */
function extension(g: Gen, cols: readonly Col[]): { text: string; ty: Ty } {
  const nums = numeric(cols)
  const a = pick(g, nums).name
  const b = pick(g, nums).name
  const s = pick(g, strings(cols)).name
  const forms: [string, Ty][] = [
    [`${a} + ${b}`, 'real'],
    [`n * 2 - 1`, 'long'],
    [`n % 7`, 'long'],
    [`n / 3`, 'long'],
    [`x % ${pick(g, ['3', '-2.5'])}`, 'real'],
    [`x * 0.5 + ${a}`, 'real'],
    [`todouble(m)`, 'real'],
    [`toreal(n) / 4`, 'real'],
    [`abs(${a})`, 'real'],
    [`round(x, 1)`, 'real'],
    [`floor(x)`, 'real'],
    [`bin(n, 10)`, 'long'],
    [`iff(b, n, -1)`, 'long'],
    [`strlen(${s})`, 'long'],
    [`tolower(${s})`, 'string'],
    [`toupper(${s})`, 'string'],
    [`strcat(${s}, '/', w)`, 'string'],
    [`tostring(n)`, 'string'],
    // Per-value arithmetic on the mixed column: each row's own type decides (long, real or null).
    [`m + ${a}`, 'mixed'],
    [`m * 1.0 / 3`, 'mixed'],
    [`m / 3 - n`, 'mixed'],
    [`m % 7`, 'mixed'],
    [`-m`, 'mixed'],
    [`abs(m)`, 'mixed'],
    [`floor(m * 0.5)`, 'mixed'],
    [`bin(m, 100)`, 'mixed'],
    [`round(m)`, 'real'],
    [`tostring(m * 1.0)`, 'string'],
    // #20 string part: string, regex and encoding functions over dictionary columns.
    [`trim('Gg', ${s})`, 'string'],
    [`trim_space(${s})`, 'string'],
    [`replace_string('e', 'E', ${s})`, 'string'],
    [`countof('e', ${s})`, 'long'],
    [`strcmp(${s}, w)`, 'long'],
    [`string_size(${s})`, 'long'],
    [`translate('aeiou', 'AEIOU', ${s})`, 'string'],
    [`replace_regex('[aeiou]+', '<$0>', ${s})`, 'string'],
    [`countof_regex('[a-z]', ${s})`, 'long'],
    [`indexof_regex(${s}, 'e', 1)`, 'long'],
    [`url_encode(${s})`, 'string'],
    [`base64_encode_tostring(${s})`, 'string'],
    [`format_bytes(n, 1)`, 'string'],
    // Timespans (declared `d`) and map-field keys.
    [`d / 1ms`, 'real'],
    [`d * 2 + 1s`, 'timespan'],
    [`bin(d, 1s)`, 'timespan'],
    [`tostring(d)`, 'string'],
    [`totimespan(n)`, 'timespan'],
    [`_time + d`, 'datetime'],
    [`tostring(c['k.a'])`, 'string'],
    [`toint(c.n) * 2`, 'long'],
    [`c`, 'map'],
    // Dynamic values (#22): arrays built per row, read back as scalars.
    [`array_length(pack_array(n, ${a}, m))`, 'long'],
    [`array_sum(pack_array(n, x, m))`, 'real'],
    [`series_sum(series_multiply(pack_array(n, x), pack_array(${a}, 2)))`, 'real'],
    [`todouble(series_stats(pack_array(n, x, ${b}))[4])`, 'real'],
    [`strcat_array(array_sort_asc(pack_array(${s}, w, m)), '-')`, 'string'],
    [`array_index_of(pack_array(${s}, w), 'GET')`, 'long'],
    [`tostring(set_union(pack_array(${s}), pack_array(w, ${s})))`, 'string'],
    [`len(${s})`, 'long'],
    // IP functions (#20): addresses built from n (null rows; invalid when negative or > 255).
    [`parse_ipv4(strcat('10.0.', n, '.1'))`, 'long'],
    [`tostring(ipv4_is_in_range(strcat('10.', n % 300, '.0.1'), '10.0.0.0/9'))`, 'string'],
    [`format_ipv4_mask(strcat('192.168.', n, '.7'), 20)`, 'string'],
    [`tostring(has_ipv4(strcat(${s}, ' 10.1.1.', n), '10.1.1.7'))`, 'string'],
    [`ipv6_compare(strcat('2001:db8::', n), '2001:db8::100')`, 'long'],
    // GenAI functions (#20): a conversation as JSON text built from s and w (null rows), tokens from n.
    [
      `genai_extract_user_prompt(strcat('[{"role":"user","content":"', ${s}, '"},{"role":"assistant","content":"', w, '"}]'))`,
      'string',
    ],
    [`genai_estimate_tokens(${s})`, 'long'],
    [`genai_input_cost('gpt-4o', n)`, 'real'],
    // Math, datetime, hash, type and conversion functions (#20, mathtime).
    [`sqrt(x)`, 'real'],
    [`pow(${a}, 2)`, 'real'],
    [`log10(${a})`, 'real'],
    [`sign(n)`, 'long'],
    [`max_of(n, ${a})`, 'real'],
    [`min_of(x, ${b})`, 'real'],
    [`hourofday(_time)`, 'long'],
    [`dayofweek(_time)`, 'long'],
    [`datetime_part('minute', _time)`, 'long'],
    [`week_of_year(_time)`, 'long'],
    [`startofday(_time)`, 'datetime'],
    [`endofmonth(_time, -1)`, 'datetime'],
    [`datetime_add('month', n % 5, _time)`, 'datetime'],
    [`hash_md5(${s})`, 'string'],
    [`hash_sha1(m)`, 'string'],
    [`gettype(m)`, 'string'],
    [`tobool(m)`, 'bool'],
    [`tohex(n, 4)`, 'string'],
  ]
  const [text, ty] = pick(g, forms)
  // abs/floor/+ keep a long's type: say 'real' only when unsure; used only as a numeric argument.
  return { text, ty }
}

const AGG_NUM = ['sum', 'avg', 'min', 'max']

/** One aggregation call over `cols` (output `i`). */
function aggregation(g: Gen, cols: readonly Col[], i: number): string {
  const nums = numeric(cols)
  const num = () => pick(g, nums).name
  const str = () => pick(g, strings(cols)).name
  const any = () =>
    pick(
      g,
      cols.filter((c) => c.ty !== 'datetime' && c.ty !== 'bool' && c.ty !== 'map'),
    ).name
  const k = g(fc.nat, { max: 22 })
  // Over the declared timespan `d`, and over a map field's key.
  if (k === 20)
    return pick(g, ['sum(d)', 'avg(d)', 'min(d)', 'max(d)', 'percentile(d, 90)', 'percentile(d, 50)'])
  if (k === 21)
    return pick(g, ['percentiles_array(d, 10, 90)', 'make_list(d)', 'make_set(d)', 'dcount(d)', 'topk(d, 2)'])
  // phrases / spotlight (#21, agg21b): a string column's phrases; a predicate's cohort over columns.
  if (k === 22 && g(fc.boolean)) return analysisAggregation(g, cols)
  if (k === 22)
    return pick(g, [
      "dcount(tostring(c['k.a']))",
      "make_set(tostring(c['k.a']))",
      "topk(tostring(c['k.a']), 2)",
    ])
  if (k >= 16) return argExtremum(g, cols, k, i)
  if (k === 0) return 'count()'
  if (k === 1) return `countif(${predicate(g, cols, 1)})`
  if (k <= 5) return `${pick(g, AGG_NUM)}(${num()})`
  if (k === 6) return `dcount(${any()})`
  if (k === 7) return `percentile(${num()}, ${pick(g, [0, 1, 25, 50, 90, 95, 99, 100])})`
  if (k === 8) return `topk(${pick(g, [str(), 'n', 'm'])}, ${pick(g, [1, 2, 3])})`
  if (k === 9) return `make_set(${pick(g, [str(), 'n'])})`
  if (k === 10) return `make_list(${pick(g, [str(), 'n'])})`
  if (k === 11) return `${pick(g, ['sumif', 'avgif', 'minif', 'maxif'])}(${num()}, ${atom(g, cols)})`
  if (k === 12) return `dcountif(${any()}, ${atom(g, cols)})`
  if (k === 13) return `percentiles_array(${num()}, 10, 50, 90)`
  if (k === 14) return `min(${any()})`
  return `max(${str()})`
}

/** phrases over a string column, or spotlight of a predicate over one to three columns or `*`. */
function analysisAggregation(g: Gen, cols: readonly Col[]): string {
  if (g(fc.boolean)) return `phrases(${pick(g, strings(cols)).name}, ${pick(g, [1, 3, 50])})`
  const fields = g(fc.nat, { max: 3 })
  const names = Array.from({ length: fields }, () => pick(g, cols).name)
  return `spotlight(${predicate(g, cols, 1)}, ${fields === 0 ? '*' : names.join(', ')})`
}

/**
 * An arg_min / arg_max call (output `i`): returned columns listed, `*`, or named (`r<i> = …`), after
 * a column or an expression; the value compared is a number, string, mixed, bool or `_time` column
 * (ties are common). The last form names its value column `a<i>` itself (`arg_max(a<i> = x, …)`).
 */
function argExtremum(g: Gen, cols: readonly Col[], k: number, i: number): string {
  const fn = pick(g, ['arg_max', 'arg_min'])
  const value = pick(g, [...scalars(cols).filter((c) => c.ty !== 'datetime'), BASE[0]]).name
  const returned = () => pick(g, cols).name
  if (k === 16) return `${fn}(${value}, ${returned()}${g(fc.boolean) ? `, ${returned()}` : ''})`
  if (k === 17) return `${fn}(${value}, *)`
  if (k === 18) return `${fn}(${pick(g, ['strlen(s)', 'n % 3', 'tolower(w)'])}, r${i} = ${returned()})`
  // Named value column: the caller leaves it unprefixed.
  return `${fn}(a${i} = ${value}, _time, m)`
}

function groupKey(g: Gen, cols: readonly Col[]): string {
  const forms = [
    's',
    'b',
    'm',
    'w',
    `bin(_time, ${pick(g, ['1d', '12h', '2d', '1h'])})`,
    `bin(n, ${pick(g, [10, 100, 1000])})`,
    `k = strlen(${pick(g, strings(cols)).name})`,
    `ok = n > 100`,
    `bin(d, ${pick(g, ['1s', '500ms'])})`,
    `ck = tostring(c['k.a'])`,
  ]
  return pick(g, forms)
}

const keyName = (k: string) => (k.startsWith('bin(_time') ? '_time' : k.includes('=') ? k.split(' ')[0] : k)
const keyExprName = (k: string) => (k.startsWith('bin(n') ? 'n' : k.startsWith('bin(d') ? 'd' : keyName(k))

/** A random query over dataset `ev`, with a total order before every take/top. */
export function query(g: Gen): string {
  const stages: string[] = [DATASET]
  let cols: Col[] = [...BASE]
  for (let i = g(fc.nat, { max: 2 }); i > 0; i--) stages.push(`where ${predicate(g, cols)}`)
  // sample (#21): seeded in the query text, so the engine and the reference keep the same rows.
  if (g(fc.nat, { max: 4 }) === 0) {
    stages[0] = `set sample_seed = ${g(fc.nat)}; ${DATASET}`
    stages.push(`sample ${pick(g, ['0.2', '0.5', '0.9'])}`)
  }
  if (g(fc.boolean)) {
    const n = g(fc.integer, { min: 1, max: 2 })
    const parts: string[] = []
    const input = cols // an extend's assignments see only its input row
    for (let i = 0; i < n; i++) {
      const e = extension(g, input)
      parts.push(`e${i} = ${e.text}`)
      cols = [...cols, { name: `e${i}`, ty: e.ty }]
    }
    stages.push(`extend ${parts.join(', ')}`)
    if (g(fc.boolean)) stages.push(`where ${predicate(g, cols)}`)
  }
  const shape = g(fc.nat, { max: 9 })
  if (shape <= 4) {
    // summarize, then maybe filter/sort/top over the aggregated rows
    const nAgg = g(fc.integer, { min: 1, max: 4 })
    const aggs = Array.from({ length: nAgg }, (_, i) => {
      const a = aggregation(g, cols, i)
      return a.includes(`(a${i} = `) ? a : `a${i} = ${a}`
    })
    const nKeys = g(fc.nat, { max: 2 })
    const keys: string[] = []
    for (let i = 0; i < nKeys; i++) {
      const k = groupKey(g, cols)
      if (!keys.some((x) => keyExprName(x) === keyExprName(k))) keys.push(k)
    }
    stages.push(`summarize ${aggs.join(', ')}${keys.length ? ` by ${keys.join(', ')}` : ''}`)
    const tail = g(fc.nat, { max: 4 })
    const keyNames = keys.map(keyExprName)
    const order = () => keyNames.map((k) => `${k} ${pick(g, ['asc', 'desc'])}`)
    if (tail === 1) stages.push(`where a0 ${pick(g, ['>', '<', '!='])} 1`)
    else if (tail === 2 && keys.length > 0) stages.push(`sort by ${order().join(', ')}`)
    else if (tail === 3 && keys.length > 0)
      stages.push(`top ${g(fc.integer, { min: 1, max: 5 })} by ${order()[0]}`)
    else if (tail === 4 && keys.length > 0)
      stages.push(`sort by ${order().join(', ')} | take ${g(fc.integer, { min: 1, max: 5 })}`)
    return stages.join(' | ')
  }
  if (shape === 5) {
    stages.push('count')
    return stages.join(' | ')
  }
  if (g(fc.boolean)) {
    const keep = cols.filter((c) => c.name !== '_time' && g(fc.boolean)).map((c) => c.name)
    stages.push(`project _time${keep.map((k) => `, ${k}`).join('')}`)
    cols = cols.filter((c) => c.name === '_time' || keep.includes(c.name))
  }
  const sortable = scalars(cols).filter((c) => c.ty !== 'mixed')
  const key = pick(g, sortable).name
  const dir = pick(g, ['asc', 'desc'])
  const tiebreak = key === '_time' ? '' : `, _time ${pick(g, ['asc', 'desc'])}`
  const nRows = g(fc.integer, { min: 1, max: 12 })
  if (shape === 6) stages.push(`sort by ${key} ${dir}${tiebreak}`)
  else if (shape === 7) stages.push(`top ${nRows} by ${key} ${dir}`)
  else if (shape === 8) stages.push(`take ${nRows}`)
  else stages.push(`sort by ${key} ${dir}${tiebreak} | take ${nRows}`)
  return stages.join(' | ')
}
