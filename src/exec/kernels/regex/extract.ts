// exec/kernels/regex/extract.ts: extract(regex, group, source) with RE2 semantics (re2js): the text of
// `group` in the first match; no match, a group outside the pattern or one that did not take part
// → null (reference rule 33), and so does a computed pattern RE2 rejects. A constant pattern and group
// run once per dictionary entry.
import type { RE2JS } from 're2js'
import type { StrVec } from '../../vector.ts'
import { asInt, asText, StringInterner } from '../arg-views.ts'
import { constantOf } from '../constants.ts'
import type { Kernel } from '../kernel.ts'
import { compileRegex } from '../operators/matches-regex.ts'

/** Group `g` of the first match of `re` in `s`, or null. */
function extractOne(re: RE2JS, g: number, s: string): string | null {
  if (g < 0 || g > re.groupCount()) return null
  const m = re.matcher(s)
  return m.find() ? m.group(g) : null
}

/** extract(regex, captureGroup, source). */
export const extractKernel: Kernel = (args, n) => {
  const pattern = asText(args[0], n)
  const group = asInt(args[1], n)
  const src = asText(args[2], n)
  const out = new StringInterner()
  const codes = new Int32Array(n).fill(-1)
  const compiled = new Map<number, RE2JS | null>()
  const regexAt = (p: number): RE2JS | null => {
    let re = compiled.get(p)
    if (re === undefined) {
      re = compileRegex(pattern.dict[p])
      compiled.set(p, re)
    }
    return re
  }
  const constant = n > 0 && constantOf(args[0]) !== undefined && constantOf(args[1]) !== undefined
  // Constant pattern and group: one answer per source entry (-2 = not computed yet).
  const perEntry = constant ? new Int32Array(src.dict.length).fill(-2) : null
  for (let i = 0; i < n; i++) {
    const p = pattern.codes[i]
    const c = src.codes[i]
    if (p < 0 || c < 0 || (group.valid !== null && group.valid[i] === 0)) continue
    if (perEntry && perEntry[c] !== -2) {
      codes[i] = perEntry[c]
      continue
    }
    const re = regexAt(p)
    const hit = re === null ? null : extractOne(re, group.values[i], src.dict[c])
    codes[i] = hit === null ? -1 : out.code(hit)
    if (perEntry) perEntry[c] = codes[i]
  }
  return { kind: 'str', codes, dict: out.dict } satisfies StrVec
}
