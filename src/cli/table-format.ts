// cli/table-format.ts: lays out text cells as an aligned table that fits a width: columns shrink
// from the widest down (cells cut with `…`), and trailing columns are dropped only when even the
// narrowest layout does not fit. Pure: strings in, lines out.

import { displayWidth, pad, truncate } from './display-width.ts'

/** Cells already turned into display text (no control characters). */
export interface TextTable {
  readonly headers: readonly string[]
  readonly rows: readonly (readonly string[])[]
  /** Per column: right-align (numbers). */
  readonly rightAlign: readonly boolean[]
  /** Per column: cut only when nothing else helps (numbers, timestamps: a cut one misleads). */
  readonly keepWhole?: readonly boolean[]
}

/** The laid-out table and how many trailing columns did not fit. */
export interface TableLayout {
  readonly lines: string[]
  readonly hiddenColumns: number
}

const GAP = 2
/** A column is never cut below this many columns (or its natural width when smaller). */
const MIN_COLUMN = 6

const total = (ws: readonly number[]) => ws.reduce((a, b) => a + b, 0) + GAP * Math.max(0, ws.length - 1)

/**
 * Column widths that fit `width`: natural widths capped at the largest cap that fits. `keepWhole`
 * columns keep their natural width while the others can make room; then they are cut too.
 */
export function fitWidths(
  natural: readonly number[],
  width: number,
  keepWhole: readonly boolean[] = [],
): number[] {
  if (total(natural) <= width) return [...natural]
  const cuttable = natural.map((w) => Math.min(w, MIN_COLUMN))
  const whole = natural.map((w, i) => (keepWhole[i] ? w : cuttable[i]))
  const floor = total(whole) <= width ? whole : cuttable
  const capped = (cap: number) => natural.map((w, i) => Math.max(floor[i], Math.min(w, cap)))
  // Binary search the largest cap whose layout fits (total is monotone in the cap).
  let lo = 0
  let hi = Math.max(...natural)
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (total(capped(mid)) <= width) lo = mid
    else hi = mid - 1
  }
  const widths = capped(lo)
  // Hand the columns the cap left over, widest-cut first, so the table uses the whole width.
  let spare = width - total(widths)
  for (let i = 0; spare > 0 && i < widths.length; i++) {
    const give = Math.min(spare, natural[i] - widths[i])
    widths[i] += give
    spare -= give
  }
  return widths
}

/** Renders `t` in at most `width` columns per line (Infinity: natural widths). */
export function renderTable(t: TextTable, width: number): TableLayout {
  const n = t.headers.length
  const natural = t.headers.map((h, c) => {
    let w = displayWidth(h)
    for (const row of t.rows) w = Math.max(w, displayWidth(row[c] ?? ''))
    return w
  })
  let shown = n
  const minTotal = (k: number) => total(natural.slice(0, k).map((w) => Math.min(w, MIN_COLUMN)))
  while (shown > 1 && minTotal(shown) > width) shown--
  const widths = fitWidths(natural.slice(0, shown), width, t.keepWhole)
  const line = (cells: readonly string[]) =>
    widths
      .map((w, c) => pad(truncate(cells[c] ?? '', w), w, t.rightAlign[c]))
      .join(' '.repeat(GAP))
      .trimEnd()
  const lines = [line(t.headers), widths.map((w) => '-'.repeat(w)).join(' '.repeat(GAP))]
  for (const row of t.rows) lines.push(line(row))
  return { lines, hiddenColumns: n - shown }
}
