// cli/display-width.ts: how many terminal columns text takes (East Asian wide and emoji count 2,
// combining marks 0), truncating or padding to a width, and escaping control characters (which a
// width cannot be given to) beforehand.

// [from, to] code point ranges, sorted; a small table of the common cases, not full UAX #11.
const WIDE: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
]

function inRanges(cp: number, ranges: readonly (readonly [number, number])[]): boolean {
  for (const [a, b] of ranges) {
    if (cp < a) return false
    if (cp <= b) return true
  }
  return false
}

/** Columns one code point takes: 0 for combining marks and zero-width characters, 2 for wide ones. */
export function codePointWidth(cp: number): number {
  if ((cp >= 0x300 && cp <= 0x36f) || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0xfe00 && cp <= 0xfe0f))
    return 0
  return inRanges(cp, WIDE) ? 2 : 1
}

/** Columns `text` takes in a terminal. */
export function displayWidth(text: string): number {
  let w = 0
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    // ASCII fast path: one column each.
    if (c < 0x300) {
      w++
      continue
    }
    const cp = text.codePointAt(i) as number
    if (cp > 0xffff) i++
    w += codePointWidth(cp)
  }
  return w
}

/** `text` cut to at most `width` columns, ending in `…` when something was cut. */
export function truncate(text: string, width: number): string {
  if (displayWidth(text) <= width) return text
  if (width <= 0) return ''
  let w = 0
  let out = ''
  for (const ch of text) {
    const cw = codePointWidth(ch.codePointAt(0) as number)
    if (w + cw > width - 1) break
    out += ch
    w += cw
  }
  return `${out}…`
}

/** `text` padded with spaces to `width` columns, on the right (or the left when `right`). */
export function pad(text: string, width: number, right = false): string {
  const fill = ' '.repeat(Math.max(0, width - displayWidth(text)))
  return right ? fill + text : text + fill
}

const CONTROL_ESCAPES: Readonly<Record<number, string>> = { 9: '\\t', 10: '\\n', 13: '\\r' }

/** Whether `c` is a C0 control character or DEL (they would garble a terminal line). */
export function isControl(c: number): boolean {
  return c < 0x20 || c === 0x7f
}

/** `s` with control characters written as `\n`, `\t`, `\r` or `\uXXXX`. */
export function escapeControls(s: string): string {
  let i = 0
  // Most cells have no control characters: find the first before allocating.
  while (i < s.length && !isControl(s.charCodeAt(i))) i++
  if (i === s.length) return s
  let out = s.slice(0, i)
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i)
    out += isControl(c) ? (CONTROL_ESCAPES[c] ?? `\\u${c.toString(16).padStart(4, '0')}`) : s[i]
  }
  return out
}
