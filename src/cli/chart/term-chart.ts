// cli/chart/term-chart.ts: a chart model as terminal text: title, the plot (braille lines and
// areas, block bars and columns, pie shares as bars) and a legend of at most the capped series.

import type { ChartModel } from '../../chart/chart-model.ts'
import { displayWidth } from '../display-width.ts'
import { painter } from './ansi.ts'
import { plotBars, plotColumns } from './plot-bars.ts'
import { plotXY } from './plot-xy.ts'

/** Most series a terminal chart draws; the rest are summed into `other`. */
export const TERMINAL_MAX_SERIES = 8

/** Size and colour of a terminal chart. */
export interface TermChartOptions {
  /** Columns available. */
  readonly width: number
  /** Rows of the plot area (axes, title and legend come on top). */
  readonly height: number
  /** ANSI colours (off for pipes and NO_COLOR). */
  readonly colour: boolean
}

/** The chart as lines of text ending in a newline. */
export function termChart(m: ChartModel, o: TermChartOptions): string {
  const paint = painter(o.colour)
  const width = Math.max(20, o.width)
  const lines: string[] = []
  if (m.title) lines.push(m.title)
  const bars = m.type === 'barchart' || m.type === 'piechart'
  const plot = bars
    ? plotBars(m, width, paint)
    : m.type === 'columnchart'
      ? (plotColumns(m, width, o.height, paint) ?? plotBars(m, width, paint))
      : plotXY(m, width, o.height, paint)
  lines.push(...plot)
  const titles = [m.xtitle && !bars ? `x: ${m.xtitle}` : '', m.ytitle ? `y: ${m.ytitle}` : ''].filter(Boolean)
  if (titles.length > 0 && m.type !== 'piechart') lines.push(titles.join('  '))
  if (m.legend && m.type !== 'piechart' && (m.series.length > 1 || !bars))
    lines.push(...legend(m, width, paint))
  return `${lines.join('\n')}\n`
}

function legend(m: ChartModel, width: number, paint: (t: string, s: number) => string): string[] {
  const out: string[] = []
  let line = ''
  let used = 0
  m.series.forEach((s, i) => {
    const item = `${paint('●', i)} ${s.name}`
    const w = displayWidth(s.name) + 2
    if (used > 0 && used + 3 + w > width) {
      out.push(line)
      line = ''
      used = 0
    }
    line += (used > 0 ? '   ' : '') + item
    used += (used > 0 ? 3 : 0) + w
  })
  if (line !== '') out.push(line)
  return out
}
