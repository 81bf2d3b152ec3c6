// catalog/scalar/sql.ts: SQL text functions (parse_sql, format_sql). Rows only; kernels live in the
// executor. Empty until the first row: write `const fn = scalarFamily('sql')` and add `fn({ … })` rows
// (see docs/contributing.md).

import type { ScalarFunctionDef } from './define.ts'

/** sql rows. */
export const sqlFunctions = [] satisfies ScalarFunctionDef[]
