// test/reference/parse.ts: the oracle's parse, parse-where and parse-kv (rules 200–204), row at a time
// from Axiom's and Kusto's parse pages: the pattern is read into a regex of its own here (re2js, the
// RE2 dialect the pages name), captures converted by the oracle's conversion rules.

import { RE2JS } from 're2js'
import type { AplType } from '../../src/catalog/index.ts'
import type { LogicalOf } from '../../src/plan/index.ts'
import type { EvalContext, Row } from './context.ts'
import { parseDateText, parseNumber, toText } from './convert.ts'
import { evalExpr, rowEnv } from './expr.ts'
import { kvTexts } from './parse-kv.ts'
import { DateTime, fromJson, type Json, Timespan, type Value } from './values.ts'

type Matcher = LogicalOf<'Parse'>['matcher']

const GO_UNITS: Record<string, bigint> = {
  ns: 1n,
  us: 1_000n,
  µs: 1_000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
  d: 86_400_000_000_000n,
}

/** Rule 202: a timespan capture: whole-number Go-style amounts (`90s`, `1h30m`, `250ms`, `2d`). */
function spanText(s: string): Timespan | null {
  const parts = s.trim().match(/^(-?)((?:[0-9]+(?:ns|us|µs|ms|s|m|h|d))+)$/)
  if (parts === null) return null
  let total = 0n
  for (const [, n, unit] of parts[2].matchAll(/([0-9]+)(ns|us|µs|ms|s|m|h|d)/g))
    total += BigInt(n) * GO_UNITS[unit]
  return new Timespan(parts[1] === '-' ? -total : total)
}

/** Rule 202: a captured text as `type`; undefined when it is not one. */
function typed(type: AplType, s: string): Value | undefined {
  if (type === 'string' || type === 'unknown') return s
  if (type === 'long') return /^[+-]?[0-9]+$/.test(s) ? BigInt(s) : undefined
  if (type === 'real') {
    const n = parseNumber(s)
    return n === null ? undefined : Number(n)
  }
  if (type === 'bool') return /^true$/i.test(s) ? true : /^false$/i.test(s) ? false : undefined
  if (type === 'datetime') {
    const ns = parseDateText(s)
    return ns === null ? undefined : new DateTime(ns)
  }
  if (type === 'timespan') return spanText(s) ?? undefined
  try {
    return fromJson(JSON.parse(s) as Json)
  } catch {
    return s
  }
}

/**
 * Rules 200–201: the regex of a pattern: `^` first; `*` any text, as little as possible; a constant is
 * literal text (simple, relaxed) or a regex (regex); a capture of a long, real or bool takes only such
 * text in simple and regex modes, any other capture any text, as little as possible, except the last
 * item of the pattern, which takes the rest.
 */
function patternSource(m: Extract<Matcher, { kind: 'pattern' }>): string {
  const quote = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const parts = m.items.map((it, i) => {
    if (it.kind === 'any') return '.*?'
    if (it.kind === 'text') return m.mode === 'regex' ? `(?:${it.text})` : quote(it.text)
    const strictShape =
      it.type === 'long'
        ? '[-+]?\\d+'
        : it.type === 'real'
          ? '[-+]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][-+]?\\d+)?'
          : it.type === 'bool'
            ? '(?i:true|false)'
            : null
    const any = i === m.items.length - 1 ? '.*' : '.*?'
    return `(?P<g${i}>${m.mode === 'relaxed' ? any : (strictShape ?? any)})`
  })
  return `${m.flags ? `(?${m.flags})` : ''}^${parts.join('')}`
}

/** The captures of one text, in order, or null when the row does not match (rules 200–203). */
function captureValues(n: LogicalOf<'Parse'>, text: string): Value[] | null {
  const m = n.matcher
  if (m.kind === 'kv') return kvValues(m, n.captures, text)
  const found = RE2JS.compile(patternSource(m)).matcher(text)
  if (!found.find()) return null
  const out: Value[] = []
  for (const [i, it] of m.items.entries()) {
    if (it.kind !== 'capture') continue
    const raw = found.group(`g${i}`)
    const v = raw === null ? undefined : typed(it.type, raw)
    if (v === undefined && m.mode !== 'relaxed') return null
    out.push(v ?? null)
  }
  return out
}

/** Rule 203: parse-kv (parse-kv.ts): a missing key or an unconvertible value is null; every row matches. */
function kvValues(
  m: Extract<Matcher, { kind: 'kv' }>,
  captures: LogicalOf<'Parse'>['captures'],
  text: string,
): Value[] {
  const found = kvTexts(m, text)
  return captures.map((c) => {
    const raw = found.get(c.name)
    return raw === undefined ? null : (typed(c.type, raw) ?? null)
  })
}

/** parse / parse-where / parse-kv over `rows` (rule 204: a null source does not match). */
export function parseRows(
  n: LogicalOf<'Parse'>,
  rows: readonly Row[],
  ctx: EvalContext,
): Map<string, Value>[] {
  const out: Map<string, Value>[] = []
  for (const row of rows) {
    const src = evalExpr(n.source, rowEnv(row, ctx))
    const values = src === null ? null : captureValues(n, toText(src))
    if (values === null && n.filter) continue
    const next = new Map(row)
    for (const [i, c] of n.captures.entries()) {
      next.delete(c.name)
      next.set(c.name, values === null ? null : values[i])
    }
    out.push(next)
  }
  return out
}
