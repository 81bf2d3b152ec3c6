// bench/svg-line-chart.ts: a hand-written SVG line chart (no dependency) on linear axes, for the
// suite's time-against-data-size scaling run. Returns text only.
import { xmlText } from './svg-bar-chart.ts'

/** One line: its points in x order. */
export interface LineSeries {
  readonly name: string
  /** CSS colour. */
  readonly color: string
  readonly points: readonly { readonly x: number; readonly y: number }[]
}

/** What the chart shows. */
export interface LineChart {
  readonly title: string
  readonly subtitle: string
  readonly xLabel: string
  readonly yLabel: string
  readonly series: readonly LineSeries[]
}

/** Round tick step giving about `count` ticks up to `max`. */
function tickStep(max: number, count: number): number {
  const raw = max / count
  const p = 10 ** Math.floor(Math.log10(raw))
  const m = raw / p
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p
}

const WIDTH = 760
const HEIGHT = 460
const L = 70
const R = 250
const T = 60
const B = 50

/** The chart as a standalone SVG document; both axes start at 0. */
export function lineChartSvg(chart: LineChart): string {
  const pts = chart.series.flatMap((s) => s.points)
  const xTop = Math.max(...pts.map((p) => p.x), 1e-9)
  const yTop = Math.max(...pts.map((p) => p.y), 1e-9)
  const xStep = tickStep(xTop, 5)
  const yStep = tickStep(yTop, 6)
  const xMax = Math.ceil(xTop / xStep) * xStep
  const yMax = Math.ceil(yTop / yStep) * yStep
  const pw = WIDTH - L - R
  const ph = HEIGHT - T - B
  const sx = (v: number) => L + (v / xMax) * pw
  const sy = (v: number) => T + ph - (v / yMax) * ph
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="12" y="20" font-size="15" font-weight="bold">${xmlText(chart.title)}</text>`,
    `<text x="12" y="38" fill="#444">${xmlText(chart.subtitle)}</text>`,
  ]
  for (let v = 0; v <= yMax * 1.0001; v += yStep) {
    out.push(`<line x1="${L}" y1="${sy(v)}" x2="${L + pw}" y2="${sy(v)}" stroke="#ddd"/>`)
    out.push(`<text x="${L - 6}" y="${sy(v) + 4}" text-anchor="end" fill="#444">${+v.toPrecision(6)}</text>`)
  }
  for (let v = 0; v <= xMax * 1.0001; v += xStep) {
    out.push(`<line x1="${sx(v)}" y1="${T}" x2="${sx(v)}" y2="${T + ph}" stroke="#eee"/>`)
    out.push(
      `<text x="${sx(v)}" y="${T + ph + 16}" text-anchor="middle" fill="#444">${+v.toPrecision(6)}</text>`,
    )
  }
  out.push(`<rect x="${L}" y="${T}" width="${pw}" height="${ph}" fill="none" stroke="#888"/>`)
  out.push(`<text x="${L + pw / 2}" y="${HEIGHT - 12}" text-anchor="middle">${xmlText(chart.xLabel)}</text>`)
  out.push(
    `<text x="16" y="${T + ph / 2}" text-anchor="middle" transform="rotate(-90 16 ${T + ph / 2})">${xmlText(chart.yLabel)}</text>`,
  )
  chart.series.forEach((s, i) => {
    const path = s.points.map((p) => `${sx(p.x).toFixed(1)},${sy(p.y).toFixed(1)}`).join(' ')
    out.push(`<polyline points="${path}" fill="none" stroke="${s.color}" stroke-width="2"/>`)
    for (const p of s.points) {
      out.push(`<circle cx="${sx(p.x).toFixed(1)}" cy="${sy(p.y).toFixed(1)}" r="3.5" fill="${s.color}"/>`)
    }
    const ly = T + 10 + i * 18
    out.push(`<rect x="${L + pw + 14}" y="${ly - 9}" width="12" height="12" fill="${s.color}"/>`)
    out.push(`<text x="${L + pw + 31}" y="${ly + 1}">${xmlText(s.name)}</text>`)
  })
  out.push('</svg>')
  return `${out.join('\n')}\n`
}
