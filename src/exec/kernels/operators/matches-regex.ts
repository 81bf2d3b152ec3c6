// exec/kernels/operators/matches-regex.ts: `matches regex` with RE2 semantics (re2js: linear time,
// decision §10.9), unanchored and case-sensitive. A constant pattern compiles once and runs once per
// dictionary entry.
import { RE2JS } from 're2js'
import { ExecError } from '../../context.ts'
import { asStr } from '../coerce.ts'
import { constantOf } from '../constants.ts'
import { boolsByEntry } from '../entry-outcomes.ts'
import type { Kernel } from '../kernel.ts'

/** Compiles an RE2 pattern; a pattern RE2 rejects is a user error naming the pattern. */
export function compileRegex(pattern: string): RE2JS {
  try {
    return RE2JS.compile(pattern)
  } catch (e) {
    throw new ExecError(
      'invalid_argument',
      `invalid regular expression '${pattern}': ${(e as Error).message}`,
    )
  }
}

function matchesRegex(negate: boolean): Kernel {
  return (args, n) => {
    const a = asStr(args[0], n)
    const hit = negate ? 0 : 1
    const c = constantOf(args[1])
    if (c && typeof c.value === 'string') {
      const re = compileRegex(c.value)
      return boolsByEntry(a, n, hit, (e) => re.test(e))
    }
    const values = new Uint8Array(n)
    const p = asStr(args[1], n)
    const compiled = new Map<number, RE2JS>()
    for (let i = 0; i < n; i++) {
      const x = a.codes[i]
      const y = p.codes[i]
      let ok = false
      if (x >= 0 && y >= 0) {
        let re = compiled.get(y)
        if (!re) {
          re = compileRegex(p.dict[y])
          compiled.set(y, re)
        }
        ok = re.test(a.dict[x])
      }
      values[i] = ok ? hit : hit ^ 1
    }
    return { kind: 'bool', values, valid: null }
  }
}

/** Regex operator kernels keyed by operator kernel key. */
export const MATCHES_REGEX_KERNELS = {
  matches_regex: matchesRegex(false),
  not_matches_regex: matchesRegex(true),
} as const satisfies Record<string, Kernel>
