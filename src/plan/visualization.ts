// plan/visualization.ts: what `render` may say (Kusto's render operator: visualizations, properties
// and their values) and the bound hint a result carries. Tables only; binding is bind-render.ts.

/** Visualizations the console and the terminal draw. */
export const VISUALIZATIONS = [
  'timechart',
  'linechart',
  'areachart',
  'barchart',
  'columnchart',
  'piechart',
  'scatterchart',
] as const
/** One supported visualization. */
export type VisualizationType = (typeof VISUALIZATIONS)[number]

/** Kusto visualizations apldb does not draw (refused with APL0307, not as unknown words). */
export const UNSUPPORTED_VISUALIZATIONS: ReadonlySet<string> = new Set([
  'anomalychart',
  'card',
  'ladderchart',
  'pivotchart',
  'plotly',
  'stackedareachart',
  'table',
  'timepivot',
  'treemap',
])

/** `kind` values per visualization (Kusto's kind property); absent: `kind` is not a property of it. */
export const KINDS: Readonly<Partial<Record<VisualizationType, readonly string[]>>> = {
  areachart: ['default', 'unstacked', 'stacked', 'stacked100'],
  barchart: ['default', 'unstacked', 'stacked', 'stacked100'],
  columnchart: ['default', 'unstacked', 'stacked', 'stacked100'],
  piechart: ['map'],
  scatterchart: ['map'],
}

/** How a property's value is written. */
export type PropertyValue =
  | { readonly kind: 'string' }
  | { readonly kind: 'number' }
  | { readonly kind: 'bool' }
  | { readonly kind: 'column' }
  | { readonly kind: 'columns' }
  | { readonly kind: 'word'; readonly words: readonly string[] }

/** Every render property (Kusto's supported properties), with its value form. `kind` is checked per chart. */
export const RENDER_PROPERTIES: Readonly<Record<string, PropertyValue>> = {
  title: { kind: 'string' },
  xtitle: { kind: 'string' },
  ytitle: { kind: 'string' },
  xcolumn: { kind: 'column' },
  ycolumns: { kind: 'columns' },
  series: { kind: 'columns' },
  kind: { kind: 'word', words: [] },
  legend: { kind: 'word', words: ['visible', 'hidden'] },
  xaxis: { kind: 'word', words: ['linear', 'log'] },
  yaxis: { kind: 'word', words: ['linear', 'log'] },
  ysplit: { kind: 'word', words: ['none', 'axes', 'panels'] },
  ymin: { kind: 'number' },
  ymax: { kind: 'number' },
  accumulate: { kind: 'bool' },
}

/**
 * The chart hint of a result (the wire's top-level `visualization`): the visualization and the
 * properties the query wrote, nothing guessed. Readers pick defaults for the rest (src/chart).
 */
export interface Visualization {
  readonly type: VisualizationType
  readonly title?: string
  readonly xtitle?: string
  readonly ytitle?: string
  readonly xcolumn?: string
  readonly ycolumns?: readonly string[]
  readonly series?: readonly string[]
  readonly kind?: string
  readonly legend?: 'visible' | 'hidden'
  readonly xaxis?: 'linear' | 'log'
  readonly yaxis?: 'linear' | 'log'
  readonly ysplit?: 'none' | 'axes' | 'panels'
  readonly ymin?: number
  readonly ymax?: number
  readonly accumulate?: boolean
}

/** `timechart with (title="requests", ycolumns=[a, b])`: the hint as explain prints it (stable key order). */
export function formatVisualization(v: Visualization): string {
  const props = Object.entries(v)
    .filter(([k]) => k !== 'type')
    .map(([k, value]) => {
      const text = Array.isArray(value)
        ? `[${value.join(', ')}]`
        : typeof value === 'string' && (k.endsWith('title') || k === 'xcolumn')
          ? JSON.stringify(value)
          : String(value)
      return `${k}=${text}`
    })
  return props.length === 0 ? v.type : `${v.type} with (${props.join(', ')})`
}
