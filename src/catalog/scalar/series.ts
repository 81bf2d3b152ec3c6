// catalog/scalar/series.ts: time-series functions over dynamic arrays (series_*). Rows only; kernels live
// in the executor. Empty until the first row: write `const fn = scalarFamily('series')` and add `fn({ …
// })` rows (see docs/contributing.md).

import type { ScalarFunctionDef } from './define.ts'

/** series rows. */
export const seriesFunctions = [] satisfies ScalarFunctionDef[]
