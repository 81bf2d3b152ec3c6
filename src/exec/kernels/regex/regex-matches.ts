// exec/kernels/regex/regex-matches.ts: the successive matches of an RE2 pattern in a string, as Go's
// FindAll walks them (non-overlapping, left to right; an empty match right after the previous match is
// skipped), and a bounded cache of compiled constant patterns so a kernel compiles each pattern once.
import type { RE2JS } from 're2js'
import { compileRegex } from '../operators/matches-regex.ts'

const CACHE = new Map<string, RE2JS | null>()
const CACHE_MAX = 256

/** The compiled pattern (cached), or null when RE2 rejects it (the row's result is then null). */
export function cachedRegex(pattern: string): RE2JS | null {
  let re = CACHE.get(pattern)
  if (re === undefined) {
    re = compileRegex(pattern)
    if (CACHE.size >= CACHE_MAX) CACHE.clear()
    CACHE.set(pattern, re)
  }
  return re
}

/** UTF-16 units of the code point at `i` (1 past the end). */
const unitsAt = (s: string, i: number): number => ((s.codePointAt(i) ?? 0) > 0xffff ? 2 : 1)

/** True when UTF-16 index `i` of `s` falls between the two halves of a surrogate pair. */
function insidePair(s: string, i: number): boolean {
  const lo = s.charCodeAt(i)
  const hi = s.charCodeAt(i - 1)
  return lo >= 0xdc00 && lo <= 0xdfff && hi >= 0xd800 && hi <= 0xdbff
}

/**
 * Calls `visit(matcher)` for each successive match of `re` in `s` (the matcher is positioned on it:
 * `start()`, `end()`, `group(g)`), until `visit` returns false or no match is left. The matcher's own
 * walk (after an empty match it resumes one unit further) is filtered to Go's: an empty match
 * touching the previous match's end, or inside a surrogate pair, is not a match.
 */
export function eachMatch(re: RE2JS, s: string, visit: (m: ReturnType<RE2JS['matcher']>) => boolean): void {
  const m = re.matcher(s)
  let prevEnd = -1
  while (m.find()) {
    const start = m.start()
    const end = m.end()
    if (start === end && (start === prevEnd || insidePair(s, start))) continue
    if (!visit(m)) return
    prevEnd = end
  }
}

/** Code points in `s` before UTF-16 index `at`. */
export function codePointIndex(s: string, at: number): number {
  let k = 0
  for (let i = 0; i < at; i += unitsAt(s, i)) k++
  return k
}
