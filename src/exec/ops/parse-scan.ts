// ops/parse-scan.ts: the linear first-choice scan of a simple/relaxed `parse` pattern: each lazy item
// (`*`, an untyped capture) ends at the next occurrence of the constant after it, a long capture takes
// the longest signed digit run. That is the first path RE2's leftmost-first search tries, so when it
// succeeds it is RE2's match; when it fails the caller asks RE2 (which may backtrack).
import type { ParsePatternItem } from '../../plan/index.ts'

/** Capture k spans [out[2k], out[2k+1]); returns false when the first-choice path does not match. */
export type PatternScan = (text: string, out: Int32Array) => boolean

/**
 * The scan of `items` (`relaxed`: a long capture takes any text, as other captures), or null when the
 * pattern has an item the scan does not cover (a real or bool capture in strict mode, a lazy item not
 * followed by a constant and not last).
 */
export function patternScan(items: readonly ParsePatternItem[], relaxed: boolean): PatternScan | null {
  type Step =
    | { readonly kind: 'text'; readonly text: string }
    | { readonly kind: 'until'; readonly text: string; readonly capture: number }
    | { readonly kind: 'rest'; readonly capture: number }
    | { readonly kind: 'digits'; readonly capture: number }
  const steps: Step[] = []
  let capture = 0
  for (let at = 0; at < items.length; at++) {
    const item = items[at]
    if (item.kind === 'text') {
      steps.push({ kind: 'text', text: item.text })
      continue
    }
    const slot = item.kind === 'capture' ? capture++ : -1
    if (item.kind === 'capture' && !relaxed && (item.type === 'real' || item.type === 'bool')) return null
    if (item.kind === 'capture' && !relaxed && item.type === 'long') {
      steps.push({ kind: 'digits', capture: slot })
      continue
    }
    const next = items[at + 1]
    if (next === undefined) {
      // a trailing `*` matches nothing more (no end anchor); a trailing capture takes the rest
      if (slot >= 0) steps.push({ kind: 'rest', capture: slot })
    } else if (next.kind === 'text' && next.text !== '') {
      steps.push({ kind: 'until', text: next.text, capture: slot })
    } else return null
  }
  return (text, out) => {
    // RE2's `.` stops at a newline: such texts are left to RE2
    if (text.includes('\n')) return false
    let pos = 0
    for (const s of steps) {
      if (s.kind === 'text') {
        if (!text.startsWith(s.text, pos)) return false
        pos += s.text.length
      } else if (s.kind === 'until') {
        const end = text.indexOf(s.text, pos)
        if (end < 0) return false
        if (s.capture >= 0) {
          out[2 * s.capture] = pos
          out[2 * s.capture + 1] = end
        }
        pos = end
      } else if (s.kind === 'rest') {
        out[2 * s.capture] = pos
        out[2 * s.capture + 1] = text.length
        pos = text.length
      } else {
        const start = pos
        const c = text.charCodeAt(pos)
        if (c === 43 || c === 45) pos++
        const digits = pos
        while (pos < text.length && text.charCodeAt(pos) >= 48 && text.charCodeAt(pos) <= 57) pos++
        if (pos === digits) return false
        out[2 * s.capture] = start
        out[2 * s.capture + 1] = pos
      }
    }
    return true
  }
}
