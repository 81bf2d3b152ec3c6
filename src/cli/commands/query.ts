// cli/commands/query.ts: `apldb query '<apl>'`: runs APL against a store directory or a server and
// prints it (query-print.ts): a table fitted to the terminal or a chart, JSON, NDJSON, CSV, TSV,
// Markdown or vertical; exports stream page by page. APL errors show the query with a caret.

import { aplFailure } from '../apl-failure.ts'
import { type CommandDef, listOpt, stringOpt } from '../command.ts'
import { footerLine } from '../footer.ts'
import { outputWidth } from '../io.ts'
import { openSink } from '../out-sink.ts'
import {
  checkedWindow,
  FILE_OPTION,
  formatOpt,
  limitOpt,
  OUTPUT_OPTIONS,
  queryText,
  TIME_OPTIONS,
} from '../query-options.ts'
import { type PrintSettings, printQuery } from '../query-print.ts'
import { embeddedRunner, remoteRunner } from '../query-target.ts'
import { resolveTarget, TARGET_OPTIONS, withStore } from '../target.ts'

/** `apldb query`. */
export const queryCommand: CommandDef = {
  name: 'query',
  summary: 'run an APL query and print the result',
  usage: "query '<apl>' | --file FILE | - [options]",
  details: [
    'Runs against a store directory (embedded; the directory must not be open in a server) or a',
    'server (--url, --token). Use - as the query to read it from stdin. On a terminal the table fits',
    'the width, and results of `render` and of a summarize by bin(_time, …) draw as a chart',
    '(--no-chart for the table). A query of rows (one dataset, where/extend/project…) streams page',
    'by page, so `--limit 0 --format ndjson` exports everything with flat memory. The footer (rows,',
    'blocks examined and pruned, wall time) goes to stderr.',
    '',
    'Examples:',
    '  apldb query "[\'sample-http-logs\'] | summarize count() by bin(_time, 1h), status" --start now-1d',
    '  apldb query --file top-uris.apl --format markdown -o report.md',
    "  apldb query \"['http-logs'] | where status == '500'\" --limit 0 -f ndjson --url http://127.0.0.1:3000 --token xaat-…",
  ].join('\n'),
  options: { ...TIME_OPTIONS, ...OUTPUT_OPTIONS, ...FILE_OPTION, ...TARGET_OPTIONS },
  positionals: { min: 0, max: 1 },
  async run({ values, positionals }, io) {
    const format = formatOpt(values, 'query')
    const settings: PrintSettings = {
      format,
      header: values.header !== false,
      limit: limitOpt(values, 'query'),
      chart: values.chart === true ? 'on' : values.chart === false ? 'off' : 'auto',
      bars: listOpt(values, 'bar'),
      window: checkedWindow(values, 'query'),
    }
    const target = resolveTarget(values, io, 'query')
    const apl = await queryText(values, positionals, io, 'query')
    const out = await openSink(stringOpt(values, 'output'), io)
    try {
      const stats = await (async () => {
        try {
          return target.kind === 'embedded'
            ? await withStore(target.dir, true, (db) =>
                printQuery(embeddedRunner(db), apl, settings, out, io),
              )
            : await printQuery(remoteRunner(target.client), apl, settings, out, io)
        } catch (e) {
          throw aplFailure(e, apl, outputWidth(io.stderr, io.env))
        }
      })()
      // JSON carries the messages itself; the other formats would lose them.
      if (format !== 'json') for (const m of stats.messages) io.stderr.write(`${m.priority}: ${m.msg}\n`)
      if (stats.capped) {
        io.stderr.write(
          `apldb: showing the first ${stats.rows} rows; --limit N shows more (--limit 0: all rows)\n`,
        )
      }
      if (values.footer !== false) io.stderr.write(`${footerLine(stats, performance.now())}\n`)
    } finally {
      await out.close()
    }
    return 0
  },
}
