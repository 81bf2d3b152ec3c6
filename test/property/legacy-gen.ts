// test/property/legacy-gen.ts: fast-check generators for the legacy differential test: small datasets
// (mixed-type, missing and dotted fields, tied times) and random legacy requests over them — every
// filter op in every spelling and letter case, both case flags, every supported aggregation with its
// argument shapes, groupBy, resolution, order, limit, project. Plus the test's OWN legacy → APL
// mapping, written from api-contract.md §2 without calling src/legacy.
import fc from 'fast-check'

/** Dataset every generated request reads. */
export const DATASET = 'legacy-ds'
/** First event time: 2026-01-01T00:00:00Z. */
export const START_MS = Date.UTC(2026, 0, 1)
const HOUR_MS = 3_600_000

type Json = Record<string, unknown>

const METHODS = ['GET', 'get', 'Post', 'POST', 'delete', 'héllo', '']
const MESSAGES = ['upstream timed out', 'Request served', 'foo_bar', 'ERROR: x', 'a.b-c', '']
const STATUS: unknown[] = ['200', 200, '404', 404, '5xx', 503]
const CITIES = ['Berlin', 'berlin', 'São Paulo', 'Tokyo']

const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined, freq: 4 })

const eventBody = fc.record({
  method: opt(fc.constantFrom(...METHODS)),
  msg: opt(fc.constantFrom(...MESSAGES)),
  status: opt(fc.constantFrom(...STATUS)),
  n: opt(fc.oneof(fc.integer({ min: -20, max: 500 }), fc.constantFrom(0.5, 2.25, 99.5, -1.5))),
  bytes: opt(fc.integer({ min: 0, max: 5000 })),
  ok: opt(fc.boolean()),
  city: opt(fc.constantFrom(...CITIES)),
})

/** 1–40 events over ~two days on a coarse grid (so `_time` ties happen); the first has every field. */
export const datasetArb: fc.Arbitrary<Json[]> = fc
  .array(fc.tuple(fc.integer({ min: 0, max: 48 }), eventBody), { minLength: 1, maxLength: 40 })
  .map((rows) =>
    rows.map(([slot, body], i) => {
      const full: Json = { method: 'GET', msg: 'x', status: '200', n: 1, bytes: 1, ok: true, city: 'Berlin' }
      const e: Json = { _time: new Date(START_MS + slot * HOUR_MS).toISOString() }
      for (const [k, given] of Object.entries(body)) {
        const v = given === undefined && i === 0 ? full[k] : given
        if (v === undefined) continue
        if (k === 'city') e.geo = { city: v }
        else e[k] = v
      }
      return e
    }),
  )

/** Field kinds the generator draws values for. */
type Kind = 'string' | 'mixed' | 'number' | 'bool' | 'time' | 'missing'
const FIELDS: readonly { readonly name: string; readonly kind: Kind }[] = [
  { name: 'method', kind: 'string' },
  { name: 'msg', kind: 'string' },
  { name: 'geo.city', kind: 'string' },
  { name: 'status', kind: 'mixed' },
  { name: 'n', kind: 'number' },
  { name: 'bytes', kind: 'number' },
  { name: 'ok', kind: 'bool' },
  { name: '_time', kind: 'time' },
  { name: 'nope', kind: 'missing' },
]
const NUMERIC = ['n', 'bytes']
const GROUPABLE = ['method', 'ok', 'geo.city', 'status', 'nope']

/** Spellings per canonical op (§2.2). */
export const SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  '==': ['==', 'eq'],
  '!=': ['!=', 'ne'],
  exists: ['exists'],
  'not-exists': ['not-exists'],
  '>': ['>', 'gt'],
  '>=': ['>=', 'gte'],
  '<': ['<', 'lt'],
  '<=': ['<=', 'lte'],
  'starts-with': ['starts-with'],
  'not-starts-with': ['not-starts-with'],
  'ends-with': ['ends-with'],
  'not-ends-with': ['not-ends-with'],
  contains: ['contains'],
  'not-contains': ['not-contains'],
  regexp: ['regexp'],
  'not-regexp': ['not-regexp'],
}
const CANONICAL = new Map(Object.entries(SPELLINGS).flatMap(([op, ss]) => ss.map((s) => [s, op] as const)))

function anyCase(g: fc.GeneratorValue, s: string): string {
  const mode = g(fc.constantFrom, 'lower', 'upper', 'mixed')
  if (mode === 'lower') return s
  if (mode === 'upper') return s.toUpperCase()
  return [...s].map((c, i) => (i % 2 ? c.toUpperCase() : c)).join('')
}

function valueFor(g: fc.GeneratorValue, kind: Kind, op: string): unknown {
  const stringy = ['starts-with', 'not-starts-with', 'ends-with', 'not-ends-with', 'contains', 'not-contains']
  if (op === 'regexp' || op === 'not-regexp') return g(fc.constantFrom, '^g', 'T$', 'o.*d', '[0-9]+', 'E')
  if (stringy.includes(op)) return g(fc.constantFrom, 'ge', 'GE', 'o', 'st', 'Ser', '', '0', 'lin')
  if (kind === 'time') return new Date(START_MS + g(fc.integer, { min: 0, max: 48 }) * HOUR_MS).toISOString()
  const pool: Record<Kind, unknown[]> = {
    string: [...METHODS, ...MESSAGES, ...CITIES, null],
    mixed: ['200', 200, '404', 404, '5xx', 'x', 300, null],
    number: [0, 1, 2.25, 99.5, 250, -1.5, '250', null],
    bool: [true, false, null],
    time: [],
    missing: ['x', 1, null],
  }
  const ordered = ['>', '>=', '<', '<=']
  const values = pool[kind].filter((v) => !(ordered.includes(op) && v === null))
  return g(fc.constantFrom, ...values)
}

function caseFlags(g: fc.GeneratorValue): Json {
  return g(
    fc.constantFrom,
    {},
    { caseSensitive: true },
    { caseSensitive: false },
    { caseInsensitive: true },
    { caseInsensitive: false },
  )
}

/** A random filter tree (depth ≤ 3). */
export function filterGen(g: fc.GeneratorValue, depth = 0): Json {
  if (depth < 2 && g(fc.integer, { min: 0, max: 3 }) === 0) {
    const op = g(fc.constantFrom, 'and', 'or', 'not')
    const n = g(fc.integer, { min: op === 'not' ? 1 : 0, max: 3 })
    return { op: anyCase(g, op), children: Array.from({ length: n }, () => filterGen(g, depth + 1)) }
  }
  const f = g(fc.constantFrom, ...FIELDS)
  // Legacy orders numbers, strings and times; APL has no order on bools (the request is refused).
  const ordered = ['>', '>=', '<', '<=']
  const ops = Object.keys(SPELLINGS).filter(
    (op) => !(f.kind === 'time' && op.includes('regexp')) && !(f.kind === 'bool' && ordered.includes(op)),
  )
  const op = g(fc.constantFrom, ...ops)
  const spelling = anyCase(g, g(fc.constantFrom, ...SPELLINGS[op]))
  const leaf: Json = { op: spelling, field: f.name, value: valueFor(g, f.kind, op), ...caseFlags(g) }
  // Children under a comparison must be ignored (Go integration suite).
  if (g(fc.integer, { min: 0, max: 5 }) === 0) leaf.children = [{ op: 'exists', field: 'nope' }]
  return leaf
}

const AGG_OPS = [
  'count',
  'distinct',
  'sum',
  'avg',
  'min',
  'max',
  'topk',
  'percentiles',
  'stdev',
  'variance',
  'makeset',
  'makelist',
  'rate',
  'countif',
  'distinctif',
  'makesetif',
  'argmin',
  'argmax',
]
/** Aggregations whose value is an array (no default sort key). */
export const ARRAY_OPS = ['topk', 'percentiles', 'histogram', 'makeset', 'makelist', 'makesetif']
// histogram is not generated: its buckets are estimates (see test/unit/legacy).
const NUMERIC_OPS = ['sum', 'avg', 'min', 'max', 'percentiles', 'stdev', 'variance', 'rate']
/** Aggregations whose value is an object of the extreme row's fields (argExtremumApl). */
export const ARG_OPS = ['argmin', 'argmax']

function argumentFor(g: fc.GeneratorValue, op: string): unknown {
  switch (op) {
    case 'topk':
      return g(fc.constantFrom, 2, { k: 3 }, undefined)
    case 'percentiles':
      return g(fc.constantFrom, 50, [25, 75], [90, 10, 99.5], undefined)
    case 'histogram':
      return g(fc.constantFrom, 3, { buckets: 2 }, undefined)
    case 'argmin':
    case 'argmax':
      return g(
        fc.constantFrom,
        undefined,
        null,
        ['method', 'n'],
        { fields: ['geo.city', 'nope', 'ok', 'geo.city'] },
        [],
        ['_time', 'status', 'bytes'],
      )
    case 'countif':
    case 'distinctif':
    case 'makesetif':
      return g(
        fc.constantFrom,
        'bytes > 1000',
        { op: '>=', field: 'n', value: 2 },
        { op: 'Starts-With', field: 'method', value: 'p' },
      )
    default:
      return undefined
  }
}

/** A random aggregation. */
function aggregationGen(g: fc.GeneratorValue): Json {
  const op = g(fc.constantFrom, ...AGG_OPS)
  const field =
    op === 'count' || op === 'countif'
      ? '*'
      : NUMERIC_OPS.includes(op)
        ? g(fc.constantFrom, ...NUMERIC, 'nope')
        : ARG_OPS.includes(op)
          ? g(fc.constantFrom, 'method', 'status', 'n', 'bytes', 'ok', 'geo.city', '_time', 'nope')
          : g(fc.constantFrom, 'method', 'status', 'n', 'ok', 'geo.city')
  const a: Json = { op: anyCase(g, op), field }
  if (g(fc.boolean)) a.alias = g(fc.constantFrom, 'x', 'y', 'count', 'method', `${op}_a`)
  const arg = argumentFor(g, op)
  if (arg !== undefined) a.argument = arg
  return a
}

/** Times of a request: a fixed window, Go's zero time (unset), or relative. */
function timesGen(g: fc.GeneratorValue): Json {
  return g(
    fc.constantFrom,
    { startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-03T00:00:00Z' },
    { startTime: '2026-01-01T06:00:00Z', endTime: '2026-01-02T12:00:00.5Z' },
    { startTime: '0001-01-01T00:00:00Z', endTime: '0001-01-01T00:00:00Z' },
    { startTime: 'now-9d', endTime: 'now-7d' },
  )
}

/** A random legacy request (aggregating or not). */
export function requestGen(g: fc.GeneratorValue): Json {
  const req: Json = { ...timesGen(g) }
  if (g(fc.boolean)) req.filter = filterGen(g)
  else req.filter = { op: '', field: '', value: null, caseSensitive: false, children: null }
  if (g(fc.boolean)) {
    const aggs = Array.from({ length: g(fc.integer, { min: 1, max: 3 }) }, () => aggregationGen(g))
    req.aggregations = aggs
    req.groupBy = g(fc.subarray, GROUPABLE, { maxLength: 2 })
    req.resolution = g(fc.constantFrom, 'auto', '1h', '6h', '1h30m', '24h', '')
    if (g(fc.boolean)) {
      // Not by an array-valued aggregation: the engine and the reference order containers differently.
      const alias = (a: Json) => (a.alias as string) ?? (a.op as string).toUpperCase()
      const isArray = (a: Json) => ARRAY_OPS.includes((a.op as string).toLowerCase())
      // An alias an array aggregation also carries names that one first (the order would be by it).
      const arrays = new Set(aggs.filter(isArray).map(alias))
      const names = [
        ...(req.groupBy as string[]),
        ...aggs.filter((a) => !isArray(a) && !arrays.has(alias(a))).map(alias),
      ]
      if (names.length > 0) req.order = [{ field: g(fc.constantFrom, ...names), desc: g(fc.boolean) }]
    }
    req.limit = g(fc.constantFrom, 0, 1, 2, 5)
  } else {
    req.aggregations = g(fc.constantFrom, null, [])
    if (g(fc.boolean)) req.order = [{ field: '_time', desc: g(fc.boolean) }]
    req.limit = g(fc.constantFrom, 0, 1, 3, 7)
    if (g(fc.boolean))
      req.project = [{ field: 'method', alias: 'm' }, { field: 'n' }, { field: 'geo.city', alias: 'c' }]
    req.resolution = 'auto'
  }
  return req
}

// ——— the test's own mapping to APL (independent of src/legacy) ———

/** `['name']`. */
export const col = (name: string) => `[${JSON.stringify(name)}]`

function lit(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v)
  return String(v)
}

const DATETIME_FIELDS = ['_time', '_sysTime']

/** The canonical op of a spelling in any case, or undefined. */
export function canonicalOp(spelling: string): string | undefined {
  return CANONICAL.get(spelling.toLowerCase())
}

function sensitive(f: Json): boolean {
  if (typeof f.caseSensitive === 'boolean') return f.caseSensitive
  if (typeof f.caseInsensitive === 'boolean') return !f.caseInsensitive
  return false
}

/** The APL predicate of a legacy filter (the contract's semantics, restated). */
export function predicateApl(f: Json, present: ReadonlySet<string>): string {
  const op = (f.op as string).toLowerCase()
  if (op === 'and' || op === 'or' || op === 'not') {
    const kids = ((f.children as Json[] | null) ?? [])
      .filter((c) => c.op !== '')
      .map((c) => `(${predicateApl(c, present)})`)
    if (op === 'not') return `not(${kids.join(' and ')})`
    if (kids.length === 0) return op === 'and' ? 'true' : 'false'
    return kids.join(` ${op} `)
  }
  const canon = canonicalOp(op) as string
  const field = f.field as string
  const v = f.value === undefined ? null : f.value
  const negated = canon.startsWith('not-') || canon === '!='
  if (!present.has(field)) {
    if (canon === '==') return String(v === null)
    if (canon === '!=') return String(v !== null)
    return String(negated)
  }
  const x = col(field)
  const cs = sensitive(f)
  const isTime = DATETIME_FIELDS.includes(field)
  const operand = () => (isTime && typeof v === 'string' ? `datetime(${v})` : lit(v))
  // String operators see a datetime as its RFC 3339 text.
  const text = isTime ? `tostring(${x})` : x
  const strOp = (name: string) =>
    `${text} ${negated ? '!' : ''}${name}${cs ? '_cs' : ''} ${JSON.stringify(String(v))}`
  switch (canon) {
    case '==':
    case '!=':
      if (v === null) return `${canon === '==' ? 'isnull' : 'isnotnull'}(${x})`
      if (typeof v === 'string' && !cs && !isTime) return `${x} ${canon === '==' ? '=~' : '!~'} ${lit(v)}`
      return `${x} ${canon} ${operand()}`
    case 'exists':
      return `isnotnull(${x})`
    case 'not-exists':
      return `isnull(${x})`
    case '>':
    case '>=':
    case '<':
    case '<=':
      return `${x} ${canon} ${operand()}`
    case 'starts-with':
    case 'not-starts-with':
      return strOp('startswith')
    case 'ends-with':
    case 'not-ends-with':
      return strOp('endswith')
    case 'contains':
    case 'not-contains':
      return strOp('contains')
    default:
      return `${text} ${negated ? '!' : ''}matches regex ${JSON.stringify(cs ? String(v) : `(?i)${v}`)}`
  }
}

/**
 * argmin/argmax number `i` (contract §2.3 as this server reads it): `arg_min/arg_max(field,
 * a<i>_<j> = returned field j)`, where the returned fields are the list given (no duplicates, not the
 * field itself), or every present field; the result object is built from these columns by the test.
 */
export function argExtremumApl(
  a: Json,
  i: number,
  present: ReadonlySet<string>,
): { apl: string; field: string; returned: string[] } {
  const fn = (a.op as string).toLowerCase() === 'argmin' ? 'arg_min' : 'arg_max'
  const field = a.field as string
  const arg = a.argument as unknown
  const list = Array.isArray(arg)
    ? arg
    : arg !== null && typeof arg === 'object'
      ? (arg as Json).fields
      : null
  const returned = [...new Set((list as string[] | null) ?? [...present])].filter((f) => f !== field)
  const f = present.has(field) ? col(field) : 'real(null)'
  const cols = returned.map((r, j) => `, a${i}_${j} = ${present.has(r) ? col(r) : 'dynamic(null)'}`)
  // Nothing to return: the extreme alone (APL's arg_max needs a returned column).
  const apl = cols.length === 0 ? `${fn.slice(4)}(${f})` : `${fn}(${f}${cols.join('')})`
  return { apl, field, returned }
}

/** The APL aggregation of a legacy aggregation (rate: per second of `seconds`). */
export function aggregationApl(a: Json, present: ReadonlySet<string>, seconds: number): string {
  const op = (a.op as string).toLowerCase()
  const f = present.has(a.field as string) ? col(a.field as string) : 'real(null)'
  const arg = a.argument as unknown
  const obj = (k: string) =>
    typeof arg === 'object' && arg !== null && !Array.isArray(arg) ? (arg as Json)[k] : arg
  const pred = () => (typeof arg === 'string' ? arg : predicateApl(arg as Json, present))
  switch (op) {
    case 'count':
      return 'count()'
    case 'distinct':
      return `dcount(${f})`
    case 'topk':
      return `topk(${f}, ${obj('k') ?? 10})`
    case 'percentiles': {
      const ps = arg === undefined ? [50, 90, 95, 99] : Array.isArray(arg) ? arg : [arg]
      return `percentiles_array(${f}, ${ps.join(', ')})`
    }
    case 'histogram':
      return `histogram(${f}, ${obj('buckets') ?? 10})`
    case 'makeset':
      return `make_set(${f})`
    case 'makelist':
      return `make_list(${f})`
    case 'rate':
      return seconds > 0 ? `sum(${f}) / ${seconds.toFixed(6)}` : 'real(null)'
    case 'countif':
      return `countif(${pred()})`
    case 'distinctif':
      return `dcountif(${f}, ${pred()})`
    case 'makesetif':
      return `make_set_if(${f}, ${pred()})`
    default:
      return `${op}(${f})`
  }
}
