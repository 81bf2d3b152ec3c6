// cli/query-print.ts: prints one APL query's result in a format: streamed formats page by page,
// JSON whole, the human formats (table, markdown, vertical) once all rows are in, time series oldest
// first, with a terminal chart for `render` and time-bucketed results. Shared by `query` and the shell.

import { buildChart, chartFor } from '../chart/chart-model.ts'
import type { Visualization } from '../plan/visualization.ts'
import type { TabularResponse, WireMessage, WireTable } from '../wire/index.ts'
import { stringifyWire } from '../wire/json.ts'
import { withBars } from './bar-column.ts'
import { TERMINAL_MAX_SERIES, termChart } from './chart/term-chart.ts'
import { type CliIo, outputWidth } from './io.ts'
import type { OutSink } from './out-sink.ts'
import { queryPages, type RunRequest, type Window } from './query-pages.ts'
import {
  csvRows,
  markdownText,
  ndjsonRows,
  type QueryFormat,
  tsvText,
  verticalText,
} from './result-formats.ts'
import { resultTables, rowCount, tableText } from './result-output.ts'
import { oldestFirst } from './time-series-order.ts'

/** How to print a query. */
export interface PrintSettings {
  readonly format: QueryFormat
  readonly header: boolean
  /** Rows in all: undefined = the engine's default cap, Infinity = every row. */
  readonly limit: number | undefined
  /** Draw a chart instead of the table: on, off, or when the output is a terminal. */
  readonly chart: 'on' | 'off' | 'auto'
  /** Fields that get a `bar()` column in the table format. */
  readonly bars: readonly string[]
  readonly window: Window
}

/** What the footer reports. */
export interface PrintedStats {
  rows: number
  rowsExamined: number
  blocksExamined: number
  /** Unknown for servers that do not send it. */
  blocksPruned: number | undefined
  /** True when rows were left out by a row cap. */
  capped: boolean
  messages: WireMessage[]
}

/** Prints the result of `apl` to `out` (see module header). */
export async function printQuery(
  run: RunRequest,
  apl: string,
  s: PrintSettings,
  out: OutSink,
  io: CliIo,
): Promise<PrintedStats> {
  const stats: PrintedStats = {
    rows: 0,
    rowsExamined: 0,
    blocksExamined: 0,
    blocksPruned: 0,
    capped: false,
    messages: [],
  }
  const collected: WireTable[] = []
  let first: TabularResponse | undefined
  let json: string | undefined
  let pageNo = 0
  // JSON is the whole response of one request.
  const limit = s.format === 'json' && s.limit === Number.POSITIVE_INFINITY ? 50_000 : s.limit
  for await (const page of queryPages(run, apl, s.window, limit)) {
    const r = page.response
    first ??= r
    stats.rowsExamined += r.status?.rowsExamined ?? 0
    stats.blocksExamined += r.status?.blocksExamined ?? 0
    stats.blocksPruned =
      page.blocksPruned === undefined || stats.blocksPruned === undefined
        ? undefined
        : stats.blocksPruned + page.blocksPruned
    stats.capped ||= page.capped
    for (const m of r.status?.messages ?? []) if (m.code !== 'default_limit_warning') stats.messages.push(m)
    const table = resultTables(r)[0]
    if (table !== undefined) stats.rows += rowCount(table)
    if (s.format === 'json') {
      json = page.text !== undefined ? `${page.text.trimEnd()}\n` : `${stringifyWire(r)}\n`
      continue
    }
    if (table === undefined) continue
    const header = s.header && pageNo++ === 0
    // The human formats need every row (column widths); pages of a streamed format are not kept.
    if (s.format === 'ndjson') await out.write(ndjsonRows(table))
    else if (s.format === 'csv') await out.write(csvRows(table, header))
    else if (s.format === 'tsv') await out.write(tsvText(table, header))
    else collected.push(table)
  }
  if (json !== undefined) await out.write(json)
  if (first === undefined || collected.length === 0) return stats
  const table = oldestFirst(concatTables(collected), apl)
  await out.write(human(table, first.visualization, s, out, io))
  // The other tables of the result (a fork or union's siblings), not `_totals`.
  for (const t of resultTables(first).slice(1))
    await out.write(`\n${human(t, undefined, { ...s, chart: 'off' }, out, io)}`)
  return stats
}

function human(
  t: WireTable,
  vis: Visualization | undefined,
  s: PrintSettings,
  out: OutSink,
  io: CliIo,
): string {
  const width = outputWidth(out.stream, io.env)
  const chartOn =
    s.chart === 'on' || (s.chart === 'auto' && out.stream.isTTY === true && s.format === 'table')
  const hint = chartOn ? chartFor(t, vis) : undefined
  const model = hint === undefined ? undefined : buildChart(t, hint, TERMINAL_MAX_SERIES)
  if (model !== undefined) {
    const rows =
      Number(io.env.LINES) > 0 ? Number(io.env.LINES) : ((out.stream as { rows?: number }).rows ?? 40)
    const height = Math.max(6, Math.min(24, Math.floor(rows / 2)))
    const colour = out.stream.isTTY === true && !io.env.NO_COLOR
    return termChart(model, { width: Number.isFinite(width) ? width : 100, height, colour })
  }
  if (s.format === 'markdown') return markdownText(t, s.header)
  if (s.format === 'vertical') return verticalText(t, s.header)
  return tableText(s.bars.length > 0 ? withBars(t, s.bars) : t, width, s.header)
}

/** The rows of several pages of one result as one table. */
function concatTables(tables: readonly WireTable[]): WireTable {
  if (tables.length === 1) return tables[0]
  const columns = tables[0].fields.map((_f, c) => tables.flatMap((t) => [...(t.columns?.[c] ?? [])]))
  return { ...tables[0], columns }
}
