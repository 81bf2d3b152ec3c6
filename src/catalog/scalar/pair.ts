// catalog/scalar/pair.ts: key/value pair functions (pair, parse_pair, find_pair). Rows only; kernels live
// in the executor. Empty until the first row: write `const fn = scalarFamily('pair')` and add `fn({ … })`
// rows (see docs/contributing.md).

import type { ScalarFunctionDef } from './define.ts'

/** pair rows. */
export const pairFunctions = [] satisfies ScalarFunctionDef[]
