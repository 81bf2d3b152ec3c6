// catalog/scalar/binning.ts: rounding values down to buckets (bin, bin_auto) and to integral values
// (floor, ceiling). `bin` aligns to the Unix epoch and keeps the input type (decision §10.3).

import { q } from '../example.ts'
import { fixed, param, sameAsArg, sig } from '../signature.ts'
import { scalarFamily } from './define.ts'

const fn = scalarFamily('binning')

/** Binning and integral-rounding rows. */
export const binningFunctions = [
  fn({
    name: 'bin',
    tier: 'T1',
    signatures: [
      sig(param('value', 'numeric'), param('bin_size', 'numeric', { constant: true })),
      sig(param('value', 'datetime'), param('bin_size', 'timespan', { constant: true })),
      sig(param('value', 'timespan'), param('bin_size', 'timespan', { constant: true })),
    ],
    returns: sameAsArg(0),
    description:
      'Rounds down to a multiple of `bin_size` (floor(value / bin_size) * bin_size, aligned to the Unix epoch for datetimes); keeps the input type.',
    example: q('summarize count() by bin(_time, 1h)'),
  }),
  fn({
    name: 'bin_auto',
    tier: 'T1',
    placement: 'summarize-by',
    signatures: [sig(param('expression', 'datetime'))],
    returns: fixed('datetime'),
    description:
      'Bins `_time` with a step chosen from the query window (at most 1,000 buckets, decision §10.3); only as a summarize group key.',
    example: q('summarize count() by bin_auto(_time)'),
  }),
  fn({
    name: 'floor',
    tier: 'T2',
    signatures: [sig(param('number', 'numeric'))],
    returns: sameAsArg(0),
    description: 'The largest integral value not above the number, in the type of the input.',
    example: q('extend whole_ms = floor(req_duration_ms)'),
  }),
  fn({
    name: 'ceiling',
    tier: 'T2',
    signatures: [sig(param('number', 'numeric'))],
    returns: sameAsArg(0),
    description: 'The smallest integral value not below the number, in the type of the input.',
    example: q('extend whole_ms = ceiling(req_duration_ms)'),
  }),
]
