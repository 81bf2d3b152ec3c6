// test/reference/scalar/conditional.ts: the reference's conditional functions, row at a time: iff, case,
// coalesce, not. Written from the functions' documentation, never from engine code.

import { not3 } from '../operators.ts'
import type { Value } from '../values.ts'
import type { FamilyImpls } from './define.ts'

/** `coalesce`: the first argument neither null nor ""; else "" if some argument was "", else null. */
function coalesce(args: readonly Value[]): Value {
  const hit = args.find((a) => a !== null && a !== '')
  if (hit !== undefined) return hit
  return args.includes('') ? '' : null
}

/** The conditional family. */
export const CONDITIONAL: FamilyImpls<'conditional'> = {
  iff: ([p, a, b]) => (p === true ? a : b),
  case: (args) => {
    for (let i = 0; i + 1 < args.length; i += 2) if (args[i] === true) return args[i + 1]
    return args[args.length - 1]
  },
  coalesce,
  not: ([x]) => not3(x),
}
