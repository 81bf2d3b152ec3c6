// cli/commands/query.ts: `apldb query '<apl>'`: runs APL against a store directory or a server and
// prints a table fitted to the terminal, JSON, NDJSON or CSV. APL errors show the query with a caret.

import type { TabularResponse } from '../../exec/format/types.ts'
import { parseJsonExact } from '../../util/json-exact.ts'
import { aplFailure } from '../apl-failure.ts'
import { type CommandDef, choiceOpt } from '../command.ts'
import { countOf } from '../human.ts'
import { type CliIo, outputWidth } from '../io.ts'
import { readAllText } from '../read-input.ts'
import { formatResponse, QUERY_FORMATS, type QueryFormat, resultTables, rowCount } from '../result-output.ts'
import { resolveTarget, TARGET_OPTIONS, type Target, withStore } from '../target.ts'
import { TIME_OPTIONS, timeWindow } from '../time-options.ts'

type Window = { startTime?: string; endTime?: string }

/** `apldb query`. */
export const queryCommand: CommandDef = {
  name: 'query',
  summary: 'run an APL query and print the result',
  usage: "query '<apl>' [options]",
  details: [
    'Runs against a store directory (embedded; the directory must not be open in a server) or a',
    'server (--url, --token). Use - as the query to read it from stdin. The table fits the terminal',
    'width ($COLUMNS when not a terminal); the footer (rows, time) goes to stderr.',
    '',
    'Examples:',
    '  apldb query "[\'sample-http-logs\'] | summarize count() by status" --start now-1d',
    '  apldb query "[\'http-logs\'] | take 100" --format ndjson --url http://127.0.0.1:3000 --token xaat-…',
  ].join('\n'),
  options: {
    ...TIME_OPTIONS,
    format: {
      type: 'string',
      short: 'f',
      value: 'FORMAT',
      description: 'table (default), json, ndjson or csv',
    },
    ...TARGET_OPTIONS,
  },
  positionals: { min: 1, max: 1 },
  async run({ values, positionals }, io) {
    const format = choiceOpt<QueryFormat>(values, 'format', QUERY_FORMATS, 'table', 'query')
    const target = resolveTarget(values, io, 'query')
    const apl = positionals[0] === '-' ? await readAllText(io.stdin) : positionals[0]
    const width = outputWidth(io.stdout, io.env)
    const window = timeWindow(values)
    let answer: { response: TabularResponse; text?: string }
    try {
      answer = await runQuery(target, apl, window)
    } catch (e) {
      throw aplFailure(e, apl, outputWidth(io.stderr, io.env))
    }
    // A server's JSON goes out byte for byte; the engine's is serialized exactly (bigints as digits).
    io.stdout.write(
      format === 'json' && answer.text !== undefined
        ? `${answer.text.trimEnd()}\n`
        : formatResponse(answer.response, format, width),
    )
    if (format === 'table') footer(answer.response, io)
    // JSON carries the messages itself; the other formats would lose them.
    if (format !== 'json')
      for (const m of answer.response.status?.messages ?? []) io.stderr.write(`${m.priority}: ${m.msg}\n`)
    return 0
  },
}

async function runQuery(
  target: Target,
  apl: string,
  window: Window,
): Promise<{ response: TabularResponse; text?: string }> {
  if (target.kind === 'embedded') {
    return withStore(target.dir, true, async (db) => ({
      response: (await db.query(apl, window)) as TabularResponse,
    }))
  }
  const text = await target.client.text('POST', '/v1/datasets/_apl?format=tabular', {
    json: { apl, ...window },
  })
  return { response: parseJsonExact(text) as TabularResponse, text }
}

function footer(res: TabularResponse, io: CliIo): void {
  const rows = resultTables(res).reduce((n, t) => n + rowCount(t), 0)
  const ms =
    typeof res.status?.elapsedTime === 'number' ? ` in ${(res.status.elapsedTime / 1000).toFixed(1)} ms` : ''
  io.stderr.write(`${countOf(rows, 'row')}${ms}\n`)
}
