// catalog/aggregate/percentile.ts: percentiles (single value, arrays, and the `if` forms): exact while
// the summarize's values fit its exact budget, else estimated (and flagged).
// Percentages are constants in [0, 100]; the default column embeds p (`percentile_x_99_5`, §10.1).

import { q } from '../example.ts'
import { fixed, type Param, param, sameAsArg, sig, variadic } from '../signature.ts'
import { aggregate } from './define.ts'

const value = param('expr', 'summable')
const percentage: Param = param('percentile', 'numeric', { constant: true, range: [0, 100] })

/** Percentile rows. */
export const percentileAggregates = [
  aggregate({
    name: 'percentile',
    tier: 'T1',
    signatures: [sig(value, percentage)],
    returns: sameAsArg(0),
    wireName: 'percentiles',
    column: { kind: 'firstArgAndConstant', argIndex: 1 },
    estimated: true,
    onEmpty: 'null',
    description:
      'The p-th percentile (0–100) of the values, in the input type: exact (nearest rank) while the summarize keeps its values (up to 16,777,216 per summarize, within a quarter of its memory budget), else a t-digest estimate (flagged isEstimate).',
    example: q('summarize percentile(req_duration_ms, 95) by method'),
  }),
  aggregate({
    name: 'percentiles_array',
    tier: 'T2',
    signatures: [variadic([value], [percentage], 1, 64)],
    returns: fixed('dynamic'),
    wireName: 'percentiles',
    estimated: true,
    onEmpty: 'null',
    description:
      'Percentiles as a dynamic array, one element per requested percentage, in order (exact or estimated as percentile).',
    example: q('summarize percentiles_array(req_duration_ms, 50, 90, 99) by bin(_time, 1h)'),
  }),
  aggregate({
    name: 'percentileif',
    tier: 'T3',
    signatures: [sig(value, percentage, param('predicate', 'bool'))],
    returns: sameAsArg(0),
    wireName: 'percentilesif',
    column: { kind: 'firstArgAndConstant', argIndex: 1 },
    estimated: true,
    onEmpty: 'null',
    filtered: { base: 'percentile', predicateArg: 2 },
    description: 'percentile over rows where the predicate is true.',
    example: q("summarize percentileif(req_duration_ms, 95, method == 'GET')"),
  }),
  aggregate({
    name: 'percentiles_arrayif',
    tier: 'T3',
    signatures: [sig(value, param('percentiles', 'dynamic', { constant: true }), param('predicate', 'bool'))],
    returns: fixed('dynamic'),
    wireName: 'percentilesif',
    estimated: true,
    onEmpty: 'null',
    filtered: { base: 'percentiles_array', predicateArg: 2 },
    description:
      'percentiles_array (percentages passed as one dynamic array) over rows where the predicate is true.',
    example: q("summarize percentiles_arrayif(req_duration_ms, dynamic([50, 99]), method == 'GET')"),
  }),
]
