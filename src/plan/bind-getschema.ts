// plan/bind-getschema.ts: `getschema`: the input's columns as rows of an inline table (ColumnName,
// ColumnOrdinal, ColumnType, DataType), decided at bind time from the schema; the input is not read.

import type { Getschema } from '../syntax/ast.ts'
import type { BoundLiteral } from './bound-expr.ts'
import { columnInfo } from './columns.ts'
import { type LogicalNode, logical } from './logical.ts'

/**
 * One row per input column in order: its name, 0-based ordinal, APL type, and the storage types
 * behind it (`integer|string` for a mixed field; the APL type for a computed column).
 */
export function bindGetschema(op: Getschema, input: LogicalNode): LogicalNode {
  const lit = (type: 'string' | 'long', value: string | bigint): BoundLiteral => ({
    kind: 'Literal',
    type,
    value,
    span: op.span,
  })
  const rows = input.schema.map((c, i) => [
    lit('string', c.name),
    lit('long', BigInt(i)),
    lit('string', c.type),
    lit('string', c.storage.length > 0 ? c.storage.join('|') : c.type),
  ])
  const schema = [
    columnInfo('ColumnName', 'string'),
    columnInfo('ColumnOrdinal', 'long'),
    columnInfo('ColumnType', 'string'),
    columnInfo('DataType', 'string'),
  ]
  return logical('Datatable', { schema, span: op.span, rows })
}
