// exec/kernels/string/trim.ts: trim, trim_start, trim_end (a cutset of characters, Axiom's form: not
// Kusto's regex) and trim_space (Unicode white space, as Go's unicode.IsSpace), by code point. Each runs
// once per dictionary entry of its text through the kernel-authoring helper.
import { scalarKernel } from '../executor/index.ts'

/** Go's unicode.IsSpace set: ASCII spaces, NEL, NBSP and the Unicode space separators (not U+FEFF). */
const SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]$/

const isSpace = (ch: string): boolean => SPACE.test(ch)

/** The code point starting at UTF-16 index `i` of `s`. */
function pointAt(s: string, i: number): string {
  const c = s.codePointAt(i) as number
  return c > 0xffff ? s.slice(i, i + 2) : s[i]
}

/** The code point ending just before UTF-16 index `end` of `s`. */
function pointBefore(s: string, end: number): string {
  const lo = s.charCodeAt(end - 1)
  if (lo >= 0xdc00 && lo <= 0xdfff && end >= 2) {
    const hi = s.charCodeAt(end - 2)
    if (hi >= 0xd800 && hi <= 0xdbff) return s.slice(end - 2, end)
  }
  return s[end - 1]
}

/** `s` without the leading (`start`) and/or trailing (`end`) code points that `cut` accepts. */
export function trimBy(s: string, cut: (ch: string) => boolean, start: boolean, end: boolean): string {
  let from = 0
  let to = s.length
  if (start) {
    while (from < to) {
      const ch = pointAt(s, from)
      if (!cut(ch)) break
      from += ch.length
    }
  }
  if (end) {
    while (to > from) {
      const ch = pointBefore(s, to)
      if (!cut(ch)) break
      to -= ch.length
    }
  }
  return from === 0 && to === s.length ? s : s.slice(from, to)
}

/** A cutset as a membership test over code points (an empty cutset removes nothing). */
function cutsetOf(cutset: string): (ch: string) => boolean {
  const set = new Set(cutset)
  return (ch) => set.has(ch)
}

/** Cutsets of the constant-cutset case, built once per distinct cutset text (pure: same in, same out). */
const CUTSETS = new Map<string, (ch: string) => boolean>()

function cutset(c: string): (ch: string) => boolean {
  let f = CUTSETS.get(c)
  if (f === undefined) {
    f = cutsetOf(c)
    if (CUTSETS.size > 256) CUTSETS.clear()
    CUTSETS.set(c, f)
  }
  return f
}

const trimKernel = (start: boolean, end: boolean) =>
  scalarKernel({
    args: ['string', 'string'],
    returns: 'string',
    fn: (c, s) => (c === '' ? s : trimBy(s, cutset(c), start, end)),
  })

/** Trim kernels keyed by scalar kernel key. */
export const TRIM_KERNELS = {
  trim: trimKernel(true, true),
  trim_start: trimKernel(true, false),
  trim_end: trimKernel(false, true),
  trim_space: scalarKernel({
    args: ['string'],
    returns: 'string',
    fn: (s) => trimBy(s, isSpace, true, true),
  }),
}
