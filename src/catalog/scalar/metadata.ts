// catalog/scalar/metadata.ts: functions about the query's schema and the stored row rather than a
// row's values (column_ifexists, ingestion_time, cursor_current). Rows only; the binder answers them
// from the input's columns (plan/bind-schema-calls.ts).

import { q } from '../example.ts'
import { fixed, param, sameAsArg, sig } from '../signature.ts'
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
  fn({
    name: 'ingestion_time',
    tier: 'T3',
    signatures: [sig()],
    returns: fixed('datetime'),
    description:
      "When the row was received: the event's `_sysTime`; null where no stored row is in scope (after `summarize`, in `print`).",
    example: q("extend delay = datetime_diff('second', ingestion_time(), _time)"),
  }),
  fn({
    name: 'cursor_current',
    tier: 'T3',
    signatures: [sig()],
    returns: fixed('string'),
    description:
      "The row's cursor: its `_rowId`, which the legacy query API takes as `cursor` to resume after the row; null where no stored row is in scope.",
    example: q('extend cursor = cursor_current() | summarize max(cursor)'),
  }),
]
