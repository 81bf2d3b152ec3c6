// ops/spotlight-spec.ts: how a spotlight call is fed: one dynamic array per row, pack_array(selection,
// field1, …), so the state sees a whole row through the one-value feed; and the fields' names and
// kinds (numeric: long, real, timespan; every other type by value) as the state's parameters.

import { type AplType, lookupScalar } from '../../catalog/index.ts'
import type { BoundCall, BoundExpr } from '../../plan/index.ts'
import type { AggParams } from '../agg/index.ts'
import type { SpotlightFieldKind } from '../agg/spotlight.ts'
import { ExecError } from '../context.ts'

const KIND: Record<AplType, SpotlightFieldKind> = {
  long: 'number',
  real: 'number',
  timespan: 'timespan',
  bool: 'category',
  string: 'category',
  datetime: 'category',
  dynamic: 'category',
  unknown: 'category',
}

/** The row value fed to spotlight's state: `args` (selection, then the fields) packed per row. */
export function spotlightValue(args: readonly BoundExpr[]): BoundCall {
  const fn = lookupScalar('pack_array')
  if (fn === undefined || args.length < 2) throw new ExecError('invalid_argument', 'spotlight: bad arguments')
  return { kind: 'Call', type: 'dynamic', span: args[0].span, fn, kernel: fn.kernel, args }
}

/** spotlight's parameters from its field arguments (the binder made each a column reference). */
export function spotlightParams(fields: readonly BoundExpr[]): AggParams {
  return {
    fields: fields.map((e) => {
      if (e.kind !== 'Column') throw new ExecError('invalid_argument', 'spotlight: a field must be a column')
      return { name: e.name, kind: KIND[e.type] }
    }),
  }
}
