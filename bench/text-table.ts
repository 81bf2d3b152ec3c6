// bench/text-table.ts: fixed-width text tables for benchmark output: the first column left-aligned,
// the rest right-aligned, two spaces between columns. Formatting only.

/** Renders `rows` under `head` as lines; columns in `leftAligned` are padded on the right. */
export function textTable(
  head: readonly string[],
  rows: readonly (readonly string[])[],
  leftAligned: readonly number[] = [0],
): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)))
  const line = (cells: readonly string[]) =>
    widths
      .map((w, i) => (leftAligned.includes(i) ? (cells[i] ?? '').padEnd(w) : (cells[i] ?? '').padStart(w)))
      .join('  ')
      .trimEnd()
  return [line(head), ...rows.map(line)].join('\n')
}

/** Milliseconds with a precision that suits their size. */
export function fmtMs(x: number): string {
  if (!Number.isFinite(x)) return '—'
  return x < 10 ? x.toFixed(2) : x < 100 ? x.toFixed(1) : x.toFixed(0)
}

/** An integer with thousands separators. */
export function fmtInt(x: number): string {
  return Math.round(x).toLocaleString('en-US')
}

/** Renders `rows` under `head` as a GitHub markdown table (the first column left-aligned). */
export function markdownTable(head: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`
  const rule = `| ${head.map((_, i) => (i === 0 ? '---' : '--:')).join(' | ')} |`
  return [line(head), rule, ...rows.map(line)].join('\n')
}
