// chart/series-cap.ts: keeps a chart readable: the `max` series with the largest totals stay, in
// their order; the rest are summed into one `other` series.

import type { ChartSeries } from './chart-model.ts'

const total = (s: ChartSeries) => s.values.reduce<number>((a, v) => a + Math.abs(v ?? 0), 0)

/** The series to draw and how many were folded into `other`. */
export function capSeries(
  series: readonly ChartSeries[],
  max: number,
): { series: ChartSeries[]; hidden: number } {
  if (series.length <= max) return { series: [...series], hidden: 0 }
  const keep = new Set(
    [...series]
      .sort((a, b) => total(b) - total(a))
      .slice(0, Math.max(0, max - 1))
      .map((s) => s.name),
  )
  const kept = series.filter((s) => keep.has(s.name))
  const rest = series.filter((s) => !keep.has(s.name))
  const values = rest[0].values.map((_, i) => {
    let sum: number | null = null
    for (const s of rest) if (s.values[i] !== null) sum = (sum ?? 0) + (s.values[i] as number)
    return sum
  })
  return { series: [...kept, { name: `other (${rest.length})`, values }], hidden: rest.length }
}
