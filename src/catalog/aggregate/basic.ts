// catalog/aggregate/basic.ts: the unconditional core aggregations (count, dcount, sum, avg, min, max).

import { q } from '../example.ts'
import { computed, fixed, param, sameAsArg, sig } from '../signature.ts'
import { aggregate } from './define.ts'

/** Core aggregation rows. */
export const basicAggregates = [
  aggregate({
    name: 'count',
    tier: 'T1',
    signatures: [sig()],
    returns: fixed('long'),
    wireName: 'count',
    column: { kind: 'fixed', name: 'count_' },
    onEmpty: 'zero',
    description: 'Number of rows in the group.',
    example: q('summarize count() by method'),
  }),
  aggregate({
    name: 'dcount',
    tier: 'T1',
    signatures: [sig(param('expr', 'any'))],
    returns: fixed('long'),
    wireName: 'distinct',
    estimated: true,
    onEmpty: 'zero',
    description: 'Estimated number of distinct non-null values.',
    example: q("summarize dcount(id) by ['geo.country']"),
  }),
  aggregate({
    name: 'sum',
    tier: 'T2',
    signatures: [sig(param('expr', 'summable'))],
    returns: sameAsArg(0),
    wireName: 'sum',
    onEmpty: 'zero',
    description: 'Sum of the non-null values, in the input type (long, real or timespan).',
    example: q('summarize sum(resp_body_size_bytes) by bin(_time, 1h)'),
  }),
  aggregate({
    name: 'avg',
    tier: 'T1',
    signatures: [sig(param('expr', 'summable'))],
    returns: computed('timespan for a timespan input, else real', (args) =>
      args[0] === 'timespan' ? 'timespan' : 'real',
    ),
    wireName: 'avg',
    onEmpty: 'null',
    description: 'Mean of the non-null values.',
    example: q('summarize avg(req_duration_ms) by method'),
  }),
  aggregate({
    name: 'min',
    tier: 'T1',
    signatures: [sig(param('expr', 'orderable'))],
    returns: sameAsArg(0),
    wireName: 'min',
    onEmpty: 'null',
    description: 'Smallest non-null value, in the input type.',
    example: q('summarize min(req_duration_ms) by method'),
  }),
  aggregate({
    name: 'max',
    tier: 'T1',
    signatures: [sig(param('expr', 'orderable'))],
    returns: sameAsArg(0),
    wireName: 'max',
    onEmpty: 'null',
    description: 'Largest non-null value, in the input type.',
    example: q('summarize max(req_duration_ms) by method'),
  }),
]
