// exec/kernels/operators/matches-regex.ts: `matches regex` with RE2 semantics (re2js: linear time,
// decision §10.9), unanchored and case-sensitive. A constant pattern compiles once and runs once per
// dictionary entry. A literal pattern RE2 rejects never gets here (the binder's APL0311); one that is
// computed and invalid makes its rows null.
import { RE2JS } from 're2js'
import { asStr } from '../coerce.ts'
import { constantOf } from '../constants.ts'
import { boolsByEntry } from '../entry-outcomes.ts'
import type { Kernel } from '../kernel.ts'

/**
 * Compiles an RE2 pattern, or null when RE2 rejects it: a row whose pattern is invalid is null (a
 * literal pattern was checked by the binder, plan/check-regex.ts, so only computed ones are null).
 */
export function compileRegex(pattern: string): RE2JS | null {
  try {
    return RE2JS.compile(pattern)
  } catch {
    return null
  }
}

function matchesRegex(negate: boolean): Kernel {
  return (args, n) => {
    const a = asStr(args[0], n)
    const hit = negate ? 0 : 1
    const c = constantOf(args[1])
    const constant = c && typeof c.value === 'string' ? compileRegex(c.value) : undefined
    if (constant) return boolsByEntry(a, n, hit, (e) => constant.test(e))
    const values = new Uint8Array(n)
    // A computed pattern RE2 rejects makes its row null; a constant one, every row.
    let valid: Uint8Array | null = constant === null ? new Uint8Array(n) : null
    if (constant === null) return { kind: 'bool', values, valid }
    const p = asStr(args[1], n)
    const compiled = new Map<number, RE2JS | null>()
    for (let i = 0; i < n; i++) {
      const x = a.codes[i]
      const y = p.codes[i]
      let ok = false
      if (x >= 0 && y >= 0) {
        let re = compiled.get(y)
        if (re === undefined) {
          re = compileRegex(p.dict[y])
          compiled.set(y, re)
        }
        if (re === null) {
          valid ??= new Uint8Array(n).fill(1)
          valid[i] = 0
          continue
        }
        ok = re.test(a.dict[x])
      }
      values[i] = ok ? hit : hit ^ 1
    }
    return { kind: 'bool', values, valid }
  }
}

/** Regex operator kernels keyed by operator kernel key. */
export const MATCHES_REGEX_KERNELS = {
  matches_regex: matchesRegex(false),
  not_matches_regex: matchesRegex(true),
} as const satisfies Record<string, Kernel>
