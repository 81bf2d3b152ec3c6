// catalog/column-names.ts: default output-column names of aggregations and their de-duplication
// (decision §10.1). The single place these naming rules live; the binder calls it, nothing else names.

import type { AggregateDef } from './aggregate/define.ts'

/** What the binder knows about one aggregate argument's text. */
export interface AggArgText {
  /** The field name when the argument is a plain column reference (`['geo.city']` → `geo.city`). */
  readonly column?: string
  /** The argument's source text (constants such as percentile's p are named from it). */
  readonly text: string
}

/** The column the `| count` operator produces. */
export const COUNT_OPERATOR_COLUMN = 'count_'

/**
 * The default column of an unnamed aggregation: `count()` → `count_`; `avg(x)` → `avg_x` (dots
 * kept); `avg(toint(x))` → `avg_`; `percentile(x, 99.5)` → `percentile_x_99_5`; `arg_max(x, …)` → `x`.
 */
export function defaultAggregateColumnName(
  row: Pick<AggregateDef, 'name' | 'column'>,
  args: readonly AggArgText[],
): string {
  const rule = row.column
  if (rule.kind === 'fixed') return rule.name
  const column = args[0]?.column
  if (rule.kind === 'column') return column ?? `${rule.prefix}_`
  if (column === undefined) return `${row.name}_`
  if (rule.kind === 'firstArg') return `${row.name}_${column}`
  const constant = args[rule.argIndex]?.text.trim()
  return constant ? `${row.name}_${column}_${constant.replaceAll('.', '_')}` : `${row.name}_${column}`
}

/**
 * Makes names unique in order: the first occurrence keeps its name, later ones get the smallest
 * free numeric suffix (`count_` → `count_1`, `avg_x` → `avg_x_1`), never one another entry uses.
 */
export function dedupeColumnNames(names: readonly string[]): string[] {
  const reserved = new Set(names)
  const used = new Set<string>()
  return names.map((name) => {
    let out = name
    if (used.has(name)) {
      const sep = name.endsWith('_') ? '' : '_'
      let n = 1
      while (used.has(`${name}${sep}${n}`) || reserved.has(`${name}${sep}${n}`)) n++
      out = `${name}${sep}${n}`
    }
    used.add(out)
    return out
  })
}
