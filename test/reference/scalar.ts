// test/reference/scalar.ts: the reference's scalar functions, assembled from one table per catalog
// family (scalar/<family>.ts, keyed by that family's kernel keys). A row without an implementation
// makes a query using it unverifiable (OracleUnsupported), never a pass.

import type { KernelTable, ScalarFamily, ScalarKernelKey } from '../../src/catalog/index.ts'
import { ARRAY } from './scalar/array.ts'
import { BINNING } from './scalar/binning.ts'
import { CALENDAR } from './scalar/calendar.ts'
import { CONDITIONAL } from './scalar/conditional.ts'
import { CONVERSION } from './scalar/conversion.ts'
import { DATETIME } from './scalar/datetime.ts'
import type { FamilyImpls, ScalarImpl } from './scalar/define.ts'
import { DYNAMIC } from './scalar/dynamic.ts'
import { ENCODING } from './scalar/encoding.ts'
import { GENAI } from './scalar/genai.ts'
import { HASH } from './scalar/hash.ts'
import { IP } from './scalar/ip.ts'
import { MATH } from './scalar/math.ts'
import { METADATA } from './scalar/metadata.ts'
import { PAIR } from './scalar/pair.ts'
import { REGEX } from './scalar/regex.ts'
import { SERIES } from './scalar/series.ts'
import { SQL } from './scalar/sql.ts'
import { STRING } from './scalar/string.ts'
import { TYPE_CHECK } from './scalar/type-check.ts'

export { binValue } from './scalar/binning.ts'
export { floorDiv, type ScalarContext, type ScalarImpl } from './scalar/define.ts'

/** Every family's table (the type demands one per catalog family). */
const FAMILIES: { readonly [F in ScalarFamily]: FamilyImpls<F> } = {
  array: ARRAY,
  binning: BINNING,
  calendar: CALENDAR,
  conditional: CONDITIONAL,
  conversion: CONVERSION,
  datetime: DATETIME,
  dynamic: DYNAMIC,
  encoding: ENCODING,
  genai: GENAI,
  hash: HASH,
  ip: IP,
  math: MATH,
  metadata: METADATA,
  pair: PAIR,
  regex: REGEX,
  series: SERIES,
  sql: SQL,
  string: STRING,
  'type-check': TYPE_CHECK,
}

/** Every scalar function the reference implements, keyed by catalog kernel key. */
export const SCALARS: KernelTable<ScalarKernelKey, ScalarImpl> = Object.assign({}, ...Object.values(FAMILIES))
