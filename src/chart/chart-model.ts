// chart/chart-model.ts: what to draw for a result table: the x axis, the series and the chart type,
// from a `render` hint (Kusto's data model: x column, series columns, y columns) or, without one, for
// a time-bucketed summarize. Pure data in, data out: shared by the terminal charts and the console.

import type { Visualization, VisualizationType } from '../plan/visualization.ts'
import { capSeries } from './series-cap.ts'
import { wireTimeMs } from './wire-time.ts'

/** The columns of a result table as the chart needs them (the wire's `tables[i]`). */
export interface ChartTable {
  readonly fields: readonly { readonly name: string; readonly type: string }[]
  readonly columns?: readonly (readonly unknown[])[]
  readonly buckets?: { readonly field: string; readonly size: unknown }
}

/** How the x axis reads: epoch ms, plain numbers, or category labels in first-seen order. */
export type AxisKind = 'time' | 'number' | 'category'

/** One line, bar group or slice set, aligned to `ChartModel.x.values` (null: no value there). */
export interface ChartSeries {
  readonly name: string
  readonly values: readonly (number | null)[]
}

/** A chart ready to draw. */
export interface ChartModel {
  readonly type: VisualizationType
  readonly title?: string
  readonly xtitle: string
  readonly ytitle: string
  readonly x: {
    readonly name: string
    readonly kind: AxisKind
    readonly values: readonly (number | string)[]
  }
  readonly series: readonly ChartSeries[]
  /** Series left out of `series` (folded into an `other` series when there were more than the cap). */
  readonly hiddenSeries: number
  readonly stacked: boolean
  /** Stacks scaled to 100 % (kind=stacked100). */
  readonly percent: boolean
  readonly legend: boolean
  readonly ylog: boolean
  readonly ymin?: number
  readonly ymax?: number
}

const NUMERIC = /^(integer|float|long|real|timespan)(\|(integer|float))*$|^float\|integer$/
const isNumeric = (type: string) => NUMERIC.test(type)
const isTime = (type: string) => type === 'datetime'

/** The visualization to draw for `t`: its `render` hint, else a timechart for a time-bucketed summarize. */
export function chartFor(t: ChartTable, hint: Visualization | undefined): Visualization | undefined {
  if (hint !== undefined) return hint
  if (t.buckets?.field === undefined) return undefined
  const hasTime = t.fields.some((f) => f.name === t.buckets?.field && isTime(f.type))
  return hasTime && t.fields.some((f) => isNumeric(f.type)) ? { type: 'timechart' } : undefined
}

/** A y value as a number (longs may arrive as bigint; anything else is a gap). */
function yValue(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'bigint') return Number(v)
  return null
}

function label(v: unknown): string {
  if (v === null || v === undefined) return '(null)'
  if (typeof v === 'string') return v === '' ? '(empty)' : v
  return typeof v === 'object' ? JSON.stringify(v) : String(v)
}

/**
 * The chart of `t` for `vis` (see module header). `maxSeries` caps the series (the largest by total
 * stay, the rest are summed into `other`). Undefined when the table has nothing to plot.
 */
export function buildChart(t: ChartTable, vis: Visualization, maxSeries: number): ChartModel | undefined {
  const cols = t.columns ?? []
  const index = (name: string) => t.fields.findIndex((f) => f.name === name)
  const timeFirst = vis.type === 'timechart'
  const xi = vis.xcolumn !== undefined ? index(vis.xcolumn) : defaultX(t, timeFirst)
  if (xi < 0) return undefined
  const seriesIdx = (
    vis.series ?? t.fields.filter((f, i) => i !== xi && !isNumeric(f.type)).map((f) => f.name)
  )
    .map(index)
    .filter((i) => i >= 0 && i !== xi)
  const yIdx = (vis.ycolumns ?? t.fields.map((f) => f.name))
    .map(index)
    .filter(
      (i) =>
        i >= 0 &&
        i !== xi &&
        !seriesIdx.includes(i) &&
        (vis.ycolumns !== undefined || isNumeric(t.fields[i].type)),
    )
  if (yIdx.length === 0) return undefined
  const xField = t.fields[xi]
  const kind: AxisKind =
    isTime(xField.type) && vis.type !== 'barchart' && vis.type !== 'piechart'
      ? 'time'
      : isNumeric(xField.type) &&
          (vis.type === 'linechart' || vis.type === 'scatterchart' || vis.type === 'areachart')
        ? 'number'
        : 'category'
  const rows = cols[0]?.length ?? 0
  const xKey = (r: number): number | string | undefined => {
    const v = cols[xi]?.[r]
    if (kind === 'time') return typeof v === 'string' ? wireTimeMs(v) : undefined
    if (kind === 'number') return yValue(v) ?? undefined
    return label(v)
  }
  // x positions: sorted for time and numbers, first-seen order for categories.
  const xs: (number | string)[] = []
  const xAt = new Map<number | string, number>()
  for (let r = 0; r < rows; r++) {
    const x = xKey(r)
    if (x !== undefined && !xAt.has(x)) {
      xAt.set(x, xs.length)
      xs.push(x)
    }
  }
  if (kind !== 'category') {
    xs.sort((a, b) => (a as number) - (b as number))
    for (const [i, x] of xs.entries()) xAt.set(x, i)
  }
  const byName = new Map<string, (number | null)[]>()
  for (let r = 0; r < rows; r++) {
    const x = xKey(r)
    if (x === undefined) continue
    const key = seriesIdx.map((i) => label(cols[i]?.[r])).join(', ')
    for (const yi of yIdx) {
      const name = key === '' ? t.fields[yi].name : yIdx.length === 1 ? key : `${key}: ${t.fields[yi].name}`
      let values = byName.get(name)
      if (values === undefined) {
        values = new Array<number | null>(xs.length).fill(null)
        byName.set(name, values)
      }
      const y = yValue(cols[yi]?.[r])
      const at = xAt.get(x) as number
      if (y !== null) values[at] = (values[at] ?? 0) + y
    }
  }
  let series: ChartSeries[] = [...byName].map(([name, values]) => ({ name, values }))
  if (vis.accumulate === true) series = series.map(accumulate)
  const capped = capSeries(series, vis.type === 'piechart' ? Number.POSITIVE_INFINITY : maxSeries)
  const stackable = vis.type === 'areachart' || vis.type === 'barchart' || vis.type === 'columnchart'
  return {
    type: vis.type,
    ...(vis.title !== undefined ? { title: vis.title } : {}),
    xtitle: vis.xtitle ?? xField.name,
    ytitle: vis.ytitle ?? (yIdx.length === 1 ? t.fields[yIdx[0]].name : ''),
    x: { name: xField.name, kind, values: xs },
    series: capped.series,
    hiddenSeries: capped.hidden,
    stacked: stackable && (vis.kind === 'stacked' || vis.kind === 'stacked100'),
    percent: stackable && vis.kind === 'stacked100',
    legend: vis.legend !== 'hidden',
    ylog: vis.yaxis === 'log',
    ...(vis.ymin !== undefined ? { ymin: vis.ymin } : {}),
    ...(vis.ymax !== undefined ? { ymax: vis.ymax } : {}),
  }
}

function defaultX(t: ChartTable, timeFirst: boolean): number {
  if (timeFirst) {
    const time = t.fields.findIndex((f) => isTime(f.type))
    if (time >= 0) return time
  }
  return t.fields.length > 0 ? 0 : -1
}

function accumulate(s: ChartSeries): ChartSeries {
  let sum = 0
  const values = s.values.map((v) => {
    if (v === null) return null
    sum += v
    return sum
  })
  return { name: s.name, values }
}
