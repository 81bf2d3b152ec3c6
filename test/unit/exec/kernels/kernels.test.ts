// test/unit/exec/kernels/kernels.test.ts: the T1 kernels on hand-built vectors: comparisons with the
// null rules and the string/number rule (§10.5), case-insensitive and per-value paths, three-valued
// logic, string predicates per dictionary entry, arithmetic typing (§3), bin/bin_auto, todouble.
import { describe, expect, it } from 'vitest'
import { scalarOperatorRegistry, scalarRegistry } from '../../../../src/catalog/index.ts'
import { chooseBinAutoStep } from '../../../../src/exec/kernels/binning/binning.ts'
import { constantOf, constantVec } from '../../../../src/exec/kernels/constants.ts'
import type { Kernel, KernelSite } from '../../../../src/exec/kernels/kernel.ts'
import { operatorKernels } from '../../../../src/exec/kernels/operator-kernels.ts'
import { hasTerm } from '../../../../src/exec/kernels/operators/string-operators.ts'
import { scalarKernels } from '../../../../src/exec/kernels/scalar-kernels.ts'
import type { Vec } from '../../../../src/exec/vector.ts'
import { cellAt, vecLength } from '../../../../src/exec/vector.ts'

const env = { strictTypes: false, binAutoStep: 3_600_000_000_000n, now: 10_000_000_000n }
const site = (type: KernelSite['type'], coercion: KernelSite['coercion'] = 'none'): KernelSite => ({
  type,
  coercion,
  env,
})
const cells = (v: Vec) => Array.from({ length: vecLength(v) }, (_, i) => cellAt(v, i))
const op = (k: string) => (operatorKernels as Record<string, Kernel>)[k]
const fn = (k: string) => (scalarKernels as Record<string, Kernel>)[k]

const nums = (xs: (number | null)[], type: 'long' | 'real' = 'long'): Vec => ({
  kind: 'num',
  type,
  values: Float64Array.from(xs, (x) => x ?? 0),
  valid: Uint8Array.from(xs, (x) => (x === null ? 0 : 1)),
})
const strs = (xs: (string | null)[]): Vec => {
  const dict = [...new Set(xs.filter((x): x is string => x !== null))]
  return { kind: 'str', codes: Int32Array.from(xs, (x) => (x === null ? -1 : dict.indexOf(x))), dict }
}
const bools = (xs: (boolean | null)[]): Vec => ({
  kind: 'bool',
  values: Uint8Array.from(xs, (x) => (x ? 1 : 0)),
  valid: Uint8Array.from(xs, (x) => (x === null ? 0 : 1)),
})

describe('comparisons', () => {
  it('numbers with nulls: == false, != true, < null; null vs null is null', () => {
    const a = nums([1, 2, null, null])
    const b = nums([1, 3, 5, null])
    expect(cells(op('eq')([a, b], 4, site('bool')))).toEqual([true, false, false, null])
    expect(cells(op('ne')([a, b], 4, site('bool')))).toEqual([false, true, true, null])
    expect(cells(op('lt')([a, b], 4, site('bool')))).toEqual([false, true, null, null])
    expect(cells(op('ge')([a, b], 4, site('bool')))).toEqual([true, false, null, null])
  })

  it('strings against a constant, case-sensitive == and case-insensitive !~', () => {
    const s = strs(['GET', 'get', null, 'POST'])
    const c = constantVec('string', 'get', 4)
    expect(cells(op('eq')([s, c], 4, site('bool')))).toEqual([false, true, false, false])
    expect(cells(op('ne_ci')([s, c], 4, site('bool')))).toEqual([false, false, true, true])
    expect(cells(op('lt')([s, c], 4, site('bool')))).toEqual([true, false, null, true])
  })

  it('a string against a number compares numerically when it parses, else false (§10.5)', () => {
    const s = strs(['500', '50', 'abc', null])
    const n = constantVec('long', 100n, 4)
    expect(cells(op('gt')([s, n], 4, site('bool', 'string-number')))).toEqual([true, false, false, null])
    expect(cells(op('eq')([n, s], 4, site('bool', 'string-number')))).toEqual([false, false, false, false])
  })

  it('per-value comparison over a mixed column; strict types refuse mixed kinds', () => {
    const m: Vec = { kind: 'mixed', values: [200, '500', '200', null, true] }
    const c = constantVec('string', '500', 5)
    expect(cells(op('eq')([m, c], 5, site('bool', 'per-value')))).toEqual([false, true, false, false, false])
    const strict = { ...site('bool', 'per-value'), env: { ...env, strictTypes: true } }
    expect(() => op('eq')([m, c], 5, strict)).toThrow(/stricttypes/)
  })

  it('datetimes compare by ms then ns', () => {
    const a: Vec = {
      kind: 'time',
      ms: Float64Array.of(5, 5, 4),
      ns: Int32Array.of(1, 2, 999_999),
      valid: null,
    }
    const b = constantVec('datetime', 5_000_002n, 3)
    expect(cells(op('lt')([a, b], 3, site('bool')))).toEqual([true, false, true])
    expect(cells(op('eq')([a, b], 3, site('bool')))).toEqual([false, true, false])
  })
})

describe('constants', () => {
  it('a shorter batch gets a view of the longest constant built, still known as a constant', () => {
    for (const [type, value] of [
      ['string', 'view-test'],
      ['long', 77n],
      ['real', 2.5],
      ['datetime', 5_000_002n],
      ['timespan', 60_000_000_000n],
      ['bool', true],
      ['string', null],
    ] as const) {
      const long = constantVec(type, value, 8)
      const short = constantVec(type, value, 3)
      expect(vecLength(short)).toBe(3)
      expect(cells(short)).toEqual(cells(long).slice(0, 3))
      expect(constantOf(short)).toEqual(constantOf(long))
      // The longest stays remembered: the same length again is the same vector.
      expect(constantVec(type, value, 8)).toBe(long)
      // A longer batch builds (and remembers) a longer one.
      expect(vecLength(constantVec(type, value, 12))).toBe(12)
    }
  })
})

describe('logic', () => {
  it('and/or are three-valued', () => {
    const a = bools([true, false, null, null, true])
    const b = bools([null, null, false, true, true])
    expect(cells(op('and')([a, b], 5, site('bool')))).toEqual([null, false, false, null, true])
    expect(cells(op('or')([a, b], 5, site('bool')))).toEqual([true, null, null, true, true])
  })
})

describe('string predicates', () => {
  it('startswith / endswith / !endswith are case-insensitive; null is false (negation true)', () => {
    const s = strs(['/API/v1', '/web', null, '/api/x.JSON'])
    expect(cells(op('startswith')([s, constantVec('string', '/api', 4)], 4, site('bool')))).toEqual([
      true,
      false,
      false,
      true,
    ])
    expect(cells(op('endswith')([s, constantVec('string', '.json', 4)], 4, site('bool')))).toEqual([
      false,
      false,
      false,
      true,
    ])
    expect(cells(op('not_endswith')([s, constantVec('string', '.json', 4)], 4, site('bool')))).toEqual([
      true,
      true,
      true,
      false,
    ])
  })

  it('a per-row right side works too', () => {
    const s = strs(['abc', 'abc', null])
    const r = strs(['AB', 'bc', 'a'])
    expect(cells(op('startswith')([s, r], 3, site('bool')))).toEqual([true, false, false])
  })

  it('has matches whole terms; contains and in', () => {
    expect(hasTerm('north america', 'america')).toBe(true)
    expect(hasTerm('parentspanid', 'span')).toBe(false)
    expect(hasTerm('foo_bar', 'foo')).toBe(true)
    const s = strs(['North America', 'parentSpanId'])
    expect(cells(op('has')([s, constantVec('string', 'america', 2)], 2, site('bool')))).toEqual([true, false])
    expect(cells(op('contains')([s, constantVec('string', 'SPAN', 2)], 2, site('bool')))).toEqual([
      false,
      true,
    ])
    const list = [s, constantVec('string', 'parentSpanId', 2), constantVec('string', 'x', 2)]
    expect(cells(op('in')(list, 2, site('bool')))).toEqual([false, true])
    expect(cells(op('not_in')(list, 2, site('bool')))).toEqual([true, false])
  })
})

describe('arithmetic (§3 typing)', () => {
  it('long / long truncates toward zero; % is non-negative for a positive divisor; / 0 is null', () => {
    const a = nums([7, -7, 1, -14])
    const b = nums([2, 2, 0, 12])
    expect(cells(op('div')([a, b], 4, site('long')))).toEqual([3, -3, null, -1])
    expect(cells(op('mod')([a, b], 4, site('long')))).toEqual([1, 1, null, 10])
    expect(cells(op('div')([nums([1], 'real'), nums([2], 'real')], 1, site('real')))).toEqual([0.5])
    expect(cells(op('add')([a, b], 4, site('long')))).toEqual([9, -5, 1, -2])
  })

  it('datetime ± timespan → datetime (exact ns); datetime − datetime → timespan', () => {
    const t: Vec = { kind: 'time', ms: Float64Array.of(1000), ns: Int32Array.of(999_999), valid: null }
    const s: Vec = { kind: 'span', values: Float64Array.of(2), valid: null }
    expect(cells(op('add')([t, s], 1, site('datetime')))).toEqual([1_001_000_001n])
    expect(cells(op('sub')([t, s], 1, site('datetime')))).toEqual([1_000_999_997n])
    const u: Vec = { kind: 'time', ms: Float64Array.of(0), ns: Int32Array.of(1), valid: null }
    expect(cells(op('sub')([t, u], 1, site('timespan')))).toEqual([1_000_999_998n])
  })
})

describe('scalar functions', () => {
  it('bin floors numbers and datetimes to the epoch', () => {
    const bin = fn('bin')
    expect(cells(bin([nums([7, -7, null]), constantVec('long', 5n, 3)], 3, site('long')))).toEqual([
      5,
      -10,
      null,
    ])
    const t: Vec = {
      kind: 'time',
      ms: Float64Array.of(3_599_999, 3_600_000),
      ns: Int32Array.of(5, 0),
      valid: null,
    }
    expect(cells(bin([t, constantVec('timespan', 3_600_000_000_000n, 2)], 2, site('datetime')))).toEqual([
      0n,
      3_600_000_000_000n,
    ])
    expect(cells(bin([t, constantVec('timespan', 1_000n, 2)], 2, site('datetime')))).toEqual([
      3_599_999_000_000n,
      3_600_000_000_000n,
    ])
  })

  it('bin_auto uses the per-query step, chosen as the smallest nice step with at most 1,000 buckets', () => {
    const h = 3_600_000_000_000n
    expect(chooseBinAutoStep(0n, 24n * h)).toBe(300_000_000_000n)
    expect(chooseBinAutoStep(0n, 1000n * h)).toBe(h)
    expect(chooseBinAutoStep(0n, 1001n * h)).toBe(3n * h)
    const t: Vec = { kind: 'time', ms: Float64Array.of(5_400_000), ns: Int32Array.of(0), valid: null }
    expect(cells(fn('bin_auto')([t], 1, site('datetime')))).toEqual([h])
  })

  it('todouble parses strings once per entry, null when not a number', () => {
    expect(cells(fn('todouble')([strs(['1e3', 'x', null, '2.5'])], 4, site('real')))).toEqual([
      1000,
      null,
      null,
      2.5,
    ])
    expect(cells(fn('todouble')([nums([3])], 1, site('real')))).toEqual([3])
  })
})

describe('kernel tables', () => {
  it('cover every T1 and T2 row of the catalog (a regression guard; tiers do not decide support)', () => {
    const common = (rows: readonly { tier: string; kernel: string }[]) =>
      rows.filter((r) => r.tier !== 'T3').map((r) => r.kernel)
    for (const k of common(scalarRegistry.rows)) expect(scalarKernels, k).toHaveProperty(k)
    for (const k of common(scalarOperatorRegistry.rows)) expect(operatorKernels, k).toHaveProperty(k)
  })
})

describe('T2 scalar functions present so far', () => {
  it('now/ago use the query clock; floor/abs/round; strlen/tolower; isnull/isempty; iff/coalesce; toint/tostring', () => {
    expect(cells(fn('now')([], 1, site('datetime')) as Vec)).toEqual([10_000_000_000n])
    expect(cells(fn('ago')([constantVec('timespan', 1_000n, 1)], 1, site('datetime')) as Vec)).toEqual([
      9_999_999_000n,
    ])
    const k = scalarKernels as Record<string, Kernel>
    expect(cells(k.floor([nums([2.5, -2.5], 'real')], 2, site('real')))).toEqual([2, -3])
    expect(cells(k.abs([nums([-3, null])], 2, site('long')))).toEqual([3, null])
    expect(
      cells(k.round([nums([2.345, -2.5], 'real'), constantVec('long', 2n, 2)], 2, site('real'))),
    ).toEqual([2.35, -2.5])
    expect(cells(k.strlen([strs(['héllo', null])], 2, site('long')))).toEqual([5, null])
    expect(cells(k.tolower([strs(['AbC', null])], 2, site('string')))).toEqual(['abc', null])
    expect(cells(k.isnull([nums([1, null])], 2, site('bool')))).toEqual([false, true])
    expect(cells(k.isempty([strs(['', 'x', null])], 3, site('bool')))).toEqual([true, false, true])
    expect(
      cells(k.iff([bools([true, false, null]), nums([1, 2, 3]), nums([7, 8, 9])], 3, site('long'))),
    ).toEqual([1, 8, 9])
    expect(cells(k.coalesce([strs([null, 'a']), strs(['b', 'c'])], 2, site('string')))).toEqual(['b', 'a'])
    expect(cells(k.toint([strs(['42', '0x10', '3.9'])], 3, site('long')))).toEqual([42, null, null])
    expect(cells(k.toint([nums([3.9, -3.9], 'real')], 2, site('long')))).toEqual([3, -3])
    expect(cells(k.tostring([nums([1234567, 0.5, 1e-5], 'real')], 3, site('string')))).toEqual([
      '1.234567e+06',
      '0.5',
      '1e-05',
    ])
    expect(cells(k.tostring([strs([null])], 1, site('string')))).toEqual([''])
  })
})

describe('matches regex', () => {
  it('is unanchored and case-sensitive (RE2); a pattern RE2 rejects (computed: the binder refuses literals) gives null rows', () => {
    const s = strs(['parentSpanId', 'xyz', null])
    const k = op('matches_regex')
    expect(cells(k([s, constantVec('string', 'p.*Id', 3)], 3, site('bool')))).toEqual([true, false, false])
    expect(cells(k([s, constantVec('string', 'P.*id', 3)], 3, site('bool')))).toEqual([false, false, false])
    expect(cells(k([s, constantVec('string', '(a)\\1', 3)], 3, site('bool')))).toEqual([null, null, null])
    const patterns = strs(['p.*Id', '(', 'z'])
    expect(cells(k([s, patterns], 3, site('bool')))).toEqual([true, null, false])
    expect(cells(op('not_matches_regex')([s, patterns], 3, site('bool')))).toEqual([false, null, true])
  })
})

describe('regex functions over computed patterns', () => {
  it('a pattern RE2 rejects makes its row null, never an error', () => {
    const patterns = strs(['a+', '(', null])
    const text = strs(['baa', 'baa', 'baa'])
    expect(cells(fn('countof_regex')([patterns, text], 3, site('long')))).toEqual([1, null, null])
    expect(cells(fn('replace_regex')([patterns, strs(['x', 'x', 'x']), text], 3, site('string')))).toEqual([
      'bx',
      null,
      null,
    ])
    expect(cells(fn('trim_regex')([patterns, text], 3, site('string')))).toEqual(['b', null, null])
    expect(cells(fn('extract')([patterns, constantVec('long', 0n, 3), text], 3, site('string')))).toEqual([
      'aa',
      null,
      null,
    ])
    expect(cells(fn('extract_all')([patterns, text], 3, site('dynamic')))).toEqual([['aa'], null, null])
  })
})
