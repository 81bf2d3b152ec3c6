// test/reference/scalar/regex.ts: the reference's regex functions, row at a time, RE2 syntax via strings.ts
// compileRegex: extract, extract_all, countof_regex, replace_regex, trim*_regex, regex_quote,
// indexof_regex. Match walking follows Go's FindAll (rule S15). Written from the functions'
// documentation, never from engine code.

import { compileRegex } from '../strings.ts'
import type { Json, Value } from '../values.ts'
import { type FamilyImpls, int, strict, text } from './define.ts'

/** Rule S15: successive matches; an empty match touching the previous match's end is skipped. */
function allMatches(pattern: string, s: string): RegExpExecArray[] {
  const base = compileRegex(pattern)
  const re = new RegExp(base.source, `${base.flags}g`)
  const out: RegExpExecArray[] = []
  let lastEnd = -1
  re.lastIndex = 0
  while (re.lastIndex <= s.length) {
    const m = re.exec(s)
    if (m === null) break
    const end = m.index + m[0].length
    if (m[0] === '') {
      // RegExp 'u' mode steps over a whole code point after an empty match on its own.
      re.lastIndex = m.index + ((s.codePointAt(m.index) ?? 0) > 0xffff ? 2 : 1)
      if (m.index === lastEnd) continue
    }
    out.push(m)
    lastEnd = end
  }
  return out
}

/** Rule S16: `$N`, `${N}`, `${name}`, `$$` in a rewrite. */
function rewriteFor(rewrite: string, m: RegExpExecArray): string {
  return rewrite.replace(/\$(\$|\d+|\{(\w+)\})/g, (_all, ref: string, braced?: string) => {
    if (ref === '$') return '$'
    const key = braced ?? ref
    if (/^\d+$/.test(key)) return m[Number(key)] ?? ''
    return m.groups?.[key] ?? ''
  })
}

function replaceAllMatches(pattern: string, rewrite: string, s: string): string {
  let out = ''
  let from = 0
  for (const m of allMatches(pattern, s)) {
    out += s.slice(from, m.index) + rewriteFor(rewrite, m)
    from = m.index + m[0].length
  }
  return out + s.slice(from)
}

/** Rule S17: one anchored match removed at each chosen end. */
function trimMatches(pattern: string, s: string, left: boolean, right: boolean): string {
  let out = s
  if (left) {
    const m = allMatches(pattern, out).find((x) => x.index === 0)
    if (m !== undefined) out = out.slice(m[0].length)
  }
  if (right) {
    // The leftmost start from which the pattern can match through to the end.
    for (let i = 0; i <= out.length; i++) {
      const re = compileRegex(pattern)
      const sticky = new RegExp(`(?:${re.source})$`, `${re.flags}y`)
      sticky.lastIndex = i
      if (sticky.test(out)) {
        out = out.slice(0, i)
        break
      }
    }
  }
  return out
}

/** Rule S18: groups of every match as extract_all returns them; null when none matched. */
function extractAll(args: readonly Value[]): Value {
  const pattern = text(args[0])
  const s = text(args[args.length - 1])
  const groupCount = new RegExp(`${compileRegex(pattern).source}|`, 'u').exec('')?.length ?? 1
  let groups: (number | string)[]
  if (args.length === 2) {
    groups = groupCount === 1 ? [0] : Array.from({ length: groupCount - 1 }, (_, k) => k + 1)
  } else {
    const asked = args[1]
    if (!Array.isArray(asked) || asked.length === 0) return null
    groups = []
    for (const g of asked as readonly Json[]) {
      const k = typeof g === 'bigint' ? Number(g) : g
      if (typeof k === 'number' && Number.isInteger(k) && k >= 0 && k < groupCount) groups.push(k)
      else if (typeof k === 'string' && new RegExp(`\\(\\?P?<${k}>`).test(pattern)) groups.push(k)
      else return null
    }
  }
  const found = allMatches(pattern, s).map((m) => {
    const texts = groups.map((g) => (typeof g === 'number' ? m[g] : m.groups?.[g]) ?? '')
    return groups.length === 1 ? texts[0] : texts
  })
  return found.length === 0 ? null : found
}

/** Rule S19. */
function indexOfRegex(args: readonly Value[]): Value {
  const s = [...text(args[0])]
  const start = args.length > 2 ? int(args[2]) : 0
  const occurrence = args.length > 3 ? int(args[3]) : 1
  const length = args.length > 4 ? int(args[4]) : -1
  if (start < 0 || occurrence < 1 || length < -1) return null
  if (start > s.length) return -1n
  const window = s.slice(start, length === -1 ? undefined : start + length).join('')
  const m = allMatches(text(args[1]), window)[occurrence - 1]
  return m === undefined ? -1n : BigInt(start + [...window.slice(0, m.index)].length)
}

/** The regex family. */
export const REGEX: FamilyImpls<'regex'> = {
  extract: ([regex, group, source]) => {
    if (regex === null || group === null || source === null) return null
    const m = compileRegex(text(regex)).exec(text(source))
    const g = int(group)
    return m === null || g < 0 || g >= m.length ? null : (m[g] ?? null)
  },
  extract_all: strict(extractAll),
  countof_regex: strict(([p, s]) => BigInt(allMatches(text(p), text(s)).length)),
  replace_regex: strict(([p, r, s]) => replaceAllMatches(text(p), text(r), text(s))),
  trim_regex: strict(([p, s]) => trimMatches(text(p), text(s), true, true)),
  trim_start_regex: strict(([p, s]) => trimMatches(text(p), text(s), true, false)),
  trim_end_regex: strict(([p, s]) => trimMatches(text(p), text(s), false, true)),
  regex_quote: strict(([s]) =>
    [...text(s)].map((ch) => ('\\.+*?()|[]{}^$'.includes(ch) ? `\\${ch}` : ch)).join(''),
  ),
  indexof_regex: strict(indexOfRegex),
}
