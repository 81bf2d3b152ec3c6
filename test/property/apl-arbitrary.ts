// test/property/apl-arbitrary.ts: a grammar-based fast-check generator of valid APL query text (fc.letrec),
// shared by the printer round-trip test and the parser fuzz test. Generates text, not ASTs, so the
// parser itself is exercised on every spelling (comments, verbatim strings, aliases, odd spacing).

import fc from 'fast-check'
import { HARD_KEYWORDS, TIMESPAN_UNITS } from '../../grammar/tokens.ts'

/** Generated text with the precedence of its outermost construct (see src/syntax/print.ts PREC). */
interface Piece {
  readonly t: string
  readonly p: number
}

const P = {
  tabular: 0,
  or: 1,
  and: 2,
  not: 3,
  eq: 4,
  rel: 5,
  add: 6,
  mul: 7,
  str: 8,
  unary: 9,
  postfix: 10,
  primary: 11,
}

/** Parenthesises `x` when it binds looser than `min`, and sometimes anyway. */
const wrap = (x: Piece, min: number, force = false): string => (x.p < min || force ? `(${x.t})` : x.t)

const FIELDS = [
  'status',
  'method',
  'uri',
  '_time',
  'req_duration_ms',
  'id',
  'geo',
  'x',
  'y1',
  'count_',
  'kind',
  'step',
]
const SOFT_NAMES = [
  'count',
  'time',
  'on',
  'with',
  'asc',
  'desc',
  'from',
  'to',
  'default',
  'nulls',
  'first',
  'regex',
  'as',
]
const FUNCTIONS = [
  'count',
  'dcount',
  'avg',
  'min',
  'max',
  'percentile',
  'topk',
  'bin',
  'bin_auto',
  'todouble',
  'toreal',
]
const MORE_FUNCTIONS = ['strcat', 'iff', 'ago', 'now', 'tostring', 'sum', 'make_list', 'f']
const DATASETS = ["['sample-http-logs']", '["otel-demo-traces"]', 'T', 'hn', "['github-push-event']"]
const STRING_OPS = ['=~', '!~', 'has', '!has', 'has_cs', 'contains', '!contains', 'contains_cs', 'startswith']
const MORE_STRING_OPS = [
  '!startswith',
  'endswith',
  '!endswith',
  'endswith_cs',
  'hasprefix',
  '!hassuffix',
  ':',
]
const MATCH_OPS = ['matches regex', '!matches regex']
const LIST_OPS = ['in', '!in', 'in~', '!in~', 'has_any', 'has_all']
const TYPES = [
  'bool',
  'boolean',
  'int',
  'long',
  'real',
  'double',
  'string',
  'datetime',
  'date',
  'timespan',
  'dynamic',
]

/** Joins pipe stages; replaced by varied spacing at the end (a control char never occurs raw in literals). */
const PIPE = '\u0001| '

/** Operator parameter names: as a `name =` target they would be read as a parameter. */
const PARAMETER_NAMES = new Set([
  'kind',
  'withsource',
  'with_itemindex',
  'flags',
  'replaceToken',
  'replaceHash',
  'redactGroups',
])

const randomIdent = fc
  .stringMatching(/^[a-z_][a-z0-9_]{0,6}$/)
  .filter((s) => !HARD_KEYWORDS.has(s) && !/^(granny|typeof)$/.test(s))

/** A name usable bare (`status`, `count`, `$left`…). */
export const identArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...FIELDS) },
  { weight: 1, arbitrary: fc.constantFrom(...SOFT_NAMES) },
  { weight: 2, arbitrary: randomIdent },
)

const stringBody = fc.string({ unit: 'binary', maxLength: 8 })

/** A string literal in one of the four spellings. */
export const stringArb: fc.Arbitrary<string> = fc.oneof(
  stringBody.map((s) => JSON.stringify(s)),
  stringBody.map((s) => `'${JSON.stringify(s).slice(1, -1).replaceAll('\\"', '"').replaceAll("'", "\\'")}'`),
  fc.stringMatching(/^[a-z0-9 .*\\d'-]{0,8}$/).map((s) => `@'${s.replaceAll("'", "''")}'`),
  fc.stringMatching(/^[a-z0-9 .*\\d"-]{0,8}$/).map((s) => `@"${s.replaceAll('"', '""')}"`),
)

const bracketNameArb = fc
  .oneof(
    fc.constantFrom('geo.city', 'service.name', 'a-b', 'by', 'x y'),
    fc.stringMatching(/^[a-z.\- ]{1,6}$/),
  )
  .chain((n) => fc.constantFrom(`['${n}']`, `["${n}"]`))

const timespanArb = fc
  .tuple(fc.nat(9999), fc.option(fc.nat(999), { nil: undefined }), fc.constantFrom(...TIMESPAN_UNITS))
  .map(([a, f, u]) => `${a}${f === undefined ? '' : `.${f}`}${u}`)

const p2 = (n: number) => String(n).padStart(2, '0')
const datetimeArb = fc
  .tuple(
    fc.integer({ min: 1970, max: 2100 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1, max: 28 }),
    fc.option(
      fc.tuple(fc.nat(23), fc.nat(59), fc.nat(59), fc.option(fc.nat(999_999_999), { nil: undefined })),
    ),
    fc.constantFrom('', 'Z', '+02:00'),
    fc.constantFrom('T', ' '),
  )
  .map(([y, m, d, time, zone, sep]) => {
    const date = `${y}-${p2(m)}-${p2(d)}`
    if (time === null) return `datetime(${date})`
    const frac = time[3] === undefined ? '' : `.${time[3]}`
    return `datetime(${date}${sep}${p2(time[0])}:${p2(time[1])}:${p2(time[2])}${frac}${zone})`
  })

const jsonArb: fc.Arbitrary<string> = fc.letrec<{ v: string }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    fc.constantFrom('null', 'true', 'false', '1', '-2', '0.5', '-1e3'),
    stringArb.filter((s) => !s.startsWith('@')),
    fc.array(tie('v'), { maxLength: 3 }).map((xs) => `[${xs.join(', ')}]`),
    fc
      .array(
        fc.tuple(
          stringArb.filter((s) => !s.startsWith('@')),
          tie('v'),
        ),
        { maxLength: 3 },
      )
      .map((kv) => `{${kv.map(([k, v]) => `${k}: ${v}`).join(', ')}}`),
  ),
})).v

/** Any literal spelling (numbers are unsigned: a sign is unary minus in expressions). */
export const literalArb: fc.Arbitrary<string> = fc.oneof(
  fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }).map(String),
  fc.nat(1000).map(String),
  fc.nat(255).map((n) => `0x${n.toString(16)}`),
  fc.tuple(fc.nat(9999), fc.nat(9999)).map(([a, b]) => `${a}.${b}`),
  fc.tuple(fc.nat(99), fc.integer({ min: -20, max: 20 })).map(([a, e]) => `${a}e${e}`),
  stringArb,
  fc.constantFrom('true', 'false', 'TRUE', 'False', 'null'),
  timespanArb,
  datetimeArb,
  fc.constantFrom(
    'long(-3)',
    'int(null)',
    'real(1.5)',
    'double(-0.25)',
    'real(nan)',
    'bool(true)',
    'bool(null)',
  ),
  fc.constantFrom(
    'timespan(2d)',
    'time(0.12:34:56.7)',
    'timespan(-1.5h)',
    'datetime(null)',
    "datetime('2022-09-16')",
  ),
  fc.constantFrom(...TYPES).map((t) => `typeof(${t})`),
  jsonArb.map((j) => `dynamic(${j})`),
)

const exprText = (e: fc.Arbitrary<Piece>, min = 1) => e.map((x) => wrap(x, min))

const columnNameArb = fc.oneof(
  identArb.filter((n) => !PARAMETER_NAMES.has(n)),
  bracketNameArb,
)

function columnArb(expr: fc.Arbitrary<Piece>): fc.Arbitrary<string> {
  return fc.oneof(
    exprText(expr),
    fc.tuple(columnNameArb, exprText(expr)).map(([n, e]) => `${n} = ${e}`),
  )
}

const columns = (expr: fc.Arbitrary<Piece>, min = 1) =>
  fc.array(columnArb(expr), { minLength: min, maxLength: 3 }).map((c) => c.join(', '))

const patternArb = fc.oneof(
  identArb,
  bracketNameArb,
  fc.constantFrom('*', 'status*', "['geo.']*", 'a*b', '*_ms', 'geo*'),
)

const ordered = (expr: fc.Arbitrary<Piece>) =>
  fc
    .tuple(
      exprText(expr),
      fc.constantFrom('', ' asc', ' desc'),
      fc.constantFrom('', ' nulls first', ' nulls last'),
    )
    .map(([e, o, n]) => `${e}${o}${n}`)

function sourceArb(pipe: fc.Arbitrary<Piece>, expr: fc.Arbitrary<Piece>): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...DATASETS) },
    {
      weight: 1,
      arbitrary: fc
        .array(
          literalArb.filter((l) => !l.startsWith('typeof')),
          { maxLength: 4 },
        )
        .map((vs) => `datatable(a:long, ['b c']:string)[${vs.join(', ')}]`),
    },
    { weight: 1, arbitrary: columns(expr).map((c) => `print ${c}`) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('', ' kind=case_sensitive'),
          fc.constantFrom('', ' in (github*, T)'),
          exprText(expr),
        )
        .map(([k, i, e]) => `search${k}${i} ${e}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('union withsource=ds a, b*', 'union *', "union ['x'], (T | take 1)"),
    },
    { weight: 1, arbitrary: pipe.map((q) => `(${q.t})`) },
  )
}

function operatorArb(expr: fc.Arbitrary<Piece>, pipe: fc.Arbitrary<Piece>): fc.Arbitrary<string> {
  const e = exprText(expr)
  const cols = columns(expr)
  const table = fc.oneof(
    fc.constantFrom(...DATASETS),
    pipe.map((q) => `(${q.t})`),
  )
  return fc.oneof(
    e.map((x) => `where ${x}`),
    fc.constantFrom('where * has "GET"', 'where * has "x" and status == 1'),
    fc
      .tuple(fc.option(columns(expr)), fc.option(columns(expr)))
      .map(([a, b]) => `summarize${a === null ? '' : ` ${a}`}${b === null ? '' : ` by ${b}`}`),
    fc.constantFrom(
      'summarize x = count() by _time = bin(_time, 1h)',
      'summarize dcount(id), percentile(d, 95) by bin_auto(_time)',
    ),
    fc.tuple(e, ordered(expr)).map(([n, o]) => `top ${n} by ${o}`),
    cols.map((c) => `extend ${c}`),
    cols.map((c) => `project ${c}`),
    fc.array(patternArb, { minLength: 1, maxLength: 3 }).map((p) => `project-away ${p.join(', ')}`),
    fc.array(patternArb, { minLength: 1, maxLength: 3 }).map((p) => `project-keep ${p.join(', ')}`),
    fc.tuple(identArb, fc.oneof(identArb, bracketNameArb)).map(([a, b]) => `project-rename ${a} = ${b}`),
    fc
      .tuple(patternArb, fc.constantFrom('', ' asc', ' desc', ' granny-asc', ' granny-desc'))
      .map(([p, o]) => `project-reorder ${p}${o}`),
    fc.tuple(fc.constantFrom('take', 'limit'), e).map(([k, n]) => `${k} ${n}`),
    fc
      .tuple(fc.constantFrom('sort', 'order'), fc.array(ordered(expr), { minLength: 1, maxLength: 2 }))
      .map(([k, o]) => `${k} by ${o.join(', ')}`),
    fc.constant('count'),
    fc.array(e, { minLength: 1, maxLength: 2 }).map((c) => `distinct ${c.join(', ')}`),
    fc
      .tuple(fc.constantFrom('', ' kind=inner', ' kind=leftouter'), table, fc.array(e, { maxLength: 2 }))
      .map(([k, t, on]) => `join${k} ${t}${on.length === 0 ? '' : ` on ${on.join(', ')}`}`),
    fc
      .tuple(fc.constantFrom('', ' kind=leftouter'), table, e)
      .map(([k, t, on]) => `lookup${k} ${t} on ${on}`),
    fc.tuple(fc.constantFrom('', ' withsource=src'), table).map(([w, t]) => `union${w} ${t}, b*`),
    fc
      .tuple(cols, fc.option(e), exprText(expr, P.add), fc.boolean(), e)
      .map(
        ([a, d, on, range, s]) =>
          `make-series ${a}${d === null ? '' : ` default = ${d}`} on ${on} ${range ? `in range(${s}, ${s}, 1h)` : `from ${s} to now() step ${s}`} by x`,
      ),
    fc
      .tuple(
        fc.constantFrom('parse', 'parse-where'),
        fc.constantFrom('', ' kind=regex flags=Ui', ' kind=simple'),
        e,
      )
      .map(([op, k, x]) => `${op}${k} ${x} with * "a=" a:long ", " b "." *`),
    fc
      .tuple(
        e,
        fc.constantFrom(
          " with (pair_delimiter=';', kv_delimiter='=')",
          '',
          ` with (quote='"', quote='()', escape='\\\\')`,
          " with (regex=@'(\\w+)=(\\w*)')",
        ),
      )
      .map(([x, w]) => `parse-kv ${x} as (a:string, b)${w}`),
    fc
      .tuple(
        fc.constantFrom('', ' kind=array', ' with_itemindex=i'),
        cols,
        fc.constantFrom('', ' to typeof(long)'),
      )
      .map(([k, c, t]) => `mv-expand${k} ${c}${t} limit 10`),
    e.map((x) => `sample ${x}`),
    fc.constantFrom(`redact replaceToken="*" @"\\d+", 'x' on a, ['b']`, 'redact "x"', 'getschema'),
    fc.tuple(fc.constantFrom('', ' kind=case_insensitive'), e).map(([k, x]) => `search${k} ${x}`),
  )
}

type Tied = { expr: Piece; pipe: Piece }

/** Expressions and pipes, mutually recursive. */
const core = fc.letrec<Tied>((tie) => {
  const expr = tie('expr')
  const operand = expr
  const binary = (ops: readonly string[], prec: number, assoc: boolean) =>
    fc
      .tuple(operand, fc.constantFrom(...ops), operand, fc.boolean(), fc.boolean())
      .map(([l, op, r, fl, fr]) => ({
        t: `${wrap(l, assoc ? prec : prec + 1, fl)} ${op} ${wrap(r, prec + 1, fr)}`,
        p: prec,
      }))
  const call = fc
    .tuple(
      fc.constantFrom(...FUNCTIONS, ...MORE_FUNCTIONS),
      fc.array(fc.tuple(fc.option(identArb, { nil: undefined }), operand), { maxLength: 3 }),
    )
    .map(([name, args]) => ({
      t: `${name}(${args.map(([n, a]) => (n === undefined ? wrap(a, 1) : `${n} = ${wrap(a, 1)}`)).join(', ')})`,
      p: P.postfix,
    }))
  const atom = fc.oneof(
    { weight: 5, arbitrary: identArb.map((t) => ({ t, p: P.primary })) },
    { weight: 4, arbitrary: literalArb.map((t) => ({ t, p: P.primary })) },
    { weight: 1, arbitrary: bracketNameArb.map((t) => ({ t, p: P.primary })) },
    { weight: 1, arbitrary: fc.constantFrom('$left.a', '$right.b').map((t) => ({ t, p: P.postfix })) },
  )
  return {
    expr: fc.oneof(
      { depthSize: 'small', maxDepth: 4 },
      atom,
      call,
      binary(['or'], P.or, true),
      binary(['and'], P.and, true),
      binary(['==', '!=', '<>'], P.eq, false),
      binary(['<', '<=', '>', '>='], P.rel, false),
      binary(['+', '-'], P.add, true),
      binary(['*', '/', '%'], P.mul, true),
      binary([...STRING_OPS, ...MORE_STRING_OPS, ...MATCH_OPS], P.str, true),
      operand.map((e) => ({ t: `not ${wrap(e, P.not)}`, p: P.not })),
      fc
        .tuple(fc.constantFrom('-', '+', '- '), operand)
        .map(([s, e]) => ({ t: `${s}${wrap(e, P.unary)}`, p: P.unary })),
      fc
        .tuple(operand, fc.constantFrom(...LIST_OPS), fc.array(operand, { minLength: 1, maxLength: 3 }))
        .map(([l, op, vs]) => ({
          t: `${wrap(l, P.rel)} ${op} (${vs.map((v) => wrap(v, 1)).join(', ')})`,
          p: P.eq,
        })),
      fc
        .tuple(operand, fc.constantFrom('between', '!between'), operand, operand)
        .map(([l, op, a, b]) => ({ t: `${wrap(l, P.rel)} ${op} (${wrap(a, 1)} .. ${wrap(b, 1)})`, p: P.eq })),
      fc.tuple(operand, identArb).map(([e, m]) => ({ t: `${wrap(e, P.postfix)}.${m}`, p: P.postfix })),
      fc
        .tuple(operand, operand)
        .map(([e, i]) => ({ t: `${wrap(e, P.postfix)}[${wrap(i, 1)}]`, p: P.postfix })),
      tie('pipe').map((q) => ({ t: `(${q.t})`, p: P.primary })),
    ),
    pipe: fc
      .tuple(sourceArb(tie('pipe'), expr), fc.array(operatorArb(expr, tie('pipe')), { maxLength: 4 }))
      .map(([s, ops]) => ({ t: [s, ...ops].join(PIPE), p: ops.length === 0 ? P.primary : P.tabular })),
  }
})

const statementArb = fc.oneof(
  fc.tuple(identArb, exprText(core.expr)).map(([n, e]) => `let ${n} = ${e};`),
  fc.tuple(identArb, core.pipe).map(([n, q]) => `let ${n} = ${q.t};`),
  fc.constantFrom('set stricttypes;', 'set truncationmaxrecords = 5;'),
)

const separator = fc.constantFrom(' ', ' ', ' ', '\n', '\n  ', ' // comment\n', '\t')

/** A complete valid query: statements, a pipe, optional trailing `;`, random spacing and comments. */
export const queryArb: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(statementArb, { maxLength: 2 }),
    core.pipe,
    fc.boolean(),
    fc.array(separator, { minLength: 8, maxLength: 8 }),
  )
  .map(([stmts, q, semi, seps]) => {
    const text = [...stmts, q.t + (semi ? ';' : '')].join(seps[0])
    // Vary the spacing before each `|`: spaces, line breaks, trailing comments, as in the docs.
    let i = 0
    return text.replaceAll(PIPE, () => `${seps[i++ % seps.length]}| `)
  })

/** Expressions alone (for focused properties). */
export const exprArb: fc.Arbitrary<string> = exprText(core.expr)
