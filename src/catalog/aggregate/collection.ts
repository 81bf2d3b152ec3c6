// catalog/aggregate/collection.ts: aggregations that return a dynamic array per group (make_list,
// make_set, topk and their `if` forms). topk's cell shape is [{key, count, error}] (decision §10.2).

import { q } from '../example.ts'
import { fixed, opt, param, sig } from '../signature.ts'
import { aggregate } from './define.ts'

const maxSize = opt('maxSize', 'long', { constant: true })
const k = param('k', 'long', { constant: true, range: [1, 1_000_000] })

/** Collection rows. */
export const collectionAggregates = [
  aggregate({
    name: 'make_list',
    tier: 'T2',
    signatures: [sig(param('expr', 'any'), maxSize)],
    returns: fixed('dynamic'),
    wireName: 'makelist',
    onEmpty: 'emptyArray',
    description: 'All non-null values of the group as a dynamic array (up to maxSize).',
    example: q('summarize make_list(uri) by method'),
  }),
  aggregate({
    name: 'make_set',
    tier: 'T2',
    signatures: [sig(param('expr', 'any'), maxSize)],
    returns: fixed('dynamic'),
    wireName: 'makeset',
    onEmpty: 'emptyArray',
    description: 'The distinct non-null values of the group as a dynamic array (up to maxSize).',
    example: q("summarize make_set(method) by ['geo.country']"),
  }),
  aggregate({
    name: 'make_list_if',
    tier: 'T3',
    signatures: [sig(param('expr', 'any'), param('predicate', 'bool'), maxSize)],
    returns: fixed('dynamic'),
    wireName: 'makelistif',
    onEmpty: 'emptyArray',
    filtered: { base: 'make_list', predicateArg: 1 },
    description: 'make_list over rows where the predicate is true.',
    example: q("summarize make_list_if(uri, status == '500') by method"),
  }),
  aggregate({
    name: 'make_set_if',
    tier: 'T3',
    signatures: [sig(param('expr', 'any'), param('predicate', 'bool'), maxSize)],
    returns: fixed('dynamic'),
    wireName: 'makesetif',
    onEmpty: 'emptyArray',
    filtered: { base: 'make_set', predicateArg: 1 },
    description: 'make_set over rows where the predicate is true.',
    example: q("summarize make_set_if(uri, status == '500') by method"),
  }),
  aggregate({
    name: 'topk',
    tier: 'T1',
    signatures: [sig(param('expr', 'any'), k)],
    returns: fixed('dynamic'),
    wireName: 'topk',
    estimated: true,
    onEmpty: 'emptyArray',
    description: 'The k most frequent values as one dynamic cell [{key, count, error}], highest count first.',
    example: q('summarize topk(uri, 10)'),
  }),
  aggregate({
    name: 'topkif',
    tier: 'T3',
    signatures: [sig(param('expr', 'any'), k, param('predicate', 'bool'))],
    returns: fixed('dynamic'),
    wireName: 'topkif',
    estimated: true,
    onEmpty: 'emptyArray',
    filtered: { base: 'topk', predicateArg: 2 },
    description: 'topk over rows where the predicate is true.',
    example: q("summarize topkif(uri, 5, status == '500')"),
  }),
]
