// console/src/results-table.ts: the result table: only the visible rows are in the DOM (fixed row
// height, a spacer for the rest), columns sortable by clicking their header, null shown apart from
// the empty string, and each cell's full value (every digit) in its tooltip.

/** A result table as the wire sends it. */
export interface WireTable {
  readonly name: string
  readonly fields: readonly { readonly name: string; readonly type: string }[]
  readonly columns?: readonly (readonly unknown[])[]
}

const ROW_HEIGHT = 24
const OVERSCAN = 10

/** The text of a cell at full precision (what the tooltip shows). */
export function fullText(v: unknown): string {
  if (v === null || v === undefined) return 'null'
  if (typeof v === 'string') return v
  if (typeof v === 'bigint' || typeof v === 'number' || typeof v === 'boolean') return String(v)
  return JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? x.toString() : x))
}

/** The text of a cell as shown: reals rounded to 6 significant digits. */
function shortText(v: unknown): string {
  if (typeof v === 'number' && !Number.isInteger(v)) return String(Number(v.toPrecision(6)))
  return fullText(v)
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0
  if (a === null || a === undefined) return 1
  if (b === null || b === undefined) return -1
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) {
    return a < b ? -1 : a > b ? 1 : 0
  }
  const x = fullText(a)
  const y = fullText(b)
  return x < y ? -1 : x > y ? 1 : 0
}

/** Renders `t` into a new element (see module header). */
export function resultsTable(t: WireTable): HTMLElement {
  const cols = t.columns ?? []
  const n = cols[0]?.length ?? 0
  let order = Array.from({ length: n }, (_, i) => i)
  let sortBy: { col: number; desc: boolean } | undefined
  const root = document.createElement('div')
  root.className = 'results-table'
  root.setAttribute('role', 'table')
  // One width per column for the header and every row: the widest of the header and the first rows.
  const template = t.fields
    .map((f, c) => {
      let w = f.name.length + 2
      for (let r = 0; r < Math.min(n, 200); r++) w = Math.max(w, shortText(cols[c]?.[r]).length)
      return `${Math.min(48, w) + 2}ch`
    })
    .join(' ')
  const head = document.createElement('div')
  head.className = 'rt-head'
  head.style.gridTemplateColumns = template
  const viewport = document.createElement('div')
  viewport.className = 'rt-viewport'
  const spacer = document.createElement('div')
  spacer.className = 'rt-spacer'
  spacer.style.height = `${n * ROW_HEIGHT}px`
  const body = document.createElement('div')
  body.className = 'rt-body'
  spacer.append(body)
  viewport.append(spacer)
  const headers = t.fields.map((f, c) => {
    const h = document.createElement('button')
    h.type = 'button'
    h.className = 'rt-th'
    h.setAttribute('role', 'columnheader')
    h.title = `${f.name}: ${f.type} (click to sort)`
    h.textContent = f.name
    h.addEventListener('click', () => {
      sortBy = sortBy?.col === c ? { col: c, desc: !sortBy.desc } : { col: c, desc: false }
      const col = cols[c] ?? []
      const dir = sortBy.desc ? -1 : 1
      order = Array.from({ length: n }, (_, i) => i).sort((a, b) => dir * compare(col[a], col[b]) || a - b)
      for (const [i, x] of headers.entries()) {
        x.setAttribute('aria-sort', i === c ? (dir > 0 ? 'ascending' : 'descending') : 'none')
      }
      draw(true)
    })
    return h
  })
  head.append(...headers)
  let drawn = ''
  const draw = (force = false) => {
    const first = Math.max(0, Math.floor(viewport.scrollTop / ROW_HEIGHT) - OVERSCAN)
    const last = Math.min(n, Math.ceil((viewport.scrollTop + viewport.clientHeight) / ROW_HEIGHT) + OVERSCAN)
    const key = `${first}:${last}`
    if (!force && key === drawn) return
    drawn = key
    body.style.transform = `translateY(${first * ROW_HEIGHT}px)`
    const rows: HTMLElement[] = []
    for (let i = first; i < last; i++) {
      const r = order[i]
      const row = document.createElement('div')
      row.className = 'rt-row'
      row.setAttribute('role', 'row')
      row.style.gridTemplateColumns = template
      for (let c = 0; c < t.fields.length; c++) {
        const v = cols[c]?.[r]
        const cell = document.createElement('div')
        cell.setAttribute('role', 'cell')
        cell.className = 'rt-td'
        if (v === null || v === undefined) {
          cell.classList.add('null')
          cell.textContent = 'null'
        } else if (v === '') {
          cell.classList.add('empty')
          cell.textContent = '""'
          cell.title = 'empty string'
        } else {
          if (typeof v === 'number' || typeof v === 'bigint') cell.classList.add('num')
          cell.textContent = shortText(v)
          cell.title = fullText(v)
        }
        row.append(cell)
      }
      rows.push(row)
    }
    body.replaceChildren(...rows)
  }
  viewport.addEventListener('scroll', () => draw())
  // Header and rows scroll sideways together.
  viewport.addEventListener('scroll', () => {
    head.scrollLeft = viewport.scrollLeft
  })
  root.append(head, viewport)
  requestAnimationFrame(() => draw(true))
  new ResizeObserver(() => draw()).observe(viewport)
  root.dataset.rows = String(n)
  return root
}
