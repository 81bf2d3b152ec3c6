// exec/kernels/operator-kernels.ts: THE table of scalar-operator kernels (operators/), keyed by the
// catalog's kernel keys. A catalog operator whose key has no kernel is unsupported: the binder
// refuses it (exec/capabilities.ts).
import type { KernelTable, ScalarOperatorKernelKey } from '../../catalog/index.ts'
import { asBool } from './coerce.ts'
import type { Kernel } from './kernel.ts'
import { ARITH_KERNELS } from './operators/arith.ts'
import { andBools, betweenKernel, COMPARISON_KERNELS, notBool, orBools } from './operators/compare.ts'
import { MATCHES_REGEX_KERNELS } from './operators/matches-regex.ts'
import { SET_KERNELS } from './operators/set-membership.ts'
import { SET_TEXT_KERNELS } from './operators/set-text.ts'
import { STRING_OPERATOR_KERNELS } from './operators/string-operators.ts'

/** Every scalar-operator kernel, keyed by catalog kernel key. */
export const operatorKernels: KernelTable<ScalarOperatorKernelKey, Kernel> = {
  ...COMPARISON_KERNELS,
  ...STRING_OPERATOR_KERNELS,
  ...SET_KERNELS,
  ...SET_TEXT_KERNELS,
  ...MATCHES_REGEX_KERNELS,
  ...ARITH_KERNELS,
  and: (args, n) => andBools(asBool(args[0], n), asBool(args[1], n)),
  or: (args, n) => orBools(asBool(args[0], n), asBool(args[1], n)),
  not: (args, n) => notBool(asBool(args[0], n)),
  between: betweenKernel,
  not_between: (args, n, site) => notBool(asBool(betweenKernel(args, n, site), n)),
}
