// catalog/aggregate/basic.ts: the unconditional core aggregations (count, dcount, sum, avg, min, max)
// and the row-returning extremes arg_min / arg_max (several output columns: see `rowColumns`).

import { q } from '../example.ts'
import { computed, fixed, opt, param, sameAsArg, sig, variadic } from '../signature.ts'
import { aggregate } from './define.ts'

/** arg_min/arg_max: the compared expression, then one or more returned columns (`*` expands at bind time). */
const argSignature = variadic([param('expr', 'orderable')], [param('column', 'any')], 1, Infinity)

/**
 * dcount's estimation accuracy, Kusto's levels: 0 (1.6 % error), 1 (0.8 %), 2 (0.4 %), 3 (0.28 %),
 * 4 (0.2 %): HyperLogLog with 2^12, 2^14, 2^16, 2^17 or 2^18 registers. Without it apldb uses 2^16
 * (Kusto's own default is level 1).
 */
export const dcountAccuracy = opt('accuracy', 'long', { constant: true, range: [0, 4] })

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
    signatures: [sig(param('expr', 'any'), dcountAccuracy)],
    returns: fixed('long'),
    wireName: 'distinct',
    estimated: true,
    onEmpty: 'zero',
    description:
      'Estimated number of distinct non-null values: exact up to 4,096, then HyperLogLog (about 0.4 % standard error; accuracy 0–4 picks 1.6 %, 0.8 %, 0.4 %, 0.28 % or 0.2 %, as in Kusto).',
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
  aggregate({
    name: 'arg_max',
    tier: 'T3',
    signatures: [argSignature],
    returns: sameAsArg(0),
    wireName: 'argmax',
    column: { kind: 'column', prefix: 'max' },
    onEmpty: 'null',
    rowColumns: true,
    description:
      'The row with the largest non-null expr (ties: the first row in scan order): expr, then the requested columns (or `*`, every other input column) of that row.',
    example: q('summarize arg_max(req_duration_ms, uri, status) by method'),
  }),
  aggregate({
    name: 'arg_min',
    tier: 'T3',
    signatures: [argSignature],
    returns: sameAsArg(0),
    wireName: 'argmin',
    column: { kind: 'column', prefix: 'min' },
    onEmpty: 'null',
    rowColumns: true,
    description:
      'The row with the smallest non-null expr (ties: the first row in scan order): expr, then the requested columns (or `*`, every other input column) of that row.',
    example: q('summarize arg_min(_time, *) by server_datacenter'),
  }),
]
