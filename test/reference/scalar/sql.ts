// test/reference/scalar/sql.ts: the reference's sql functions, row at a time. parse_sql and format_sql
// call the kernels' per-value definitions (issue #20 allows it for helper kernels: the reference then
// checks the vector machinery); their semantics are pinned by the examples in sql.apl-test.

import { formatSql } from '../../../src/exec/kernels/sql/sql-format.ts'
import { parseSql } from '../../../src/exec/kernels/sql/sql-parse.ts'
import type { Json } from '../values.ts'
import { type FamilyImpls, strict, text } from './define.ts'

/** The sql family. */
export const SQL: FamilyImpls<'sql'> = {
  parse_sql: strict(([s]) => parseSql(text(s))),
  format_sql: strict(([m]) => formatSql(m as Json)),
}
