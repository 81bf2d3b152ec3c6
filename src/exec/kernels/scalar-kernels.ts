// exec/kernels/scalar-kernels.ts: THE table of scalar-function kernels, assembled from one table per
// catalog family (`<family>/<family>-kernels.ts`, keyed by that family's kernel keys). A catalog row
// whose key has no kernel is unsupported: the binder refuses it (exec/capabilities.ts).
import type { KernelTable, ScalarFamily, ScalarKernelKey } from '../../catalog/index.ts'
import { ARRAY_KERNELS } from './array/array-kernels.ts'
import { BINNING_KERNELS } from './binning/binning-kernels.ts'
import { CALENDAR_KERNELS } from './calendar/calendar-kernels.ts'
import { CONDITIONAL_KERNELS } from './conditional/conditional-kernels.ts'
import { CONVERSION_KERNELS } from './conversion/conversion-kernels.ts'
import { DATETIME_KERNELS } from './datetime/datetime-kernels.ts'
import { DYNAMIC_KERNELS } from './dynamic/dynamic-kernels.ts'
import { ENCODING_KERNELS } from './encoding/encoding-kernels.ts'
import { GENAI_KERNELS } from './genai/genai-kernels.ts'
import { HASH_KERNELS } from './hash/hash-kernels.ts'
import { IP_KERNELS } from './ip/ip-kernels.ts'
import type { FamilyKernels, Kernel } from './kernel.ts'
import { MATH_KERNELS } from './math/math-kernels.ts'
import { METADATA_KERNELS } from './metadata/metadata-kernels.ts'
import { PAIR_KERNELS } from './pair/pair-kernels.ts'
import { REGEX_KERNELS } from './regex/regex-kernels.ts'
import { SERIES_KERNELS } from './series/series-kernels.ts'
import { SQL_KERNELS } from './sql/sql-kernels.ts'
import { STRING_KERNELS } from './string/string-kernels.ts'
import { TYPE_CHECK_KERNELS } from './type-check/type-check-kernels.ts'

/** Every family's table (the type demands one per catalog family). */
const FAMILIES: { readonly [F in ScalarFamily]: FamilyKernels<F> } = {
  array: ARRAY_KERNELS,
  binning: BINNING_KERNELS,
  calendar: CALENDAR_KERNELS,
  conditional: CONDITIONAL_KERNELS,
  conversion: CONVERSION_KERNELS,
  datetime: DATETIME_KERNELS,
  dynamic: DYNAMIC_KERNELS,
  encoding: ENCODING_KERNELS,
  genai: GENAI_KERNELS,
  hash: HASH_KERNELS,
  ip: IP_KERNELS,
  math: MATH_KERNELS,
  metadata: METADATA_KERNELS,
  pair: PAIR_KERNELS,
  regex: REGEX_KERNELS,
  series: SERIES_KERNELS,
  sql: SQL_KERNELS,
  string: STRING_KERNELS,
  'type-check': TYPE_CHECK_KERNELS,
}

/** The families' tables merged; a key in two tables (two rows sharing a kernel key) is refused at load. */
function assemble(): KernelTable<ScalarKernelKey, Kernel> {
  const out: Record<string, Kernel> = {}
  for (const [family, table] of Object.entries(FAMILIES)) {
    for (const [key, kernel] of Object.entries(table as Readonly<Record<string, Kernel | undefined>>)) {
      if (kernel === undefined) continue
      if (Object.hasOwn(out, key))
        throw new Error(`scalar kernel '${key}' is defined twice (again in ${family})`)
      out[key] = kernel
    }
  }
  return out
}

/** Every scalar-function kernel, keyed by catalog kernel key. */
export const scalarKernels: KernelTable<ScalarKernelKey, Kernel> = assemble()
