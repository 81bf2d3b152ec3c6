// exec/kernels/conversion/conversion-kernels.ts: the conversion family's kernel table (todouble/toreal,
// toint/tolong, tostring, todatetime, totimespan, tobool, tohex,
// toarray, dynamic_to_json), keyed by the family's catalog kernel keys
// (catalog/scalar/conversion.ts). A row without an entry is unsupported.
import type { FamilyKernels } from '../kernel.ts'
import { dynamicToJsonKernel, toArrayKernel } from './dynamic-forms.ts'
import { toBoolKernel } from './to-bool.ts'
import { toDateTimeKernel } from './to-datetime.ts'
import { toDoubleKernel } from './to-double.ts'
import { toHexKernel } from './to-hex.ts'
import { toIntKernel } from './to-int.ts'
import { toStringKernel } from './to-string.ts'
import { toTimespanKernel } from './to-timespan.ts'

/** Kernels of the conversion family. */
export const CONVERSION_KERNELS: FamilyKernels<'conversion'> = {
  todouble: toDoubleKernel,
  toint: toIntKernel,
  tostring: toStringKernel,
  todatetime: toDateTimeKernel,
  totimespan: toTimespanKernel,
  tobool: toBoolKernel,
  tohex: toHexKernel,
  toarray: toArrayKernel,
  dynamic_to_json: dynamicToJsonKernel,
}
