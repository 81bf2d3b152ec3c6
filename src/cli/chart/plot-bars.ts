// cli/chart/plot-bars.ts: bar charts (horizontal), column charts (vertical) and pie charts (as
// proportional bars with percentages) in block characters with eighth-cell resolution.

import type { ChartModel } from '../../chart/chart-model.ts'
import { displayWidth, pad, truncate } from '../display-width.ts'
import type { Painter } from './ansi.ts'
import { shortNumber, timeLabel } from './axis-format.ts'

const H_EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉']
const V_EIGHTHS = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇']

/** A horizontal bar of `cells` (fractional) cells: full blocks and one eighth block. */
export function hbar(cells: number): string {
  const eighths = Math.max(0, Math.round(cells * 8))
  return '█'.repeat(Math.floor(eighths / 8)) + H_EIGHTHS[eighths % 8]
}

/** One row per category (per series when not stacked): label, bar, value. Pie: shares in percent. */
export function plotBars(m: ChartModel, width: number, paint: Painter): string[] {
  const pie = m.type === 'piechart'
  type Row = { label: string; parts: { value: number; series: number }[] }
  const rows: Row[] = []
  m.x.values.forEach((x, i) => {
    const parts = m.series.map((s, k) => ({ value: s.values[i] ?? 0, series: k }))
    if (m.stacked || m.series.length === 1) rows.push({ label: String(x), parts })
    else for (const p of parts) rows.push({ label: `${x} · ${m.series[p.series].name}`, parts: [p] })
  })
  const rowSum = (r: Row) => r.parts.reduce((a, p) => a + Math.max(0, p.value), 0)
  // Pie slices largest first, as a pie chart orders them.
  if (pie) rows.sort((a, b) => rowSum(b) - rowSum(a))
  const sums = rows.map(rowSum)
  const total = sums.reduce((a, b) => a + b, 0) || 1
  const max = Math.max(...sums, 0) || 1
  const labelWidth = Math.min(24, Math.max(...rows.map((r) => displayWidth(r.label)), 1))
  const valueText = (i: number) => (pie ? `${((sums[i] / total) * 100).toFixed(1)} %` : shortNumber(sums[i]))
  const valueWidth = Math.max(...rows.map((_, i) => valueText(i).length))
  const barWidth = Math.max(4, width - labelWidth - valueWidth - 3)
  return rows.map((r, i) => {
    const scale = pie ? barWidth / total : barWidth / max
    const bar = r.parts.map((p) => paint(hbar(Math.max(0, p.value) * scale), pie ? i : p.series)).join('')
    const shown = displayWidth(r.parts.map((p) => hbar(Math.max(0, p.value) * scale)).join(''))
    return `${pad(truncate(r.label, labelWidth), labelWidth, false)} │${bar}${' '.repeat(Math.max(0, barWidth - shown))} ${valueText(i).padStart(valueWidth)}`
  })
}

/** Vertical columns per category (stacked segments or side by side), labels below; undefined when too narrow. */
export function plotColumns(
  m: ChartModel,
  width: number,
  height: number,
  paint: Painter,
): string[] | undefined {
  const groups = m.x.values.length
  const per = m.stacked ? 1 : m.series.length
  const sums = sumsOf(m)
  const max =
    (m.stacked
      ? Math.max(...sums, 0)
      : Math.max(...m.series.flatMap((s) => s.values.map((v) => v ?? 0)), 0)) || 1
  const units = height * 8
  const labelWidth = shortNumber(max).length
  const slot = Math.floor((width - labelWidth - 1) / Math.max(1, groups))
  if (slot < per + 1) return undefined
  const grid: { text: string; series: number }[][] = Array.from({ length: height }, () =>
    Array.from({ length: labelWidth + 1 + slot * groups }, () => ({ text: ' ', series: -1 })),
  )
  const fillColumn = (col: number, from: number, to: number, series: number) => {
    // Units from the bottom: [from, to) in eighths of a row.
    for (let r = 0; r < height; r++) {
      const bottom = (height - 1 - r) * 8
      const filled =
        Math.min(8, Math.max(0, Math.round(to) - bottom)) -
        Math.min(8, Math.max(0, Math.round(from) - bottom))
      if (filled <= 0) continue
      grid[r][col] = { text: filled >= 8 ? '█' : V_EIGHTHS[filled], series }
    }
  }
  for (let g = 0; g < groups; g++) {
    const left = labelWidth + 1 + g * slot + Math.floor((slot - per) / 2)
    let base = 0
    m.series.forEach((s, k) => {
      const v = Math.max(0, s.values[g] ?? 0) * (units / max)
      if (m.stacked) {
        fillColumn(left, base, base + v, k)
        base += v
      } else fillColumn(left + k, 0, v, k)
    })
  }
  const lines = grid.map((row, r) => {
    const label = r === 0 ? shortNumber(max) : r === height - 1 ? '0' : ''
    const body = row
      .slice(labelWidth + 1)
      .map((c) => paint(c.text, c.series))
      .join('')
    return `${label.padStart(labelWidth)}${label === '' ? '│' : '┤'}${body}`.trimEnd()
  })
  lines.push(`${' '.repeat(labelWidth)}└${'─'.repeat(slot * groups)}`)
  lines.push(
    ' '.repeat(labelWidth + 1) +
      m.x.values
        .map((x) => pad(truncate(xText(m, x), Math.max(1, slot - 1)), slot, false))
        .join('')
        .trimEnd(),
  )
  return lines
}

/** A category label; times (column charts over a time axis) as short UTC labels. */
function xText(m: ChartModel, x: number | string): string {
  if (m.x.kind !== 'time') return String(x)
  const xs = m.x.values as number[]
  return timeLabel(x as number, xs[xs.length - 1] - xs[0])
}

function sumsOf(m: ChartModel): number[] {
  return m.x.values.map((_, i) => m.series.reduce((a, s) => a + Math.max(0, s.values[i] ?? 0), 0))
}
