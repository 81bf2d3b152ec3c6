// exec/kernels/string/string-functions.ts: string functions computed once per dictionary entry, then
// mapped through the codes: strlen and reverse (on the kernel-authoring helper), tolower, toupper.
import { asStr } from '../coerce.ts'
import { scalarKernel } from '../executor/index.ts'
import type { Kernel } from '../kernel.ts'
import { lowerCase, upperCase } from './text-case.ts'

function mapDict(f: (s: string) => string): Kernel {
  return (args, n) => {
    const s = asStr(args[0], n)
    return { kind: 'str', codes: s.codes, dict: s.dict.map(f) }
  }
}

/** Unicode code points in `s` (a surrogate pair counts once, a lone surrogate once), without copying it. */
export function codePointCount(s: string): number {
  let count = s.length
  for (let i = 0; i + 1 < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1)
      if (d >= 0xdc00 && d <= 0xdfff) {
        count--
        i++
      }
    }
  }
  return count
}

/** `s` with its code points in reverse order (a surrogate pair stays one character). */
export function reverseCodePoints(s: string): string {
  let out = ''
  for (let i = s.length - 1; i >= 0; i--) {
    const c = s.charCodeAt(i)
    if (c >= 0xdc00 && c <= 0xdfff && i > 0) {
      const h = s.charCodeAt(i - 1)
      if (h >= 0xd800 && h <= 0xdbff) {
        out += s.slice(i - 1, i + 1)
        i--
        continue
      }
    }
    out += s[i]
  }
  return out
}

/** String function kernels keyed by scalar kernel key. */
export const STRING_FUNCTION_KERNELS = {
  /** strlen: Unicode code points of the string; null stays null. */
  strlen: scalarKernel({ args: ['string'], returns: 'long', fn: codePointCount }),
  /** reverse: the characters (code points) in reverse order; null stays null. */
  reverse: scalarKernel({ args: ['string'], returns: 'string', fn: reverseCodePoints }),
  tolower: mapDict(lowerCase),
  toupper: mapDict(upperCase),
} as const satisfies Record<string, Kernel>
