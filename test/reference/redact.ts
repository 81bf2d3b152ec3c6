// test/reference/redact.ts: the oracle's redact (rules 243–245), row at a time from Axiom's redact page
// (regexes in the RE2 dialect, through re2js's own matcher API, not the engine's code).

import { createHash } from 'node:crypto'
import { RE2JS } from 're2js'
import type { LogicalOf } from '../../src/plan/index.ts'
import type { Row } from './context.ts'
import type { Value } from './values.ts'

/** Rule 244: what replaces one redacted text. */
function replacementOf(n: LogicalOf<'Redact'>, text: string): string {
  if (n.replacement.kind === 'hash')
    return createHash('sha256').update(text, 'utf8').digest('base64url').slice(0, 8)
  const token = n.replacement.token
  return Array.from(token).length === 1 ? Array.from(text, () => token).join('') : token
}

/**
 * Rules 243, 245: every match of the regex, left to right, each replaced whole, or (redactGroups) the
 * text of each of its capturing groups that matched something, in group order, a group inside an
 * already replaced one skipped; a regex without groups replaces the whole match; empty text stays.
 */
function redactWith(n: LogicalOf<'Redact'>, pattern: string, text: string): string {
  const m = RE2JS.compile(pattern).matcher(text)
  const cuts: [number, number][] = []
  while (m.find()) {
    const groups = n.groups ? m.groupCount() : 0
    const ids = groups === 0 ? [0] : Array.from({ length: groups }, (_, i) => i + 1)
    for (const g of ids) {
      const [a, b] = [m.start(g), m.end(g)]
      const prev = cuts.length === 0 ? 0 : cuts[cuts.length - 1][1]
      if (a >= 0 && b > a && a >= prev) cuts.push([a, b])
    }
  }
  let out = ''
  let at = 0
  for (const [a, b] of cuts) {
    out += text.slice(at, a) + replacementOf(n, text.slice(a, b))
    at = b
  }
  return out + text.slice(at)
}

/** redact over `rows`: each listed column that holds a string, every regex in turn. */
export function redactRows(n: LogicalOf<'Redact'>, rows: readonly Row[]): Map<string, Value>[] {
  return rows.map((row) => {
    const next = new Map(row)
    for (const c of n.columns) {
      const v = row.get(c)
      if (typeof v !== 'string') continue
      next.set(
        c,
        n.patterns.reduce((s, p) => redactWith(n, p, s), v),
      )
    }
    return next
  })
}
