// catalog/scalar/metadata.ts: functions about the query's schema rather than a row's values
// (column_ifexists). Rows only; the binder resolves them against the input columns once it supports them.

import { q } from '../example.ts'
import { param, sameAsArg, sig } from '../signature.ts'
import { scalarFamily } from './define.ts'

const fn = scalarFamily('metadata')

/** Metadata rows. */
export const metadataFunctions = [
  fn({
    name: 'column_ifexists',
    tier: 'T3',
    signatures: [sig(param('FieldName', 'string', { constant: true }), param('DefaultValue', 'any'))],
    returns: sameAsArg(1),
    description:
      'The field named `FieldName` when the input has it, else `DefaultValue` (a field or a literal); the name is a constant string.',
    example: q("project _time, location = column_ifexists('geo.region', ['geo.country'])"),
  }),
]
