// exec/agg/spotlight-report.ts: spotlight's result from its tallies: bar rows per value (rates of each
// cohort, lift, score = |rate difference|; a field's SPOTLIGHT_VALUES_PER_FIELD best), boxplot rows
// per numeric field (quartiles, score = Kolmogorov–Smirnov distance), all sorted by score (highest
// first; ties: field order, then the field's own order: score, then value). Catalog row `spotlight`.

import { SPOTLIGHT_VALUES_PER_FIELD } from '../../catalog/index.ts'
import { formatGoDuration } from '../../util/time/index.ts'
import type { QuantileSketch } from './quantile-sketch.ts'
import type { SpotlightField } from './spotlight.ts'
import type { FieldTally, ValueCounts } from './spotlight-field.ts'
import { compareValues } from './value-order.ts'

/** One value's contrast. */
export interface SpotlightBar {
  readonly field: string
  readonly kind: 'bar'
  readonly value: unknown
  readonly selected_count: number
  readonly baseline_count: number
  readonly selected_rate: number
  readonly baseline_rate: number
  readonly lift: number | null
  readonly score: number
}

/** One cohort's five-number summary (nearest-rank quartiles). */
export interface SpotlightBox {
  readonly count: number
  readonly min: unknown
  readonly p25: unknown
  readonly p50: unknown
  readonly p75: unknown
  readonly max: unknown
}

/** One numeric field's contrast. */
export interface SpotlightBoxplot {
  readonly field: string
  readonly kind: 'boxplot'
  readonly selected: SpotlightBox | null
  readonly baseline: SpotlightBox | null
  readonly score: number
}

/** One row of spotlight's result. */
export type SpotlightRow = SpotlightBar | SpotlightBoxplot

/** The report of `tallies` (one per field) over `selected` and `baseline` events. */
export function spotlightReport(
  fields: readonly SpotlightField[],
  tallies: readonly FieldTally[],
  selected: number,
  baseline: number,
): SpotlightRow[] {
  if (selected === 0 || baseline === 0) return []
  const rows: SpotlightRow[] = []
  tallies.forEach((t, i) => {
    const f = fields[i]
    const shown = f.kind === 'timespan' ? spanText : (x: unknown) => x
    if (t.numeric && t.few === null) {
      const box = boxplot(f.name, t.selected, t.baseline, shown)
      if (box !== null) rows.push(box)
      return
    }
    const counts = t.numeric ? t.few?.byKey : t.tally.byKey
    rows.push(...bars(f.name, [...(counts?.values() ?? [])], selected, baseline, shown))
  })
  // Stable: equal scores keep field order, then each field's own order.
  return rows.sort((a, b) => b.score - a.score)
}

/** A timespan in ns as Go duration text (a digest's interpolated value rounds to the nanosecond). */
function spanText(x: unknown): unknown {
  return typeof x === 'number' && Number.isFinite(x) ? formatGoDuration(BigInt(Math.round(x))) : null
}

function bars(
  field: string,
  counts: readonly ValueCounts[],
  selected: number,
  baseline: number,
  shown: (x: unknown) => unknown,
): SpotlightBar[] {
  const out = counts.map((c) => {
    const sr = c.selected / selected
    const br = c.baseline / baseline
    return {
      order: c.value,
      bar: {
        field,
        kind: 'bar' as const,
        value: shown(c.value),
        selected_count: c.selected,
        baseline_count: c.baseline,
        selected_rate: sr,
        baseline_rate: br,
        // Over the common denominator, so values with equal differences get equal scores.
        lift: c.baseline === 0 ? null : (c.selected * baseline) / (c.baseline * selected),
        score: Math.abs(c.selected * baseline - c.baseline * selected) / (selected * baseline),
      },
    }
  })
  out.sort((a, b) => b.bar.score - a.bar.score || compareValues(a.order, b.order))
  return out.slice(0, SPOTLIGHT_VALUES_PER_FIELD).map((e) => e.bar)
}

function boxplot(
  field: string,
  s: QuantileSketch,
  b: QuantileSketch,
  shown: (x: unknown) => unknown,
): SpotlightBoxplot | null {
  if (s.count === 0 && b.count === 0) return null
  const box = (q: QuantileSketch): SpotlightBox | null =>
    q.count === 0
      ? null
      : {
          count: q.count,
          min: shown(q.percentile(0)),
          p25: shown(q.percentile(25)),
          p50: shown(q.percentile(50)),
          p75: shown(q.percentile(75)),
          max: shown(q.percentile(100)),
        }
  const score = s.count === 0 || b.count === 0 ? 0 : ksDistance(s, b)
  return { field, kind: 'boxplot', selected: box(s), baseline: box(b), score }
}

/**
 * max over x of |F_s(x) − F_b(x)| (F: share of the cohort's values ≤ x): over every value when both
 * cohorts are exact, else over each cohort's percentiles 0, 1, …, 100 (an estimate).
 */
function ksDistance(s: QuantileSketch, b: QuantileSketch): number {
  const xs = s.exactValues()
  const xb = b.exactValues()
  const ns = s.count
  const nb = b.count
  let d = 0
  if (xs !== null && xb !== null) {
    let i = 0
    let j = 0
    while (i < xs.length || j < xb.length) {
      const v = j >= xb.length || (i < xs.length && xs[i] <= xb[j]) ? xs[i] : xb[j]
      while (i < xs.length && xs[i] <= v) i++
      while (j < xb.length && xb[j] <= v) j++
      d = Math.max(d, Math.abs(i * nb - j * ns) / (ns * nb))
    }
    return d
  }
  for (const q of [s, b]) {
    for (let p = 0; p <= 100; p++) {
      const x = q.percentile(p) as number
      d = Math.max(d, Math.abs(s.rank(x) / ns - b.rank(x) / nb))
    }
  }
  return d
}
