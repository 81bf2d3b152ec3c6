// cli/list-output.ts: prints a list of records (datasets, tokens) as an aligned table or as JSON,
// the two formats of the listing commands.

import { stringifyWire } from '../wire/json.ts'
import { choiceOpt, type OptionDef, type OptionValues } from './command.ts'
import { type CliIo, outputWidth } from './io.ts'
import { cellText } from './result-output.ts'
import { renderTable } from './table-format.ts'

/** `--format table|json` of the listing commands. */
export const LIST_FORMAT_OPTION: Readonly<Record<string, OptionDef>> = {
  format: { type: 'string', short: 'f', value: 'FORMAT', description: 'table (default) or json' },
}

/** One column: header and how to read it from a record. */
export interface ListColumn<T> {
  readonly header: string
  readonly cell: (row: T) => unknown
}

/** Prints `rows` in the format `values` asks for; JSON prints the records themselves. */
export function printList<T>(
  rows: readonly T[],
  columns: readonly ListColumn<T>[],
  values: OptionValues,
  command: string,
  io: CliIo,
): void {
  const format = choiceOpt(values, 'format', ['table', 'json'] as const, 'table', command)
  if (format === 'json') {
    io.stdout.write(`${stringifyWire(rows)}\n`)
    return
  }
  const layout = renderTable(
    {
      headers: columns.map((c) => c.header),
      rows: rows.map((r) => columns.map((c) => cellText(c.cell(r) as never))),
      rightAlign: columns.map(() => false),
    },
    outputWidth(io.stdout, io.env),
  )
  io.stdout.write(`${layout.lines.join('\n')}\n`)
}
