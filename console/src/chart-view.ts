// console/src/chart-view.ts: draws a chart model (src/chart): time series, lines, areas (stacked) and
// scatter with uPlot, where dragging across a time axis zooms by rewriting the query window; bars,
// columns and pies as SVG.

import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { ChartModel } from '../../src/chart/chart-model.ts'
import { COLOURS } from './colours.ts'
import { svgBars, svgPie } from './svg-charts.ts'

/** Renders `m` into a new element; `onZoom` gets the new window (epoch ms) when a time axis is dragged. */
export function chartView(m: ChartModel, onZoom: (startMs: number, endMs: number) => void): HTMLElement {
  const root = document.createElement('figure')
  root.className = 'chart'
  root.dataset.type = m.type
  if (m.title) {
    const cap = document.createElement('figcaption')
    cap.textContent = m.title
    root.append(cap)
  }
  if (m.type === 'piechart') root.append(svgPie(m))
  else if (m.type === 'barchart' || m.type === 'columnchart') root.append(svgBars(m))
  else root.append(plot(m, onZoom))
  return root
}

function plot(m: ChartModel, onZoom: (startMs: number, endMs: number) => void): HTMLElement {
  const host = document.createElement('div')
  host.className = 'chart-plot'
  const time = m.x.kind === 'time'
  const xs = m.x.kind === 'category' ? m.x.values.map((_, i) => i) : (m.x.values as number[])
  // Stacked areas: each series drawn as the running sum, the tallest first so the others paint over it.
  const ys = m.stacked ? cumulate(m) : m.series.map((s) => s.values)
  const order = m.stacked ? [...ys.keys()].reverse() : [...ys.keys()]
  const fill = m.type === 'areachart'
  const opts: uPlot.Options = {
    width: 800,
    height: 320,
    ms: 1,
    legend: { show: m.legend },
    scales: {
      x: { time },
      y: {
        distr: m.ylog ? 3 : 1,
        ...(m.ymin !== undefined || m.ymax !== undefined
          ? { range: [m.ymin ?? null, m.ymax ?? null] as uPlot.Range.MinMax }
          : {}),
      },
    },
    axes: [
      {
        label: m.xtitle,
        ...(m.x.kind === 'category'
          ? { values: (_u: uPlot, splits: number[]) => splits.map((i) => String(m.x.values[i] ?? '')) }
          : {}),
      },
      { label: m.ytitle },
    ],
    series: [
      { label: m.x.name },
      ...order.map((i) => ({
        label: m.series[i].name,
        stroke: COLOURS[i % COLOURS.length],
        width: 1.5,
        ...(fill || m.stacked ? { fill: `${COLOURS[i % COLOURS.length]}55` } : {}),
        ...(m.type === 'scatterchart'
          ? { paths: () => null, points: { show: true, size: 5 } }
          : { points: { show: false } }),
        spanGaps: false,
      })),
    ],
    cursor: { drag: { x: time, y: false, setScale: false } },
    hooks: {
      setSelect: [
        (u: uPlot) => {
          if (!time || u.select.width < 2) return
          const a = u.posToVal(u.select.left, 'x')
          const b = u.posToVal(u.select.left + u.select.width, 'x')
          u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false)
          onZoom(a, b)
        },
      ],
    },
  }
  const data = [xs, ...order.map((i) => ys[i])] as uPlot.AlignedData
  const u = new uPlot(opts, data, host)
  new ResizeObserver(() => {
    const w = Math.max(300, host.clientWidth)
    if (Math.abs(w - u.width) > 2) u.setSize({ width: w, height: 320 })
  }).observe(host)
  return host
}

function cumulate(m: ChartModel): (number | null)[][] {
  const base = m.x.values.map(() => 0)
  const totals = m.x.values.map((_, i) => m.series.reduce((a, s) => a + (s.values[i] ?? 0), 0))
  return m.series.map((s) =>
    s.values.map((v, i) => {
      base[i] += m.percent ? ((v ?? 0) / (totals[i] || 1)) * 100 : (v ?? 0)
      return base[i]
    }),
  )
}
