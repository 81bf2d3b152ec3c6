// console/src/completion.ts: completion for the APL editor: tabular operators after `|`, functions
// and aggregations, the current dataset's fields (bracketed when they need it), dataset names inside
// `['…`, render's visualizations and properties.

import type {
  Completion,
  CompletionContext,
  CompletionResult,
  CompletionSource,
} from '@codemirror/autocomplete'
import catalog from 'apl-catalog'

/** What completion needs to know about the store right now. */
export interface CompletionData {
  datasets(): readonly string[]
  fields(): readonly { name: string; type: string }[]
}

const OPERATORS: Completion[] = catalog.operators.map((o) => ({
  label: o.name,
  type: 'keyword',
  detail: o.detail,
  info: o.info,
  boost: o.name === 'where' || o.name === 'summarize' ? 2 : 0,
}))
const FUNCTIONS: Completion[] = catalog.functions.map((f) => ({
  label: f.name,
  type: f.kind === 'aggregation' ? 'method' : 'function',
  detail: f.detail,
  info: f.info,
  apply: `${f.name}(`,
}))
const VISUALIZATIONS: Completion[] = catalog.visualizations.map((v) => ({ label: v, type: 'enum' }))

const plainName = (s: string) => /^[A-Za-z_][A-Za-z0-9_]*$/.test(s)

/** The completion source over `data`. */
export function aplCompletion(data: CompletionData): CompletionSource {
  return (ctx: CompletionContext): CompletionResult | null => {
    const dataset = ctx.matchBefore(/\[\s*['"][^'"\]]*$/)
    if (dataset) {
      const quote = dataset.text.match(/['"]/)?.[0] ?? "'"
      const from = dataset.from + dataset.text.indexOf(quote) + 1
      return {
        from,
        options: data.datasets().map((d) => ({ label: d, type: 'class', apply: `${d}${quote}]` })),
      }
    }
    const word = ctx.matchBefore(/[A-Za-z_][\w-]*$/)
    if (!word && !ctx.explicit) return null
    const from = word?.from ?? ctx.pos
    const before = ctx.state.sliceDoc(Math.max(0, from - 200), from)
    if (/\|\s*$/.test(before)) return { from, options: OPERATORS, validFor: /^[\w-]*$/ }
    if (/\|\s*render\s+$/.test(before)) return { from, options: VISUALIZATIONS }
    const fields: Completion[] = data.fields().map((f) => ({
      label: f.name,
      type: 'property',
      detail: f.type,
      apply: plainName(f.name) ? f.name : `['${f.name.replace(/'/g, "\\'")}']`,
      boost: 1,
    }))
    return { from, options: [...fields, ...FUNCTIONS], validFor: /^\w*$/ }
  }
}
