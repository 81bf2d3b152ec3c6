// cli/chart/plot-xy.ts: time series, line, area and scatter charts in braille: y labels on the left,
// an x axis with labels (times in UTC), stacked areas cumulated in series order.

import type { ChartModel } from '../../chart/chart-model.ts'
import type { Painter } from './ansi.ts'
import { shortNumber, ticks, timeLabel, yRange } from './axis-format.ts'
import { BrailleCanvas } from './braille.ts'

/** Lines of the plot area with its axes, `width` columns wide and `height` rows of plot. */
export function plotXY(m: ChartModel, width: number, height: number, paint: Painter): string[] {
  const n = m.x.values.length
  const stacks = stacked(m)
  const all = stacks.flatMap((s) => s.flatMap((p) => (p === null ? [] : [p.lo, p.hi])))
  const fill = m.type === 'areachart'
  const range = yRange(all, fill || m.stacked, m.ymin, m.ymax)
  const scale = (v: number) => (m.ylog ? Math.log10(Math.max(v, 1e-12)) : v)
  const [lo, hi] = m.ylog ? [scale(Math.max(range.min, 1e-12)), scale(range.max)] : [range.min, range.max]
  const yTicks = ticks(range.min, range.max, Math.min(5, Math.max(2, Math.floor(height / 3))))
  const labelWidth = Math.max(...yTicks.map((t) => shortNumber(t).length))
  const canvas = new BrailleCanvas(Math.max(4, width - labelWidth - 1), height)
  const xs = m.x.values
  const numeric = m.x.kind !== 'category'
  const [x0, x1] = numeric ? [xs[0] as number, xs[n - 1] as number] : [0, n - 1]
  const dx = (i: number) => {
    const x = numeric ? (xs[i] as number) : i
    return x1 === x0 ? (canvas.dotsX - 1) / 2 : ((x - x0) / (x1 - x0)) * (canvas.dotsX - 1)
  }
  const dy = (v: number) => (canvas.dotsY - 1) * (1 - (scale(v) - lo) / (hi - lo || 1))
  stacks.forEach((points, s) => {
    let prev: { x: number; y: number; base: number } | undefined
    points.forEach((p, i) => {
      if (p === null) {
        prev = undefined
        return
      }
      const at = { x: dx(i), y: dy(p.hi), base: dy(m.stacked ? p.lo : Math.max(range.min, 0)) }
      if (fill && prev !== undefined) {
        // Every dot column between two points, interpolated, down to the band's base.
        for (let x = Math.round(prev.x); x <= Math.round(at.x); x++) {
          const f = at.x === prev.x ? 1 : (x - prev.x) / (at.x - prev.x)
          canvas.column(x, prev.y + (at.y - prev.y) * f, prev.base + (at.base - prev.base) * f, s)
        }
      } else if (fill) canvas.column(at.x, at.y, at.base, s)
      if (m.type === 'scatterchart' || prev === undefined) canvas.set(at.x, at.y, s)
      else canvas.line(prev.x, prev.y, at.x, at.y, s)
      prev = at
    })
  })
  const rowOf = (t: number) => Math.round(dy(t) / 4)
  const labels = new Map(yTicks.map((t) => [Math.min(height - 1, Math.max(0, rowOf(t))), shortNumber(t)]))
  const lines: string[] = []
  for (let r = 0; r < height; r++) {
    const cells = canvas.row(r).map((c) => paint(c.text, c.colour))
    const label = labels.get(r)
    lines.push(`${(label ?? '').padStart(labelWidth)}${label === undefined ? '│' : '┤'}${cells.join('')}`)
  }
  lines.push(`${' '.repeat(labelWidth)}└${'─'.repeat(canvas.width)}`)
  lines.push(' '.repeat(labelWidth + 1) + xLabels(m, canvas.width, (i) => Math.round(dx(i) / 2)))
  return lines
}

/** Per series and x: the band [lo, hi] to draw (lo = hi = value unless stacked). */
function stacked(m: ChartModel): ({ lo: number; hi: number } | null)[][] {
  if (!m.stacked) return m.series.map((s) => s.values.map((v) => (v === null ? null : { lo: v, hi: v })))
  const base = m.x.values.map(() => 0)
  const totals = m.x.values.map((_, i) => m.series.reduce((a, s) => a + (s.values[i] ?? 0), 0))
  return m.series.map((s) =>
    s.values.map((v, i) => {
      const part = m.percent ? ((v ?? 0) / (totals[i] || 1)) * 100 : (v ?? 0)
      const band = { lo: base[i], hi: base[i] + part }
      base[i] = band.hi
      return band
    }),
  )
}

/** The x labels row: first and last always, others where they fit without touching. */
function xLabels(m: ChartModel, width: number, col: (i: number) => number): string {
  const xs = m.x.values
  const span = m.x.kind === 'time' ? (xs[xs.length - 1] as number) - (xs[0] as number) : 0
  const text = (i: number) =>
    m.x.kind === 'time'
      ? timeLabel(xs[i] as number, span)
      : m.x.kind === 'number'
        ? shortNumber(xs[i] as number)
        : String(xs[i])
  const row = new Array<string>(width).fill(' ')
  let free = 0
  const place = (i: number, force: boolean) => {
    const t = text(i)
    const start = Math.min(Math.max(0, col(i) - Math.floor(t.length / 2)), Math.max(0, width - t.length))
    if (!force && start < free) return
    for (let k = 0; k < t.length && start + k < width; k++) row[start + k] = t[k]
    free = start + t.length + 2
  }
  const count = xs.length
  if (count === 0) return ''
  const step = Math.max(1, Math.ceil(count / Math.max(1, Math.floor(width / 12))))
  for (let i = 0; i < count - 1; i += step) place(i, i === 0)
  if (count > 1) {
    const t = text(count - 1)
    const start = Math.max(0, Math.min(width - t.length, col(count - 1) - Math.floor(t.length / 2)))
    for (let k = start; k < Math.min(width, start + t.length + 2); k++) if (k < free) row[k] = ' '
    for (let k = 0; k < t.length && start + k < width; k++) row[start + k] = t[k]
  }
  return row.join('').trimEnd()
}
