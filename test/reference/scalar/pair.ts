// test/reference/scalar/pair.ts: the reference's pair functions, row at a time: pair, parse_pair,
// find_pair (rules P1–P3). Written from the functions' documentation, never from engine code.

import type { Json, Value } from '../values.ts'
import { type FamilyImpls, strict, text } from './define.ts'

/** P1: a pair is `{key, value, separator}`; the separator defaults to `:`. */
const sepOf = (v: Value | undefined): string => (v === undefined ? ':' : text(v))

/** P2: text up to the first separator is the key, the rest the value; no separator: key "", value all. */
function parse(s: string, sep: string): { key: string; value: string; separator: string } {
  const i = sep.length > 0 ? s.indexOf(sep) : -1
  if (i === -1) return { key: '', value: s, separator: sep }
  return { key: s.substring(0, i), value: s.substring(i + sep.length), separator: sep }
}

/** P3: a `*` wildcard pattern (any run of characters; everything else literal, case-sensitive). */
function wildcard(pattern: string): RegExp {
  const body = pattern
    .split('*')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\s\\S]*')
  return new RegExp(`^${body}$`)
}

/** The pair family. */
export const PAIR: FamilyImpls<'pair'> = {
  pair: strict(([k, v, sep]) => ({ key: text(k), value: text(v), separator: sepOf(sep) })),
  parse_pair: strict(([s, sep]) => parse(text(s), sepOf(sep))),
  // P3: the first string element of the array whose parsed key and value match; other elements are skipped.
  find_pair: strict(([arr, kp, vp, sep]) => {
    if (!Array.isArray(arr)) return null
    const keyRe = wildcard(text(kp))
    const valueRe = wildcard(text(vp))
    for (const el of arr as readonly Json[]) {
      if (typeof el !== 'string') continue
      const p = parse(el, sepOf(sep))
      if (keyRe.test(p.key) && valueRe.test(p.value)) return p
    }
    return null
  }),
}
