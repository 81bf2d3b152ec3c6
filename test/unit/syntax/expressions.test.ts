// test/unit/syntax/expressions.test.ts: precedence, prefix chains, access forms, lists and ranges (§5).
import { describe, expect, it } from 'vitest'
import { codeOf, expr, exprWithSpans, n } from './helpers.ts'

const a = n.name('a')
const b = n.name('b')
const c = n.name('c')

describe('precedence (Kql.g4 levels, plus prefix not between and/equality)', () => {
  it('or < and < not < equality < relational < additive < multiplicative < string ops < unary', () => {
    expect(expr('a or b and c')).toEqual(n.bin('or', a, n.bin('and', b, c)))
    expect(expr('not a and b')).toEqual(n.bin('and', n.un('not', a), b))
    expect(expr('not a == b')).toEqual(n.un('not', n.bin('==', a, b)))
    expect(expr('a == b < c')).toEqual(n.bin('==', a, n.bin('<', b, c)))
    expect(expr('a < b + c')).toEqual(n.bin('<', a, n.bin('+', b, c)))
    expect(expr('a + b * c')).toEqual(n.bin('+', a, n.bin('*', b, c)))
    expect(expr('a * b has c')).toEqual(n.bin('*', a, n.bin('has', b, c)))
    expect(expr('-a has b')).toEqual(n.bin('has', n.un('-', a), b))
  })

  it('is left-associative for chains and allows one comparison per level', () => {
    expect(expr('a - b - c')).toEqual(n.bin('-', n.bin('-', a, b), c))
    expect(expr('a / b % c')).toEqual(n.bin('%', n.bin('/', a, b), c))
    expect(expr('a =~ b !~ c')).toEqual(n.bin('!~', n.bin('=~', a, b), c))
    expect(codeOf('print a == b == c')).toBe('APL0104')
    expect(codeOf('print a < b < c')).toBe('APL0104')
  })

  it('parentheses group without leaving a node', () => {
    expect(expr('(a + b) * c')).toEqual(n.bin('*', n.bin('+', a, b), c))
    expect(expr('((a))')).toEqual(a)
  })
})

describe('prefix operators', () => {
  it('chains not and unary minus/plus without recursion limits of their own', () => {
    expect(expr('not not a')).toEqual(n.un('not', n.un('not', a)))
    expect(expr('- -a')).toEqual(n.un('-', n.un('-', a)))
    expect(expr('+a')).toEqual(n.un('+', a))
    expect(expr('not(a)')).toEqual(n.un('not', a))
  })

  it('spans start at the operator', () => {
    expect(exprWithSpans('not  a').span).toEqual({ start: 6, length: 6 })
  })
})

describe('access forms', () => {
  it('dot access, bracket member, index and chains', () => {
    expect(expr('a.b.c')).toEqual(n.path(n.path(a, 'b'), 'c'))
    expect(expr("a.['b.c']")).toEqual({ kind: 'Path', target: a, member: n.bracket('b.c') })
    expect(expr("m['k']")).toEqual(n.index(n.name('m'), n.str('k')))
    expect(expr('make_list(x)[0]')).toEqual(n.index(n.call('make_list', n.name('x')), n.long(0)))
    expect(expr('todynamic(raw).key')).toEqual(n.path(n.call('todynamic', n.name('raw')), 'key'))
    expect(expr('$left.id == $right.id')).toEqual(
      n.bin('==', n.path(n.name('$left'), 'id'), n.path(n.name('$right'), 'id')),
    )
    expect(codeOf('print a.')).toBe('APL0102')
    expect(codeOf('print a[1')).toBe('APL0102')
  })

  it('index spans end at the closing bracket', () => {
    expect(exprWithSpans("a['k'] ").span).toEqual({ start: 6, length: 6 })
  })
})

describe('calls', () => {
  it('positional, named and star arguments', () => {
    expect(expr('f()')).toEqual(n.call('f'))
    expect(expr('arg_max(n = x, *)')).toEqual(n.call('arg_max', n.named('n', n.name('x')), { kind: 'Star' }))
    expect(expr('count(*)')).toEqual(n.call('count', { kind: 'Star' }))
    expect(expr("f(['a.b'] = 1)")).toEqual(
      n.call('f', { kind: 'NamedExpr', name: n.bracket('a.b'), expr: n.long(1) }),
    )
    expect(expr('toscalar(T | count)')).toEqual(
      n.call('toscalar', { kind: 'Pipe', source: n.name('T'), operators: [{ kind: 'Count' }] }),
    )
    expect(expr('datetime (x)')).toEqual(n.call('datetime', n.name('x')))
    expect(codeOf('print f(a,)')).toBe('APL0101')
  })
})

describe('lists and ranges', () => {
  it.each(['in', '!in', 'in~', '!in~', 'has_any', 'has_any_cs', 'has_all'])('%s (…)', (op) => {
    expect(expr(`a ${op} ("x", b)`)).toEqual({ kind: 'InList', op, left: a, values: [n.str('x'), b] })
  })

  it('in (dynamic array) and in (sub-query)', () => {
    expect(expr('a in (methods)')).toEqual({ kind: 'InList', op: 'in', left: a, values: [n.name('methods')] })
    expect(expr('a in (T | project x)')).toMatchObject({ values: [{ kind: 'Pipe' }] })
    expect(codeOf('print a in ()')).toBe('APL0101')
    expect(codeOf('print a in b')).toBe('APL0101')
  })

  it('between (a .. b) and !between', () => {
    expect(expr('_time between (ago(1h) .. now())')).toEqual({
      kind: 'Between',
      negated: false,
      left: n.name('_time'),
      low: n.call('ago', n.ts(3_600_000_000_000n)),
      high: n.call('now'),
    })
    expect(expr('x !between (1 .. 5)')).toMatchObject({ kind: 'Between', negated: true })
    expect(codeOf('print x between (1, 5)')).toBe('APL0101')
  })
})

describe('string operators', () => {
  it.each([
    'contains',
    '!contains',
    'contains_cs',
    '!contains_cs',
    'startswith',
    '!startswith',
    'startswith_cs',
    'endswith_cs',
    'has',
    '!has',
    'has_cs',
    '!has_cs',
    'hasprefix',
    '!hasprefix',
    'hassuffix_cs',
    '=~',
    '!~',
  ])('%s', (op) => {
    expect(expr(`a ${op} "x"`)).toEqual(n.bin(op, a, n.str('x')))
  })

  it('matches regex and !matches regex', () => {
    expect(expr('a matches regex "p.*Id"')).toEqual(n.bin('matches regex', a, n.str('p.*Id')))
    expect(expr(`a !matches regex @'x'`)).toEqual(n.bin('!matches regex', a, n.str('x')))
    expect(codeOf('print a matches "x"')).toBe('APL0101')
  })
})
