// console/src/svg-charts.ts: bar (horizontal), column (vertical, grouped or stacked) and pie charts
// as SVG, with a legend. Values come from the chart model; labels are text nodes, never markup.

import type { ChartModel } from '../../src/chart/chart-model.ts'
import { COLOURS } from './colours.ts'

const NS = 'http://www.w3.org/2000/svg'

function el<K extends keyof SVGElementTagNameMap>(
  name: K,
  attrs: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(NS, name)
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v))
  return e
}

function text(x: number, y: number, s: string, anchor = 'start'): SVGTextElement {
  const t = el('text', { x, y, 'text-anchor': anchor, class: 'chart-label' })
  t.textContent = s
  return t
}

const fmt = (v: number) =>
  Math.abs(v) >= 1000
    ? v.toLocaleString('en-US', { maximumFractionDigits: 1 })
    : String(Number(v.toPrecision(4)))
const labelOf = (m: ChartModel, x: number | string) =>
  m.x.kind === 'time' ? new Date(x as number).toISOString().slice(0, 16).replace('T', ' ') : String(x)

function legend(m: ChartModel): HTMLElement {
  const ul = document.createElement('ul')
  ul.className = 'chart-legend'
  m.series.forEach((s, i) => {
    const li = document.createElement('li')
    const dot = document.createElement('span')
    dot.className = `swatch c${i % COLOURS.length}`
    li.append(dot, document.createTextNode(s.name))
    ul.append(li)
  })
  return ul
}

/** Bars (barchart: horizontal) or columns (columnchart), grouped or stacked. */
export function svgBars(m: ChartModel): HTMLElement {
  const wrap = document.createElement('div')
  const horizontal = m.type === 'barchart'
  const groups = m.x.values.length
  const per = m.stacked ? 1 : m.series.length
  const sums = m.x.values.map((_, i) => m.series.reduce((a, s) => a + Math.max(0, s.values[i] ?? 0), 0))
  const max =
    (m.stacked ? Math.max(...sums) : Math.max(...m.series.flatMap((s) => s.values.map((v) => v ?? 0)))) || 1
  const W = 800
  const band = horizontal ? 22 : Math.max(12, Math.min(60, 700 / Math.max(1, groups)))
  const H = horizontal ? groups * band + 20 : 300
  const left = horizontal ? 160 : 50
  const svg = el('svg', { viewBox: `0 0 ${W} ${H + 40}`, class: 'chart-svg', role: 'img' })
  const plotW = W - left - 60
  const plotH = H - 20
  m.x.values.forEach((x, g) => {
    let base = 0
    m.series.forEach((s, k) => {
      const v = Math.max(0, s.values[g] ?? 0)
      const len = (v / max) * (horizontal ? plotW : plotH)
      const slot = band * 0.8
      const thick = slot / per
      const off = m.stacked ? 0 : k * thick
      const r = horizontal
        ? el('rect', {
            x: left + base,
            y: g * band + 10 + off,
            width: len,
            height: thick,
            class: `bar c${k % COLOURS.length}`,
          })
        : el('rect', {
            x: left + g * band + off + band * 0.1,
            y: 10 + plotH - base - len,
            width: thick,
            height: len,
            class: `bar c${k % COLOURS.length}`,
          })
      const title = el('title', {})
      title.textContent = `${labelOf(m, x)} · ${s.name}: ${v}`
      r.append(title)
      svg.append(r)
      if (m.stacked) base += len
    })
    if (horizontal) {
      svg.append(text(left - 6, g * band + 10 + band * 0.55, labelOf(m, x).slice(0, 24), 'end'))
      svg.append(text(left + (sums[g] / max) * plotW + 4, g * band + 10 + band * 0.55, fmt(sums[g])))
    } else if (groups <= 40) {
      svg.append(text(left + g * band + band / 2, H + 14, labelOf(m, x).slice(-11), 'middle'))
    }
  })
  if (!horizontal) svg.append(text(left - 4, 16, fmt(max), 'end'), text(left - 4, 10 + plotH, '0', 'end'))
  wrap.append(svg)
  if (m.legend && m.series.length > 1) wrap.append(legend(m))
  return wrap
}

/** A pie of the first series' values per category, largest first, with shares. */
export function svgPie(m: ChartModel): HTMLElement {
  const wrap = document.createElement('div')
  const values = m.x.values.map((x, i) => ({
    label: labelOf(m, x),
    v: Math.max(0, m.series[0]?.values[i] ?? 0),
  }))
  values.sort((a, b) => b.v - a.v)
  const total = values.reduce((a, b) => a + b.v, 0) || 1
  const svg = el('svg', { viewBox: '0 0 520 300', class: 'chart-svg', role: 'img' })
  let angle = -Math.PI / 2
  const cx = 150
  const cy = 150
  const r = 130
  values.forEach((s, i) => {
    const a = (s.v / total) * Math.PI * 2
    const x0 = cx + r * Math.cos(angle)
    const y0 = cy + r * Math.sin(angle)
    const x1 = cx + r * Math.cos(angle + a)
    const y1 = cy + r * Math.sin(angle + a)
    const d =
      a >= Math.PI * 2 - 1e-9
        ? `M ${cx - r} ${cy} a ${r} ${r} 0 1 0 ${2 * r} 0 a ${r} ${r} 0 1 0 ${-2 * r} 0`
        : `M ${cx} ${cy} L ${x0} ${y0} A ${r} ${r} 0 ${a > Math.PI ? 1 : 0} 1 ${x1} ${y1} Z`
    const p = el('path', { d, class: `slice c${i % COLOURS.length}` })
    const title = el('title', {})
    title.textContent = `${s.label}: ${s.v} (${((s.v / total) * 100).toFixed(1)} %)`
    p.append(title)
    svg.append(p)
    if (i < 12) {
      svg.append(
        el('rect', {
          x: 310,
          y: 20 + i * 22,
          width: 12,
          height: 12,
          class: `swatch-rect c${i % COLOURS.length}`,
        }),
      )
      svg.append(text(330, 31 + i * 22, `${s.label.slice(0, 18)} ${((s.v / total) * 100).toFixed(1)} %`))
    }
    angle += a
  })
  wrap.append(svg)
  return wrap
}
