// test/reference/analysis-aggregates.ts: the oracle's `phrases` and `spotlight` (rules A1–A5 in
// README.md), written from the catalog rows' decisions over Axiom's pages, row at a time and
// without any engine code (only the catalog's stop-word list and limits, which are the specification).

import {
  MAX_PHRASES,
  PHRASE_STOPWORDS,
  SPOTLIGHT_BAR_DISTINCT,
  SPOTLIGHT_VALUES_PER_FIELD,
} from '../../src/catalog/index.ts'
import type { BoundAggCall } from '../../src/plan/index.ts'
import { formatGoDuration } from '../../src/util/time/index.ts'
import { canonicalJson, type Json, Timespan, toJson, type Value } from './values.ts'

type ArgRows = readonly (readonly Value[])[]

/** Rule A1: the phrases of one text, in order. */
export function textPhrases(text: string): string[] {
  const out: string[] = []
  let words: string[] = []
  const flush = () => {
    if (words.length > 0) out.push(words.join(' '))
    words = []
  }
  // Tokens: a word (letters, marks, digits; apostrophes between them), a whitespace run, or one other character.
  const tokens = text.match(/[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*|\s+|[\s\S]/gu) ?? []
  let gap = false
  for (const t of tokens) {
    if (/^\s+$/u.test(t)) continue
    if (!/^[\p{L}\p{M}\p{N}]/u.test(t)) {
      gap = true
      continue
    }
    if (gap) flush()
    gap = false
    const w = t.toLowerCase().replace(/’/g, "'")
    if (PHRASE_STOPWORDS.has(w)) flush()
    else words.push(w)
  }
  flush()
  return out
}

/** Rule A2: phrases(text, max): occurrence counts over the string values, count desc, then phrase. */
export function phrases(_call: BoundAggCall, argRows: ArgRows): Value {
  const counts = new Map<string, number>()
  for (const a of argRows) {
    if (typeof a[0] !== 'string') continue
    for (const p of textPhrases(a[0])) counts.set(p, (counts.get(p) ?? 0) + 1)
  }
  const max = Math.min(Number(argRows[0]?.[1] ?? MAX_PHRASES), MAX_PHRASES)
  return [...counts]
    .sort(([pa, ca], [pb, cb]) => cb - ca || (pa < pb ? -1 : pa > pb ? 1 : 0))
    .slice(0, max)
    .map(([phrase, count]) => ({ phrase, count }))
}

/** Rule A4: tie order of bar values: false < true < numbers < strings < other JSON (by canonical text). */
function valueOrder(a: Json, b: Json): number {
  const rank = (v: Json) =>
    typeof v === 'boolean' ? 1 : typeof v === 'number' ? 2 : typeof v === 'string' ? 3 : 4
  const d = rank(a) - rank(b)
  if (d !== 0) return d
  if (typeof a === 'number' && typeof b === 'number') return a - b
  if (typeof a === 'boolean') return Number(a) - Number(b)
  const ta = typeof a === 'string' ? a : canonicalJson(a)
  const tb = typeof b === 'string' ? (b as string) : canonicalJson(b)
  return ta < tb ? -1 : ta > tb ? 1 : 0
}

type Row = { [k: string]: Json }

/** A numeric field's value as a number (rule A3: long, real, timespan in ns), else null. */
function numeric(v: Value): number | null {
  if (typeof v === 'bigint') return Number(v)
  if (typeof v === 'number') return Number.isNaN(v) ? null : v
  if (v instanceof Timespan) return Number(v.ns)
  return null
}

/** How many values of ascending `xs` are ≤ v (binary search). */
function countUpTo(xs: readonly number[], v: number): number {
  let lo = 0
  let hi = xs.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (xs[mid] <= v) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** Nearest rank: the smallest value with at least p % of the values ≤ it (p = 0: the minimum). */
function rankValue(sorted: readonly number[], p: number): number {
  const r = Math.ceil((p * sorted.length) / 100)
  return sorted[Math.min(sorted.length, Math.max(1, r)) - 1]
}

/** Rules A3–A5: spotlight(selection, fields…) over a group's rows. */
export function spotlight(call: BoundAggCall, argRows: ArgRows): Value {
  const selectedRows = argRows.filter((a) => a[0] === true)
  const baselineRows = argRows.filter((a) => a[0] !== true)
  const ns = selectedRows.length
  const nb = baselineRows.length
  if (ns === 0 || nb === 0) return []
  const rows: Row[] = []
  call.args.slice(1).forEach((arg, k) => {
    const field = arg.kind === 'Column' ? arg.name : String(k)
    const isTimespan = arg.type === 'timespan'
    const shown = (x: number): Json => (isTimespan ? formatGoDuration(BigInt(x)) : x)
    const col = (rs: ArgRows) => rs.map((a) => a[k + 1]).filter((v) => v !== null)
    if (arg.type === 'long' || arg.type === 'real' || arg.type === 'timespan') {
      const sel = col(selectedRows)
        .map(numeric)
        .filter((x): x is number => x !== null)
        .sort((a, b) => a - b)
      const base = col(baselineRows)
        .map(numeric)
        .filter((x): x is number => x !== null)
        .sort((a, b) => a - b)
      if (sel.length + base.length === 0) return
      const distinct = [...new Set([...sel, ...base].map((x) => (x === 0 ? 0 : x)))]
      if (distinct.length <= SPOTLIGHT_BAR_DISTINCT) {
        const values = distinct.map((x) => ({
          order: x as Json,
          value: shown(x),
          s: sel.filter((y) => y === x).length,
          b: base.filter((y) => y === x).length,
        }))
        rows.push(...bars(field, values, ns, nb))
        return
      }
      const box = (xs: number[]): Json =>
        xs.length === 0
          ? null
          : {
              count: xs.length,
              min: shown(rankValue(xs, 0)),
              p25: shown(rankValue(xs, 25)),
              p50: shown(rankValue(xs, 50)),
              p75: shown(rankValue(xs, 75)),
              max: shown(rankValue(xs, 100)),
            }
      let score = 0
      if (sel.length > 0 && base.length > 0) {
        for (const v of distinct) {
          // Shares compared over the common denominator (|fs·nb − fb·ns| / (ns·nb)), rounded once.
          const fs = countUpTo(sel, v)
          const fb = countUpTo(base, v)
          score = Math.max(score, Math.abs(fs * base.length - fb * sel.length) / (sel.length * base.length))
        }
      }
      rows.push({ field, kind: 'boxplot', selected: box(sel), baseline: box(base), score })
      return
    }
    const byKey = new Map<string, { order: Json; value: Json; s: number; b: number }>()
    const count = (v: Value, selected: boolean) => {
      const j = toJson(v)
      const key = canonicalJson(j)
      const e = byKey.get(key) ?? { order: j, value: j, s: 0, b: 0 }
      if (selected) e.s++
      else e.b++
      byKey.set(key, e)
    }
    for (const v of col(selectedRows)) count(v, true)
    for (const v of col(baselineRows)) count(v, false)
    rows.push(...bars(field, [...byKey.values()], ns, nb))
  })
  // Highest score first; equal scores keep field order, then each field's own order.
  return rows.sort((a, b) => (b.score as number) - (a.score as number))
}

function bars(
  field: string,
  values: readonly { order: Json; value: Json; s: number; b: number }[],
  ns: number,
  nb: number,
): Row[] {
  return values
    .map((v) => {
      const sr = v.s / ns
      const br = v.b / nb
      const row: Row = {
        field,
        kind: 'bar',
        value: v.value,
        selected_count: v.s,
        baseline_count: v.b,
        selected_rate: sr,
        baseline_rate: br,
        lift: v.b === 0 ? null : (v.s * nb) / (v.b * ns),
        score: Math.abs(v.s * nb - v.b * ns) / (ns * nb),
      }
      return { order: v.order, row }
    })
    .sort((a, b) => (b.row.score as number) - (a.row.score as number) || valueOrder(a.order, b.order))
    .slice(0, SPOTLIGHT_VALUES_PER_FIELD)
    .map((e) => e.row)
}
