// cli/query-options.ts: the options `query`, `explain` and the shell share: where the APL comes from
// (argument, `-` for stdin, `--file`), the window (checked here, so errors name the flags), the
// row limit, the format and the chart switches.

import { readFile } from 'node:fs/promises'
import * as path from 'node:path'
import { parseTimeBound } from '../util/time/relative.ts'
import { choiceOpt, type OptionDef, type OptionValues, stringOpt } from './command.ts'
import { CliError, UsageError } from './errors.ts'
import type { CliIo } from './io.ts'
import type { Window } from './query-pages.ts'
import { QUERY_FORMATS, type QueryFormat } from './result-formats.ts'
import { TIME_OPTIONS } from './time-options.ts'

/** `--file`. */
export const FILE_OPTION: Readonly<Record<string, OptionDef>> = {
  file: { type: 'string', value: 'FILE', description: 'read the query from FILE (e.g. query.apl)' },
}

/** The output options of `query`. */
export const OUTPUT_OPTIONS: Readonly<Record<string, OptionDef>> = {
  format: {
    type: 'string',
    short: 'f',
    value: 'FORMAT',
    description: 'table (default), json, ndjson, csv, tsv, markdown or vertical',
  },
  limit: {
    type: 'string',
    short: 'n',
    value: 'N',
    description: 'at most N rows (default: the server default, 1,000 events); 0 = all, streamed',
  },
  header: { type: 'boolean', description: 'header row in table, csv, tsv, markdown (--no-header drops it)' },
  output: {
    type: 'string',
    short: 'o',
    value: 'FILE',
    description: 'write the result to FILE instead of stdout',
  },
  chart: {
    type: 'boolean',
    description: 'draw render and time-bucketed results as a chart (default: on a terminal; --no-chart)',
  },
  bar: {
    type: 'string',
    multiple: true,
    value: 'FIELD',
    description: 'add a bar() column of FIELD to the table',
  },
  footer: { type: 'boolean', description: 'the stats line on stderr (default on; --no-footer)' },
}

/** The query text: the argument (`-`: stdin) or `--file`, exactly one of them. */
export async function queryText(
  values: OptionValues,
  positionals: readonly string[],
  io: CliIo,
  command: string,
): Promise<string> {
  const file = stringOpt(values, 'file')
  const arg = positionals[0]
  if (file !== undefined && arg !== undefined) {
    throw new UsageError('give the query as an argument or with --file, not both', command)
  }
  if (file === undefined && arg === undefined) {
    throw new UsageError(`missing query: apldb ${command} '<apl>' (or --file FILE, or - for stdin)`, command)
  }
  let text: string
  if (file !== undefined) {
    text = await readFile(path.resolve(io.cwd, file), 'utf8').catch((e: NodeJS.ErrnoException) => {
      throw new CliError(`cannot read --file ${file}: ${e.code === 'ENOENT' ? 'no such file' : e.message}`)
    })
  } else if (arg === '-') {
    const { readAllText } = await import('./read-input.ts')
    text = await readAllText(io.stdin)
  } else text = arg as string
  if (text.trim() === '') throw new UsageError('the query is empty', command)
  return text
}

/** `--start`/`--end`, checked: RFC 3339 or `now`-relative. */
export function checkedWindow(values: OptionValues, command: string): Window {
  const out: { startTime?: string; endTime?: string } = {}
  for (const [flag, key] of [
    ['start', 'startTime'],
    ['end', 'endTime'],
  ] as const) {
    const v = stringOpt(values, flag)
    if (v === undefined) continue
    if (parseTimeBound(v, 0n) === null) {
      throw new UsageError(
        `--${flag} must be an RFC 3339 time (2026-01-02T15:04:05Z) or now-relative (now, now-1h, now-7d); got ${JSON.stringify(v)}`,
        command,
      )
    }
    out[key] = v
  }
  return out
}

/** `--limit`: undefined (the default cap), a count, or Infinity for 0. */
export function limitOpt(values: OptionValues, command: string): number | undefined {
  const raw = stringOpt(values, 'limit')
  if (raw === undefined) return undefined
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    throw new UsageError(`--limit must be a whole number (0 = all rows), got ${JSON.stringify(raw)}`, command)
  }
  return Number(raw) === 0 ? Number.POSITIVE_INFINITY : Number(raw)
}

/** `--format`, case-insensitive. */
export function formatOpt(values: OptionValues, command: string): QueryFormat {
  return choiceOpt<QueryFormat>(values, 'format', QUERY_FORMATS, 'table', command)
}

export { TIME_OPTIONS }
