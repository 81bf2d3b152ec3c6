// test/unit/catalog/tier-coverage.test.ts: every T1/T2 name of apl-reference §9, listed literally, has
// a row of the right tier (so deleting or mis-tiering a row fails here).

import { describe, expect, it } from 'vitest'
import {
  lookupAggregate,
  lookupPrefixOperator,
  lookupScalar,
  lookupScalarOperator,
  lookupTabularOperator,
  type Tier,
} from '../../../src/catalog/index.ts'

const TABULAR: Record<'T1' | 'T2', string[]> = {
  T1: ['where', 'summarize', 'top', 'search'],
  T2: [
    'extend',
    'project',
    'project-away',
    'project-keep',
    'project-rename',
    'take',
    'limit',
    'sort',
    'order',
    'count',
    'distinct',
    'join',
    'union',
    'make-series',
  ],
}

const AGGREGATES: Record<'T1' | 'T2', string[]> = {
  T1: ['count', 'dcount', 'avg', 'min', 'max', 'percentile', 'topk'],
  T2: [
    'sum',
    'countif',
    'sumif',
    'avgif',
    'minif',
    'maxif',
    'dcountif',
    'make_list',
    'make_set',
    'percentiles_array',
  ],
}

const SCALARS: Record<'T1' | 'T2', string[]> = {
  T1: ['bin', 'bin_auto', 'todouble', 'toreal'],
  T2: [
    'abs',
    'ago',
    'array_length',
    'bag_pack',
    'pack',
    'case',
    'ceiling',
    'coalesce',
    'datetime_diff',
    'extract',
    'floor',
    'iff',
    'indexof',
    'isempty',
    'isnotempty',
    'isnotnull',
    'isnull',
    'log',
    'not',
    'now',
    'pack_array',
    'parse_json',
    'round',
    'split',
    'strcat',
    'strcat_delim',
    'strlen',
    'substring',
    'todatetime',
    'toint',
    'tolong',
    'tolower',
    'tostring',
    'toupper',
  ],
}

const INFIX_OPERATORS: Record<'T1' | 'T2', string[]> = {
  T1: ['==', '!=', '<', '<=', '>', '>=', 'and', 'or', 'startswith', 'endswith', '!endswith', '!~'],
  T2: [
    '+',
    '-',
    '*',
    '/',
    '%',
    '=~',
    'contains',
    '!contains',
    '!startswith',
    'has',
    '!has',
    'matches regex',
    'in',
    '!in',
  ],
}

function check(
  kind: string,
  table: Record<'T1' | 'T2', string[]>,
  lookup: (n: string) => { tier: Tier } | undefined,
) {
  describe(kind, () => {
    for (const tier of ['T1', 'T2'] as const) {
      it.each(table[tier])(`%s is a ${tier} row`, (name) => {
        const row = lookup(name)
        expect(row, `${kind} '${name}' missing`).toBeDefined()
        expect(row?.tier).toBe(tier)
      })
    }
  })
}

check('tabular operator', TABULAR, lookupTabularOperator)
check('aggregate', AGGREGATES, lookupAggregate)
check('scalar function', SCALARS, lookupScalar)
check('scalar operator', INFIX_OPERATORS, lookupScalarOperator)

describe('tier counts match apl-reference §9', () => {
  it('lists 4 + 14 tabular, 7 + 10 aggregate, 3 + 32 scalar pages, 12 + 15 operators', () => {
    expect([TABULAR.T1.length, TABULAR.T2.length]).toEqual([4, 14])
    expect([AGGREGATES.T1.length, AGGREGATES.T2.length]).toEqual([7, 10])
    // Aliases (toreal, pack, tolong) are listed but not counted as pages.
    expect([SCALARS.T1.length - 1, SCALARS.T2.length - 2]).toEqual([3, 32])
    // `not` is also a prefix operator (T2); unary minus shares the `-` tier.
    expect([INFIX_OPERATORS.T1.length, INFIX_OPERATORS.T2.length + 1]).toEqual([12, 15])
  })

  it('has the prefix forms of not and minus as T2', () => {
    expect(lookupPrefixOperator('not')?.tier).toBe('T2')
    expect(lookupPrefixOperator('-')?.name).toBe('negate')
    expect(lookupPrefixOperator('-')?.tier).toBe('T2')
  })
})
