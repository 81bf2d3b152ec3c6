// catalog/aggregate/percentile.ts: percentile estimates (single value, arrays, and the `if` forms).
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
    description: 'Estimated p-th percentile (0–100) of the values, in the input type.',
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
    description: 'Estimated percentiles as a dynamic array, one element per requested percentage, in order.',
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
    description: 'Estimated percentile over rows where the predicate is true.',
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
    description: 'Estimated percentiles (passed as one dynamic array) over rows where the predicate is true.',
    example: q("summarize percentiles_arrayif(req_duration_ms, dynamic([50, 99]), method == 'GET')"),
  }),
]
