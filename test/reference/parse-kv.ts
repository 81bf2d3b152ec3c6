// test/reference/parse-kv.ts: the oracle's parse-kv (rule 203), from Kusto's parse-kv page: the three
// extraction modes (specified delimiters, non-specified delimiters, regex) written here as a scan over
// the text of its own, quotes and escapes honoured, the first appearance of a key kept.

import { RE2JS } from 're2js'
import type { LogicalOf } from '../../src/plan/index.ts'

type Kv = Extract<LogicalOf<'Parse'>['matcher'], { kind: 'kv' }>

/** One lexical run of the text: quoted (with its quote characters) or plain. */
interface Run {
  readonly text: string
  readonly quoted: boolean
}

/** The text as plain and quoted runs (an escape character inside quotes hides the next character). */
function runs(text: string, m: Kv): Run[] {
  const out: Run[] = []
  let plain = ''
  let i = 0
  while (i < text.length) {
    const q = m.quotes.find((x) => x.open === text[i])
    if (q === undefined) {
      plain += text[i++]
      continue
    }
    if (plain !== '') out.push({ text: plain, quoted: false })
    plain = ''
    let j = i + 1
    while (j < text.length && text[j] !== q.close) j += m.escape.includes(text[j]) ? 2 : 1
    const stop = Math.min(j + 1, text.length)
    out.push({ text: text.slice(i, stop), quoted: true })
    i = stop
  }
  if (plain !== '') out.push({ text: plain, quoted: false })
  return out
}

/** Runs cut at each occurrence of `delimiter` in a plain run: the pieces, as texts. */
function cut(parts: readonly Run[], delimiter: string): string[][] {
  const pieces: string[][] = [[]]
  for (const r of parts) {
    if (r.quoted) {
      pieces[pieces.length - 1].push(r.text)
      continue
    }
    const bits = r.text.split(delimiter)
    pieces[pieces.length - 1].push(bits[0])
    for (const b of bits.slice(1)) pieces.push([b])
  }
  return pieces
}

/** Trimmed, and when wrapped in a quote pair its inside with escapes resolved. */
function clean(raw: string, m: Kv): string {
  const t = raw.trim()
  const q = m.quotes.find((x) => t.length >= 2 && t.startsWith(x.open) && t.endsWith(x.close))
  if (q === undefined) return t
  let out = ''
  const inner = t.slice(1, -1)
  for (let i = 0; i < inner.length; i++) {
    if (m.escape.includes(inner[i]) && i < inner.length - 1) i += 1
    out += inner[i]
  }
  return out
}

/** Specified delimiters: pairs cut at the pair delimiter, key and value at the first key delimiter. */
function delimited(text: string, m: Kv, s: Extract<Kv['split'], { kind: 'delimited' }>): [string, string][] {
  const pieces = cut(runs(text, m), s.pairDelimiter).map((texts) => {
    const split = cut(
      texts.map((t) => ({ text: t, quoted: m.quotes.some((q) => t.startsWith(q.open) && t.length > 0) })),
      s.kvDelimiter,
    )
    return { whole: texts.join(''), key: split.length > 1 ? split[0].join('') : null }
  })
  const pairs: [string, string][] = []
  for (const p of pieces) {
    if (p.key !== null) pairs.push([p.key, p.whole.slice(p.key.length + s.kvDelimiter.length)])
    // greedy: a piece holding no key delimiter belongs to the value before it
    else if (s.greedy && pairs.length > 0) pairs[pairs.length - 1][1] += s.pairDelimiter + p.whole
  }
  return pairs
}

/** Non-specified delimiters: words (quoted runs or letters and digits); a listed key takes the next word. */
function words(text: string, m: Kv): [string, string][] {
  const list: string[] = []
  for (const r of runs(text, m)) {
    if (r.quoted) list.push(r.text)
    else for (const w of r.text.match(/[\p{L}\p{N}]+/gu) ?? []) list.push(w)
  }
  const pairs: [string, string][] = []
  for (let i = 0; i + 1 < list.length; i++) {
    if (m.keys.includes(clean(list[i], m))) {
      pairs.push([list[i], list[i + 1]])
      i++
    }
  }
  return pairs
}

/** Regex: every match, group 1 the key and group 2 the value. */
function regexPairs(text: string, pattern: string): [string, string][] {
  const pairs: [string, string][] = []
  const found = RE2JS.compile(pattern).matcher(text)
  while (found.find()) {
    const k = found.group(1)
    if (k !== null) pairs.push([k, found.group(2) ?? ''])
  }
  return pairs
}

/** Rule 203: the raw text of each listed key (undefined when the key does not appear). */
export function kvTexts(m: Kv, text: string): Map<string, string> {
  const s = m.split
  const pairs =
    s.kind === 'delimited'
      ? delimited(text, m, s)
      : s.kind === 'words'
        ? words(text, m)
        : regexPairs(text, s.pattern)
  const found = new Map<string, string>()
  for (const [k, v] of pairs) {
    const key = clean(k, m)
    if (!found.has(key)) found.set(key, clean(v, m))
  }
  return found
}
