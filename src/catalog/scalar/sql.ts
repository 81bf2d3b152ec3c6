// catalog/scalar/sql.ts: SQL text functions (parse_sql, format_sql), from Axiom's sql-functions pages.
// Rows only; kernels live in the executor.

import { q } from '../example.ts'
import { fixed, param, sig } from '../signature.ts'
import { scalarFamily } from './define.ts'

const fn = scalarFamily('sql')

/** sql rows. */
export const sqlFunctions = [
  fn({
    name: 'parse_sql',
    tier: 'T3',
    signatures: [sig(param('sql_statement', 'string'))],
    returns: fixed('dynamic'),
    description:
      'The structured model of a SQL statement (statement type, columns, tables, conditions, ordering) as a dynamic value.',
    example: q("extend model = parse_sql('SELECT id, status FROM requests WHERE status = 500')"),
  }),
  fn({
    name: 'format_sql',
    tier: 'T3',
    signatures: [sig(param('parsed_sql_model', 'dynamic'))],
    returns: fixed('string'),
    description: 'The SQL statement rebuilt from a model returned by `parse_sql`.',
    example: q("extend sql = format_sql(parse_sql('SELECT id FROM requests'))"),
  }),
]
