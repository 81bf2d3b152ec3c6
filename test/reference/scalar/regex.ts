// test/reference/scalar/regex.ts: the reference's regex functions, row at a time: extract (RE2 syntax via
// strings.ts compileRegex). Written from the functions' documentation, never from engine code.

import { compileRegex } from '../strings.ts'
import { type FamilyImpls, int, text } from './define.ts'

/** The regex family. */
export const REGEX: FamilyImpls<'regex'> = {
  extract: ([regex, group, source]) => {
    if (regex === null || group === null || source === null) return null
    const m = compileRegex(text(regex)).exec(text(source))
    const g = int(group)
    return m === null || g < 0 || g >= m.length ? null : (m[g] ?? null)
  },
}
