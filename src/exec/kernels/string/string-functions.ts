// exec/kernels/string/string-functions.ts: string functions computed once per dictionary entry, then
// mapped through the codes: strlen, tolower, toupper.
import { asStr } from '../coerce.ts'
import type { Kernel } from '../kernel.ts'
import { lowerCase, upperCase } from './text-case.ts'

function mapDict(f: (s: string) => string): Kernel {
  return (args, n) => {
    const s = asStr(args[0], n)
    return { kind: 'str', codes: s.codes, dict: s.dict.map(f) }
  }
}

/** strlen: Unicode code points of the string; null stays null. */
const strlen: Kernel = (args, n) => {
  const s = asStr(args[0], n)
  const lens = s.dict.map((x) => [...x].length)
  const values = new Float64Array(n)
  const valid = new Uint8Array(n)
  for (let i = 0; i < n; i++) {
    const c = s.codes[i]
    if (c >= 0) {
      values[i] = lens[c]
      valid[i] = 1
    }
  }
  return { kind: 'num', type: 'long', values, valid }
}

/** String function kernels keyed by scalar kernel key. */
export const STRING_FUNCTION_KERNELS = {
  strlen,
  tolower: mapDict(lowerCase),
  toupper: mapDict(upperCase),
} as const satisfies Record<string, Kernel>
