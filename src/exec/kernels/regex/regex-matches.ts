// exec/kernels/regex/regex-matches.ts: the successive matches of an RE2 pattern in a string, as Go's
// FindAll walks them (non-overlapping, left to right; an empty match right after the previous match is
// skipped), and a bounded cache of compiled constant patterns so a kernel compiles each pattern once.
import type { RE2JS } from 're2js'
import { compileRegex } from '../operators/matches-regex.ts'

const CACHE = new Map<string, RE2JS>()
const CACHE_MAX = 256

/** The compiled pattern (cached; an invalid pattern throws the user error of compileRegex). */
export function cachedRegex(pattern: string): RE2JS {
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

/**
 * Calls `visit(matcher)` for each successive match of `re` in `s` (the matcher is positioned on it:
 * `start()`, `end()`, `group(g)`), until `visit` returns false or no match is left.
 */
export function eachMatch(re: RE2JS, s: string, visit: (m: ReturnType<RE2JS['matcher']>) => boolean): void {
  const m = re.matcher(s)
  let pos = 0
  let prevEnd = -1
  while (pos <= s.length && m.find(pos)) {
    const start = m.start()
    const end = m.end()
    if (start === end && start === prevEnd) {
      if (start >= s.length) return
      pos = start + unitsAt(s, start)
      continue
    }
    if (!visit(m)) return
    prevEnd = end
    pos = start === end ? end + unitsAt(s, end) : end
  }
}

/** Code points in `s` before UTF-16 index `at`. */
export function codePointIndex(s: string, at: number): number {
  let k = 0
  for (let i = 0; i < at; i += unitsAt(s, i)) k++
  return k
}
