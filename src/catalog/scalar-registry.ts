// catalog/scalar-registry.ts: the one table of scalar functions, assembled from the family files in
// scalar/ (one line per family). Refuses duplicate names and aliases at module load. Kernel key
// unions (all, and per family) derive from it.

import { buildRegistry, checkCallable } from './registry.ts'
import { arrayFunctions } from './scalar/array.ts'
import { binningFunctions } from './scalar/binning.ts'
import { calendarFunctions } from './scalar/calendar.ts'
import { conditionalFunctions } from './scalar/conditional.ts'
import { conversionFunctions } from './scalar/conversion.ts'
import { datetimeFunctions } from './scalar/datetime.ts'
import type { ScalarFamily, ScalarFunctionDef } from './scalar/define.ts'
import { dynamicFunctions } from './scalar/dynamic.ts'
import { encodingFunctions } from './scalar/encoding.ts'
import { genaiFunctions } from './scalar/genai.ts'
import { hashFunctions } from './scalar/hash.ts'
import { ipFunctions } from './scalar/ip.ts'
import { mathFunctions } from './scalar/math.ts'
import { metadataFunctions } from './scalar/metadata.ts'
import { pairFunctions } from './scalar/pair.ts'
import { regexFunctions } from './scalar/regex.ts'
import { seriesFunctions } from './scalar/series.ts'
import { sqlFunctions } from './scalar/sql.ts'
import { stringFunctions } from './scalar/string.ts'
import { typeCheckFunctions } from './scalar/type-check.ts'

const SCALAR_ROWS = [
  ...binningFunctions,
  ...conversionFunctions,
  ...stringFunctions,
  ...regexFunctions,
  ...encodingFunctions,
  ...mathFunctions,
  ...datetimeFunctions,
  ...calendarFunctions,
  ...conditionalFunctions,
  ...typeCheckFunctions,
  ...dynamicFunctions,
  ...arrayFunctions,
  ...hashFunctions,
  ...ipFunctions,
  ...seriesFunctions,
  ...genaiFunctions,
  ...metadataFunctions,
  ...pairFunctions,
  ...sqlFunctions,
]

type ScalarRow = (typeof SCALAR_ROWS)[number]

/** Every scalar kernel key; the executor's kernel table is keyed by these. */
export type ScalarKernelKey = ScalarRow['kernel']

/** The kernel keys of one family's rows (the keys that family's kernel table may hold). */
export type ScalarKernelKeyOf<F extends ScalarFamily> = Extract<ScalarRow, { readonly family: F }>['kernel']

/** The scalar function table. */
export const scalarRegistry = buildRegistry<ScalarFunctionDef<ScalarKernelKey>>(
  'scalar function',
  SCALAR_ROWS,
  checkCallable,
)

/** The scalar function named `name` (canonical or alias, case-sensitive). */
export function lookupScalar(name: string): ScalarFunctionDef<ScalarKernelKey> | undefined {
  return scalarRegistry.lookup(name)
}

/** Every scalar function name and alias, sorted (for "did you mean"). */
export function allScalarNames(): readonly string[] {
  return scalarRegistry.names()
}
