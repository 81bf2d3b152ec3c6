// catalog/aggregate/conditional.ts: the T2 `*if` aggregations. Each names its unconditional base and
// the predicate argument, so the executor may run them as the base over the rows the predicate keeps.

import { q } from '../example.ts'
import { computed, fixed, param, sameAsArg, sig } from '../signature.ts'
import { dcountAccuracy } from './basic.ts'
import { aggregate } from './define.ts'

const predicate = param('predicate', 'bool')

/** Conditional aggregation rows. */
export const conditionalAggregates = [
  aggregate({
    name: 'countif',
    tier: 'T2',
    signatures: [sig(predicate)],
    returns: fixed('long'),
    wireName: 'countif',
    column: { kind: 'fixed', name: 'countif_' },
    onEmpty: 'zero',
    filtered: { base: 'count', predicateArg: 0 },
    description: 'Number of rows for which the predicate is true.',
    example: q("summarize countif(status == '500') by bin(_time, 1h)"),
  }),
  aggregate({
    name: 'dcountif',
    tier: 'T2',
    signatures: [sig(param('expr', 'any'), predicate, dcountAccuracy)],
    returns: fixed('long'),
    wireName: 'distinctif',
    estimated: true,
    onEmpty: 'zero',
    filtered: { base: 'dcount', predicateArg: 1 },
    description: 'Estimated number of distinct values among rows where the predicate is true.',
    example: q("summarize dcountif(id, status == '200') by method"),
  }),
  aggregate({
    name: 'sumif',
    tier: 'T2',
    signatures: [sig(param('expr', 'summable'), predicate)],
    returns: sameAsArg(0),
    wireName: 'sumif',
    onEmpty: 'zero',
    filtered: { base: 'sum', predicateArg: 1 },
    description: 'Sum over rows where the predicate is true; 0 when none match.',
    example: q("summarize sumif(resp_body_size_bytes, method == 'GET') by bin(_time, 1h)"),
  }),
  aggregate({
    name: 'avgif',
    tier: 'T2',
    signatures: [sig(param('expr', 'summable'), predicate)],
    returns: computed('timespan for a timespan input, else real', (args) =>
      args[0] === 'timespan' ? 'timespan' : 'real',
    ),
    wireName: 'avgif',
    onEmpty: 'null',
    filtered: { base: 'avg', predicateArg: 1 },
    description: 'Mean over rows where the predicate is true; null when none match.',
    example: q("summarize avgif(req_duration_ms, status == '200') by method"),
  }),
  aggregate({
    name: 'minif',
    tier: 'T2',
    signatures: [sig(param('expr', 'orderable'), predicate)],
    returns: sameAsArg(0),
    wireName: 'minif',
    onEmpty: 'null',
    filtered: { base: 'min', predicateArg: 1 },
    description: 'Smallest value over rows where the predicate is true; null when none match.',
    example: q("summarize minif(req_duration_ms, status == '200') by method"),
  }),
  aggregate({
    name: 'maxif',
    tier: 'T2',
    signatures: [sig(param('expr', 'orderable'), predicate)],
    returns: sameAsArg(0),
    wireName: 'maxif',
    onEmpty: 'null',
    filtered: { base: 'max', predicateArg: 1 },
    description: 'Largest value over rows where the predicate is true; null when none match.',
    example: q("summarize maxif(req_duration_ms, status == '200') by method"),
  }),
]
