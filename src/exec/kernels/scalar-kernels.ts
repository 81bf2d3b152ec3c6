// exec/kernels/scalar-kernels.ts: THE table of scalar-function kernels, keyed by the catalog's kernel
// keys. T1 keys are required by the type below; T2 keys are being added, and a missing key fails
// with a clear `not supported yet` error when a query needs it.
import type { RequiredScalarKernelKey, ScalarKernelKey } from '../../catalog/index.ts'
import { binAutoKernel, binKernel } from './binning.ts'
import { agoKernel, nowKernel } from './clock.ts'
import { CONDITIONAL_KERNELS } from './conditional.ts'
import { toDoubleKernel } from './convert.ts'
import type { Kernel } from './kernel.ts'
import { MATH_KERNELS } from './math.ts'
import { NULL_CHECK_KERNELS } from './null-checks.ts'
import { STRING_FUNCTION_KERNELS } from './string-functions.ts'
import { toStringKernel } from './text.ts'

/** Scalar kernel keys of the T1 rows (checked against the catalog's required keys). */
export const T1_SCALAR_KEYS = [
  'bin',
  'bin_auto',
  'todouble',
] as const satisfies readonly RequiredScalarKernelKey[]
type T1ScalarKey = (typeof T1_SCALAR_KEYS)[number]

/** Every T1 kernel present; other catalog keys optional until implemented. */
export const scalarKernels: { readonly [K in T1ScalarKey]: Kernel } & {
  readonly [K in Exclude<ScalarKernelKey, T1ScalarKey>]?: Kernel
} = {
  bin: binKernel,
  bin_auto: binAutoKernel,
  todouble: toDoubleKernel,
  tostring: toStringKernel,
  now: nowKernel,
  ago: agoKernel,
  ...MATH_KERNELS,
  ...STRING_FUNCTION_KERNELS,
  ...NULL_CHECK_KERNELS,
  ...CONDITIONAL_KERNELS,
}
