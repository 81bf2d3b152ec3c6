// ops/redact-text.ts: redact's rewrite of one text (the regexes in turn over what the previous ones
// left): each non-empty match, or each non-empty capturing group of it with `groups` (the whole match
// when the regex has none), becomes the token (a one-character token once per character of the text
// it replaces) or its hash: the first 8 characters of the base64url SHA-256 of that text.
import { hash } from 'node:crypto'
import { RE2JS } from 're2js'
import type { RedactReplacement } from '../../plan/index.ts'

/** One text → its redacted text. */
export type Redactor = (text: string) => string

/** The redactor of `patterns` (RE2, already checked by the binder). */
export function redactor(
  patterns: readonly string[],
  replacement: RedactReplacement,
  groups: boolean,
): Redactor {
  const res = patterns.map((p) => RE2JS.compile(p))
  const replace =
    replacement.kind === 'hash'
      ? (t: string) => hash('sha256', t, 'base64url').slice(0, 8)
      : [...replacement.token].length === 1
        ? (t: string) => replacement.token.repeat([...t].length)
        : () => replacement.token
  return (text) => {
    let s = text
    for (const re of res) s = redactOnce(s, re, replace, groups)
    return s
  }
}

function redactOnce(s: string, re: RE2JS, replace: (t: string) => string, groups: boolean): string {
  const m = re.matcher(s)
  let out = ''
  let last = 0
  const count = groups ? m.groupCount() : 0
  while (m.find()) {
    for (let g = count === 0 ? 0 : 1; g <= count; g++) {
      const a = m.start(g)
      const b = m.end(g)
      // Unmatched or empty groups replace nothing; a group nested in one already replaced is skipped.
      if (a < 0 || b <= a || a < last) continue
      out += s.slice(last, a) + replace(s.slice(a, b))
      last = b
    }
  }
  return last === 0 ? s : out + s.slice(last)
}
