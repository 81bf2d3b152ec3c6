// bench/svg-bar-chart.ts: a hand-written SVG chart (no dependency) of grouped horizontal bars on a
// log-10 axis, for benchmark timings that span several orders of magnitude. Returns text only.

/** One bar series (an engine or configuration). */
export interface BarSeries {
  readonly name: string
  /** CSS colour. */
  readonly color: string
}

/** One group of bars (a query): one value per series, undefined where there is none. */
export interface BarGroup {
  readonly label: string
  readonly values: readonly (number | undefined)[]
}

/** What the chart shows. */
export interface BarChart {
  readonly title: string
  readonly subtitle: string
  /** Unit printed after each value and on the axis (e.g. 'ms'). */
  readonly unit: string
  readonly series: readonly BarSeries[]
  readonly groups: readonly BarGroup[]
}

/** Escapes text for SVG element content and attributes. */
export function xmlText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** The smallest 1, 2 or 5 × 10^k at or above `v`. */
function niceAbove(v: number): number {
  const p = 10 ** Math.floor(Math.log10(v))
  return (v <= p ? 1 : v <= 2 * p ? 2 : v <= 5 * p ? 5 : 10) * p
}

const fmt = (v: number) => (v < 10 ? v.toFixed(2) : v < 100 ? v.toFixed(1) : v.toFixed(0))

const WIDTH = 960
const LABEL_W = 330
const PLOT_W = 520
const BAR_H = 11
const GROUP_GAP = 10
const TOP = 78

/** The chart as a standalone SVG document. */
export function barChartSvg(chart: BarChart): string {
  const values = chart.groups.flatMap((g) => g.values).filter((v): v is number => v !== undefined && v > 0)
  const lo = 10 ** Math.floor(Math.log10(Math.min(...values, 1)))
  const hi = niceAbove(Math.max(...values, 10))
  const x = (v: number) => LABEL_W + (Math.log10(Math.max(v, lo) / lo) / Math.log10(hi / lo)) * PLOT_W
  const groupH = chart.series.length * BAR_H + GROUP_GAP
  const height = TOP + chart.groups.length * groupH + 40
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="12" y="20" font-size="15" font-weight="bold">${xmlText(chart.title)}</text>`,
    `<text x="12" y="38" fill="#444">${xmlText(chart.subtitle)}</text>`,
  ]
  chart.series.forEach((s, i) => {
    const lx = 12 + i * 200
    out.push(`<rect x="${lx}" y="50" width="12" height="12" fill="${s.color}"/>`)
    out.push(`<text x="${lx + 17}" y="60">${xmlText(s.name)}</text>`)
  })
  const bottom = TOP + chart.groups.length * groupH
  for (let decade = lo; decade <= hi; decade *= 10) {
    for (const m of [1, 2, 5]) {
      const t = decade * m
      if (t > hi * 1.0001) break
      const shade = m === 1 ? '#444' : '#999'
      out.push(
        `<line x1="${x(t)}" y1="${TOP - 4}" x2="${x(t)}" y2="${bottom}" stroke="${m === 1 ? '#ccc' : '#eee'}"/>`,
      )
      out.push(
        `<text x="${x(t)}" y="${bottom + 14}" text-anchor="middle" fill="${shade}">${+t.toPrecision(2)}</text>`,
      )
    }
  }
  out.push(
    `<text x="${LABEL_W + PLOT_W / 2}" y="${bottom + 30}" text-anchor="middle" fill="#444">${xmlText(chart.unit)} (log scale, shorter is faster)</text>`,
  )
  chart.groups.forEach((g, gi) => {
    const y0 = TOP + gi * groupH
    const mid = y0 + (chart.series.length * BAR_H) / 2 + 4
    out.push(`<text x="${LABEL_W - 8}" y="${mid}" text-anchor="end">${xmlText(g.label)}</text>`)
    g.values.forEach((v, si) => {
      const y = y0 + si * BAR_H
      if (v === undefined) return
      const w = Math.max(1, x(v) - LABEL_W)
      out.push(
        `<rect x="${LABEL_W}" y="${y}" width="${w.toFixed(1)}" height="${BAR_H - 2}" fill="${chart.series[si].color}"/>`,
      )
      out.push(
        `<text x="${(LABEL_W + w + 4).toFixed(1)}" y="${y + BAR_H - 3}" font-size="9" fill="#333">${fmt(v)}</text>`,
      )
    })
  })
  out.push('</svg>')
  return `${out.join('\n')}\n`
}
