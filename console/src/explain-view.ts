// console/src/explain-view.ts: the explain report (POST /v1/datasets/_apl/explain): block and row
// figures, then the logical plan before and after the optimizer and the physical operators.

/** The report as the API returns it (src/query/explain.ts). */
export interface ExplainReport {
  readonly logical: string
  readonly optimized: string
  readonly physical: string
  readonly blocks: {
    readonly total: number
    readonly pruned: number
    readonly examined: number
    readonly fromStats: number
  }
  readonly rows: { readonly examined: number; readonly matched: number }
}

/** The report as an element. */
export function explainView(r: ExplainReport): HTMLElement {
  const root = document.createElement('div')
  root.className = 'explain'
  const facts = document.createElement('p')
  facts.textContent = `blocks: ${r.blocks.total} in the window's datasets, ${r.blocks.pruned} pruned, ${r.blocks.examined} examined (${r.blocks.fromStats} from zone-map stats) · rows: ${r.rows.examined} examined, ${r.rows.matched} matched`
  root.append(facts)
  for (const [title, text] of [
    ['Logical plan', r.logical],
    ['Optimized', r.optimized],
    ['Physical operators', r.physical],
  ] as const) {
    const h = document.createElement('h3')
    h.textContent = title
    const pre = document.createElement('pre')
    pre.textContent = text
    root.append(h, pre)
  }
  return root
}
