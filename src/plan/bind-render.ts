// plan/bind-render.ts: binds `render` (Kusto's render operator): the visualization must be one the
// console and the terminal draw, each property must be one of Kusto's with a value of its form, and
// named columns must exist (y columns numeric). The rows pass through; the hint rides on the node.

import type { AplType } from '../catalog/index.ts'
import { suggest } from '../diagnostics/suggest.ts'
import type { BracketName, Literal, Name, Render, RenderProperty } from '../syntax/ast.ts'
import type { BindContext } from './bind-context.ts'
import { findColumn, type RowSchema } from './columns.ts'
import { type LogicalNode, logical } from './logical.ts'
import { unknownField } from './names.ts'
import {
  KINDS,
  RENDER_PROPERTIES,
  UNSUPPORTED_VISUALIZATIONS,
  VISUALIZATIONS,
  type Visualization,
  type VisualizationType,
} from './visualization.ts'

/** Types a y column may have: numbers (mixed and dynamic columns are tested per value by readers). */
const Y_TYPES: ReadonlySet<AplType> = new Set(['long', 'real', 'timespan', 'dynamic', 'unknown'])

type Value = Name | BracketName | Literal

/** `render`: a Render node over `input` carrying the bound visualization. */
export function bindRender(op: Render, input: LogicalNode, ctx: BindContext): LogicalNode {
  const type = visualizationType(op.visualization, ctx)
  const out: Record<string, unknown> = { type }
  const seen = new Set<string>()
  for (const p of op.properties) {
    const name = p.name.name
    const form = Object.hasOwn(RENDER_PROPERTIES, name) ? RENDER_PROPERTIES[name] : undefined
    if (form === undefined || (name === 'kind' && KINDS[type] === undefined)) {
      const names = Object.keys(RENDER_PROPERTIES).filter((n) => n !== 'kind' || KINDS[type] !== undefined)
      ctx.fail('APL0326', p.name.span, { name, visualization: type, suggestion: suggest(name, names) })
    }
    if (seen.has(name)) invalid(p, `property \`${name}\` is given twice`, ctx)
    seen.add(name)
    if (form.kind === 'columns') {
      out[name] = p.values.map((v) => column(v, name, input.schema, ctx))
      continue
    }
    if (p.values.length > 1) invalid(p, `property \`${name}\` takes one value`, ctx)
    const v = p.values[0]
    if (form.kind === 'column') out[name] = column(v, name, input.schema, ctx)
    else if (form.kind === 'word')
      out[name] = word(v, name, name === 'kind' ? (KINDS[type] ?? []) : form.words, ctx)
    else out[name] = literal(v, form.kind, name, ctx)
  }
  const visualization = out as unknown as Visualization
  return logical('Render', { schema: input.schema, span: op.span, input, visualization })
}

function visualizationType(n: Name, ctx: BindContext): VisualizationType {
  const name = n.name
  if ((VISUALIZATIONS as readonly string[]).includes(name)) return name as VisualizationType
  if (UNSUPPORTED_VISUALIZATIONS.has(name)) {
    return ctx.fail('APL0307', n.span, { feature: `visualization \`${name}\`` })
  }
  return ctx.fail('APL0325', n.span, { name, suggestion: suggest(name, VISUALIZATIONS) })
}

function invalid(p: RenderProperty | Value, reason: string, ctx: BindContext): never {
  return ctx.fail('APL0317', p.span, { operator: 'render', reason })
}

function column(v: Value, property: string, schema: RowSchema, ctx: BindContext): string {
  if (v.kind === 'Literal') return invalid(v, `property \`${property}\` takes a column name`, ctx)
  const c = findColumn(schema, v.name)
  if (c === undefined) return unknownField(v.name, v.span, schema, ctx)
  if (property === 'ycolumns' && !Y_TYPES.has(c.type)) {
    return invalid(v, `y column \`${v.name}\` is ${c.type}, not a number`, ctx)
  }
  return c.name
}

function word(v: Value, property: string, words: readonly string[], ctx: BindContext): string {
  if (v.kind === 'Name' && words.includes(v.name)) return v.name
  return invalid(v, `property \`${property}\` must be one of ${words.join(', ')}`, ctx)
}

function literal(v: Value, form: 'string' | 'number' | 'bool', property: string, ctx: BindContext) {
  const wrong = () => invalid(v, `property \`${property}\` takes a ${form} literal`, ctx)
  if (v.kind !== 'Literal' || v.value === null) return wrong()
  if (form === 'string' && v.type === 'string') return v.value
  if (form === 'bool' && v.type === 'bool') return v.value
  if (form === 'number' && (v.type === 'long' || v.type === 'real')) return Number(v.value)
  return wrong()
}
