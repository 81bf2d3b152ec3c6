// catalog/aggregate/distribution.ts: spread and shape of numeric values (stdev, variance, histogram,
// rate). Sample (n-1) statistics, as Kusto.

import { q } from '../example.ts'
import { fixed, param, sig } from '../signature.ts'
import { aggregate } from './define.ts'

const value = param('expr', 'numeric')
const predicate = param('predicate', 'bool')
const bins = param('bins', 'long', { constant: true, range: [1, 1_000] })

/** Distribution rows. */
export const distributionAggregates = [
  aggregate({
    name: 'stdev',
    tier: 'T3',
    signatures: [sig(value)],
    returns: fixed('real'),
    wireName: 'stdev',
    onEmpty: 'null',
    description: 'Sample standard deviation of the values.',
    example: q('summarize stdev(req_duration_ms) by method'),
  }),
  aggregate({
    name: 'stdevif',
    tier: 'T3',
    signatures: [sig(value, predicate)],
    returns: fixed('real'),
    wireName: 'stdevif',
    onEmpty: 'null',
    filtered: { base: 'stdev', predicateArg: 1 },
    description: 'Sample standard deviation over rows where the predicate is true.',
    example: q("summarize stdevif(req_duration_ms, method == 'GET')"),
  }),
  aggregate({
    name: 'variance',
    tier: 'T3',
    signatures: [sig(value)],
    returns: fixed('real'),
    wireName: 'variance',
    onEmpty: 'null',
    description: 'Sample variance of the values.',
    example: q('summarize variance(req_duration_ms) by method'),
  }),
  aggregate({
    name: 'varianceif',
    tier: 'T3',
    signatures: [sig(value, predicate)],
    returns: fixed('real'),
    wireName: 'varianceif',
    onEmpty: 'null',
    filtered: { base: 'variance', predicateArg: 1 },
    description: 'Sample variance over rows where the predicate is true.',
    example: q("summarize varianceif(req_duration_ms, method == 'GET')"),
  }),
  aggregate({
    name: 'histogram',
    tier: 'T3',
    signatures: [sig(value, bins)],
    returns: fixed('dynamic'),
    wireName: 'histogram',
    estimated: true,
    onEmpty: 'emptyArray',
    description: 'Bucketed counts as one dynamic cell [{lower, upper, count}] (decision §10.2).',
    example: q('summarize histogram(req_duration_ms, 20) by method'),
  }),
  aggregate({
    name: 'histogramif',
    tier: 'T3',
    signatures: [sig(value, bins, predicate)],
    returns: fixed('dynamic'),
    wireName: 'histogramif',
    estimated: true,
    onEmpty: 'emptyArray',
    filtered: { base: 'histogram', predicateArg: 2 },
    description: 'histogram over rows where the predicate is true.',
    example: q("summarize histogramif(req_duration_ms, 20, method == 'GET')"),
  }),
  aggregate({
    name: 'rate',
    tier: 'T3',
    signatures: [sig(value)],
    returns: fixed('real'),
    wireName: 'rate',
    onEmpty: 'null',
    description:
      'Per-second rate: sum of the values divided by the time-bucket (or query window) length in seconds.',
    example: q('summarize rate(resp_body_size_bytes) by bin(_time, 1m)'),
  }),
]
