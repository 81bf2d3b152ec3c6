// cli/shell/session.ts: the interactive shell's loop: prompts (`apldb> `, `   ...> ` while a query
// continues), a history file, tab completion, dot commands, and each query printed as `apldb query`
// prints it. Ctrl-C drops the query being typed; Ctrl-D or .quit leaves.

import { appendFileSync, existsSync, readFileSync } from 'node:fs'
import * as readline from 'node:readline'
import type { ExplainReport } from '../../query/explain.ts'
import { aplFailure } from '../apl-failure.ts'
import { explainText } from '../commands/explain.ts'
import { CliError } from '../errors.ts'
import { footerLine } from '../footer.ts'
import { type CliIo, outputWidth } from '../io.ts'
import type { OutSink } from '../out-sink.ts'
import type { RunRequest, Window } from '../query-pages.ts'
import { printQuery } from '../query-print.ts'
import { shellCompleter } from './completer.ts'
import { inputComplete, queryOf } from './input-complete.ts'
import { type MetaContext, runMeta, type ShellSettings } from './meta-commands.ts'

/** What the shell runs against: an open store or a server. */
export interface ShellBackend {
  readonly run: RunRequest
  datasets(): Promise<readonly string[]>
  fields(dataset: string): Promise<readonly { name: string; type: string }[]>
  explain(apl: string, window: Window): Promise<ExplainReport>
}

const PROMPT = 'apldb> '
const MORE = '   ...> '
/** History entries kept in the file. */
const HISTORY_SIZE = 1000

function loadHistory(file: string): string[] {
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).slice(-HISTORY_SIZE).reverse()
}

/** Runs the shell until Ctrl-D or .quit; resolves to the exit code. */
export async function shellSession(
  backend: ShellBackend,
  settings: ShellSettings,
  historyFile: string,
  out: OutSink,
  io: CliIo,
): Promise<number> {
  const tty = io.stdin.isTTY === true
  const fieldCache = new Map<string, string[]>()
  let datasetNames: readonly string[] = await backend.datasets().catch(() => [])
  // Fields are fetched ahead: a completer answers synchronously.
  await Promise.all(
    datasetNames.slice(0, 50).map(async (d) => {
      fieldCache.set(
        d,
        (await backend.fields(d).catch(() => [])).map((f) => f.name),
      )
    }),
  )
  let buffer: string[] = []
  const rl = readline.createInterface({
    input: io.stdin as NodeJS.ReadableStream,
    output: io.stdout as NodeJS.WritableStream,
    terminal: tty,
    history: loadHistory(historyFile),
    historySize: HISTORY_SIZE,
    removeHistoryDuplicates: true,
    completer: shellCompleter(
      {
        datasets: () => datasetNames,
        fields: (d) => {
          if (!fieldCache.has(d)) {
            fieldCache.set(d, [])
            backend.fields(d).then(
              (f) =>
                fieldCache.set(
                  d,
                  f.map((x) => x.name),
                ),
              () => {},
            )
          }
          return fieldCache.get(d) ?? []
        },
      },
      () => buffer.join('\n'),
    ),
  })
  const prompt = (p: string) => {
    rl.setPrompt(tty ? p : '')
    if (tty) rl.prompt()
  }
  let quit = false
  rl.on('SIGINT', () => {
    buffer = []
    io.stdout.write('^C\n')
    prompt(PROMPT)
  })
  const window = (): Window => ({
    ...(settings.startTime !== undefined ? { startTime: settings.startTime } : {}),
    ...(settings.endTime !== undefined ? { endTime: settings.endTime } : {}),
  })
  const meta: MetaContext = {
    settings,
    print: (t) => io.stdout.write(t),
    datasets: async () => {
      datasetNames = await backend.datasets()
      return datasetNames
    },
    fields: (d) => backend.fields(d),
    explain: async (apl) => explainText(await backend.explain(apl, window())),
    quit: () => {
      quit = true
    },
  }
  if (tty) io.stdout.write('apldb shell: type APL, .help for commands, Ctrl-D to leave\n')
  prompt(PROMPT)
  for await (const line of rl) {
    buffer.push(line)
    const text = buffer.join('\n')
    if (!inputComplete(text)) {
      prompt(MORE)
      continue
    }
    const parts = buffer.length
    buffer = []
    if (text.trim() !== '') {
      if (!/^\.(quit|exit)\s*$/.test(text.trim())) remember(rl, text, parts, historyFile, tty)
      await handle(text.trim().startsWith('.') ? text.trim() : queryOf(text))
    }
    if (quit) break
    prompt(PROMPT)
  }
  rl.close()
  return 0

  async function handle(input: string): Promise<void> {
    const t0 = performance.now()
    try {
      if (input.startsWith('.')) return await runMeta(input, meta)
      const stats = await printQuery(
        backend.run,
        input,
        {
          format: settings.format,
          header: true,
          limit: settings.limit,
          chart: settings.chart,
          bars: [],
          window: window(),
        },
        out,
        io,
      )
      if (stats.capped) io.stderr.write(`(first ${stats.rows} rows; .limit N shows more, .limit 0 all)\n`)
      if (settings.timing) io.stderr.write(`${footerLine(stats, performance.now() - t0)}\n`)
    } catch (e) {
      const shown = aplFailure(e, input, outputWidth(io.stderr, io.env))
      const message =
        shown instanceof CliError && shown.preformatted
          ? shown.message
          : `error: ${(shown as Error).message ?? shown}`
      io.stderr.write(message.endsWith('\n') ? message : `${message}\n`)
    }
  }
}

/** One history entry per query (its lines joined), in readline's list and in the file. */
function remember(rl: readline.Interface, text: string, parts: number, file: string, tty: boolean): void {
  const entry = text.replace(/\s*\n\s*/g, ' ').trim()
  const history = (rl as unknown as { history?: string[] }).history
  if (tty && history) {
    history.splice(0, Math.min(parts, history.length))
    history.unshift(entry)
  }
  try {
    appendFileSync(file, `${entry}\n`, { mode: 0o600 })
  } catch {
    // A history file that cannot be written costs the history, not the session.
  }
}
