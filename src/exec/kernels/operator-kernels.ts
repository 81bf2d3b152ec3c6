// exec/kernels/operator-kernels.ts: THE table of scalar-operator kernels keyed by the catalog's
// kernel keys; `KernelTable` makes the compiler prove every T1/T2 operator is present. A T3 key
// that is absent fails with a clear `not supported yet` error when a plan needs it.
import type {
  KernelTable,
  RequiredScalarOperatorKernelKey,
  ScalarOperatorKernelKey,
} from '../../catalog/index.ts'
import { ARITH_KERNELS } from './arith.ts'
import { asBool } from './coerce.ts'
import { andBools, betweenKernel, COMPARISON_KERNELS, notBool, orBools } from './compare.ts'
import type { Kernel } from './kernel.ts'
import { REGEX_KERNELS } from './regex.ts'
import { SET_KERNELS } from './set-membership.ts'
import { STRING_KERNELS } from './strings.ts'

/** Every T1 and T2 operator (the type proves it); T3 keys present where cheap. */
export const operatorKernels: KernelTable<ScalarOperatorKernelKey, RequiredScalarOperatorKernelKey, Kernel> =
  {
    ...COMPARISON_KERNELS,
    ...STRING_KERNELS,
    ...SET_KERNELS,
    ...REGEX_KERNELS,
    ...ARITH_KERNELS,
    and: (args, n) => andBools(asBool(args[0], n), asBool(args[1], n)),
    or: (args, n) => orBools(asBool(args[0], n), asBool(args[1], n)),
    not: (args, n) => notBool(asBool(args[0], n)),
    between: betweenKernel,
  }
