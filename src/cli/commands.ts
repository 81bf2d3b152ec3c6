// cli/commands.ts: the table of `apldb` commands (one file each under commands/) and how argv words
// select one: `query …`, `tokens create …`; `datasets` alone means `datasets list`.

import type { CommandDef } from './command.ts'
import { datasetsCreateCommand, datasetsListCommand } from './commands/datasets.ts'
import {
  datasetsDeleteCommand,
  datasetsFieldsCommand,
  datasetsInfoCommand,
} from './commands/datasets-more.ts'
import { deleteCommand } from './commands/delete.ts'
import { explainCommand } from './commands/explain.ts'
import { ingestCommand } from './commands/ingest.ts'
import { migrateCommand } from './commands/migrate.ts'
import { monitorsCreateCommand, monitorsHistoryCommand, monitorsListCommand } from './commands/monitors.ts'
import { queryCommand } from './commands/query.ts'
import { serveCommand } from './commands/serve.ts'
import { shellCommand } from './commands/shell.ts'
import { tokensCreateCommand, tokensListCommand } from './commands/tokens.ts'
import { tokensDeleteCommand, tokensRegenerateCommand } from './commands/tokens-more.ts'
import { UsageError } from './errors.ts'

/** Every command, in help order, keyed by its words. */
export const COMMANDS: readonly CommandDef[] = [
  serveCommand,
  shellCommand,
  queryCommand,
  explainCommand,
  ingestCommand,
  deleteCommand,
  datasetsListCommand,
  datasetsInfoCommand,
  datasetsFieldsCommand,
  datasetsCreateCommand,
  datasetsDeleteCommand,
  tokensCreateCommand,
  tokensListCommand,
  tokensDeleteCommand,
  tokensRegenerateCommand,
  monitorsListCommand,
  monitorsCreateCommand,
  monitorsHistoryCommand,
  migrateCommand,
]

/** Groups whose sub-command may be left out, and the one it then means. */
const DEFAULT_SUB: Readonly<Record<string, string>> = { datasets: 'list', monitors: 'list' }

/** What argv selects: a command (and how many words named it), or the help of a command group. */
export type Selection = { readonly def: CommandDef; readonly words: number } | { readonly groupHelp: string }

/** The command `argv` selects; unknown words are a usage error. */
export function findCommand(argv: readonly string[]): Selection {
  const [first, second] = argv
  const single = COMMANDS.find((c) => c.name === first)
  if (single) return { def: single, words: 1 }
  const group = COMMANDS.filter((c) => c.name.startsWith(`${first} `))
  if (group.length === 0) throw new UsageError(`unknown command ${JSON.stringify(first)}`)
  const sub = group.find((c) => c.name === `${first} ${second}`)
  if (sub) return { def: sub, words: 2 }
  if (second === '--help' || second === '-h') return { groupHelp: groupHelp(first, group) }
  const fallback = DEFAULT_SUB[first]
  const def = fallback === undefined ? undefined : group.find((c) => c.name === `${first} ${fallback}`)
  if (def && (second === undefined || second.startsWith('-'))) return { def, words: 1 }
  const subs = group.map((c) => c.name.split(' ')[1]).join(', ')
  if (second === undefined) throw new UsageError(`\`apldb ${first}\` needs a sub-command: ${subs}`)
  throw new UsageError(`unknown sub-command ${JSON.stringify(second)} of \`apldb ${first}\` (try: ${subs})`)
}

function groupHelp(name: string, group: readonly CommandDef[]): string {
  const pad = Math.max(...group.map((c) => c.name.length)) + 2
  return [
    `Usage: apldb ${name} <sub-command> [options]`,
    '',
    ...group.map((c) => `  ${c.name.padEnd(pad)}${c.summary}`),
    '',
    `See \`apldb ${name} <sub-command> --help\`.`,
    '',
  ].join('\n')
}

/** `apldb --help`. */
export function topLevelHelp(): string {
  const pad = Math.max(...COMMANDS.map((c) => c.name.length)) + 2
  return [
    "apldb: an embeddable event store with APL queries, served with Axiom's HTTP API",
    '',
    'Usage: apldb [<command>] [options]   (no command: the interactive shell)',
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(pad)}${c.summary}`),
    '',
    'Every command takes --help (or: apldb help COMMAND). A store is a directory (--data DIR, $APLDB_DATA, default ./apldb-data)',
    'or a running server (--url URL --token TOKEN, $APLDB_URL, $APLDB_TOKEN).',
    'Exit codes: 0 ok, 1 runtime error, 2 usage error. APLDB_DEBUG=1 prints stacks of errors.',
    '',
  ].join('\n')
}
