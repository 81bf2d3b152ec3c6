// exec/kernels/sql/sql-kernels.ts: the sql family's kernel table, keyed by the family's catalog kernel
// keys (catalog/scalar/sql.ts): parse_sql (sql-parse.ts, once per dictionary entry) and format_sql
// (sql-format.ts, per dynamic cell).
import { scalarKernel } from '../executor/index.ts'
import type { FamilyKernels } from '../kernel.ts'
import { formatSql } from './sql-format.ts'
import { parseSql } from './sql-parse.ts'

/** Kernels of the sql family. */
export const SQL_KERNELS: FamilyKernels<'sql'> = {
  parse_sql: scalarKernel({ args: ['string'], returns: 'dynamic', fn: parseSql }),
  format_sql: scalarKernel({ args: ['dynamic'], returns: 'string', fn: formatSql }),
}
