// cli/commands/delete.ts: `apldb delete --apl … --start … --end …`: block deletion (api-contract §7).
// Always previews first (what matches, how many events whole-block deletion removes), then asks
// y/N unless --yes; --dry-run stops after the preview. Declining deletes nothing and exits 1.

import { aplFailure } from '../apl-failure.ts'
import { type CommandDef, stringOpt } from '../command.ts'
import { UsageError } from '../errors.ts'
import { countOf, formatCount } from '../human.ts'
import { type CliIo, outputWidth } from '../io.ts'
import { askYesNo } from '../read-input.ts'
import { resolveTarget, TARGET_OPTIONS, withStore } from '../target.ts'
import { TIME_OPTIONS, timeWindow } from '../time-options.ts'

/** The deletion report; `rowsDeleted` counts every event of every block holding a match. */
interface DeleteReport {
  readonly dryRun: boolean
  readonly rowsMatched: number
  readonly rowsDeleted: number
  readonly blocksMatched?: number
  readonly firstMatchedEvent?: string
  readonly lastMatchedEvent?: string
  /** apldb servers: the time span of the affected blocks (what actually goes). */
  readonly firstDeletedEvent?: string
  readonly lastDeletedEvent?: string
}

/** `apldb delete`. */
export const deleteCommand: CommandDef = {
  name: 'delete',
  summary: 'delete the blocks holding events that match a query (asks first)',
  usage: "delete --apl '<apl>' --start TIME [--end TIME] [options]",
  details: [
    'Only `where` and `search` may follow the dataset. Deletion is block-granular: every event of a',
    'block holding a match goes, so "events deleted" can exceed "matching events". The preview is',
    'shown first; the deletion runs after you answer y (or with --yes). Declining exits with 1.',
    '',
    'Example:',
    "  apldb delete --apl \"['http-logs'] | where user_id == 'u-42'\" --start now-30d",
  ].join('\n'),
  options: {
    apl: { type: 'string', value: 'APL', description: 'the events to delete (required)' },
    start: { type: 'string', value: 'TIME', description: 'window start: RFC 3339 or now-30d… (required)' },
    end: TIME_OPTIONS.end,
    yes: { type: 'boolean', short: 'y', description: 'do not ask; delete after the preview' },
    'dry-run': { type: 'boolean', description: 'show the preview only' },
    ...TARGET_OPTIONS,
  },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const apl = stringOpt(values, 'apl')
    if (apl === undefined || apl.trim() === '') throw new UsageError('--apl is required', 'delete')
    if (values.yes === true && values['dry-run'] === true) {
      throw new UsageError('--yes and --dry-run contradict each other', 'delete')
    }
    if (stringOpt(values, 'start') === undefined) {
      throw new UsageError(
        '--start is required: deletion needs an explicit window (e.g. --start now-30d)',
        'delete',
      )
    }
    const target = resolveTarget(values, io, 'delete')
    // Deletion requires both bounds (api-contract §7); the end defaults to now, spelled out.
    const window = { endTime: 'now', ...timeWindow(values) }
    const width = outputWidth(io.stderr, io.env)
    // An APL error (or a server's 400) is shown with a caret under the problem.
    const guarded = async (call: () => Promise<DeleteReport>) => {
      try {
        return await call()
      } catch (e) {
        throw aplFailure(e, apl, width)
      }
    }
    const session = async (call: (commit: boolean) => Promise<DeleteReport>) => {
      const preview = await call(false)
      io.stdout.write(previewText(preview))
      if (preview.rowsMatched === 0) {
        io.stdout.write('nothing matches; nothing deleted\n')
        return 0
      }
      if (values['dry-run'] === true) return 0
      if (values.yes !== true && !(await confirm(preview, io))) {
        io.stderr.write('aborted; nothing deleted\n')
        return 1
      }
      const done = await call(true)
      const blocks = done.blocksMatched === undefined ? '' : ` (${countOf(done.blocksMatched, 'block')})`
      io.stdout.write(`deleted ${countOf(done.rowsDeleted, 'event')}${blocks}\n`)
      return 0
    }
    if (target.kind === 'remote') {
      const client = target.client
      const post = (commit: boolean) =>
        client.json('POST', '/v2/datasets/_apl/delete', { json: { apl, ...window, commit } })
      return session((commit) => guarded(async () => (await post(commit)) as DeleteReport))
    }
    // Preview and commit share one opening: the lock keeps other processes out in between.
    return withStore(target.dir, true, (db) =>
      session((commit) => guarded(() => db.deleteBlocks({ apl, ...window, commit }))),
    )
  },
}

function previewText(r: DeleteReport): string {
  const rows: [string, string][] = [
    ['matching events', formatCount(r.rowsMatched)],
    ['events to delete', `${formatCount(r.rowsDeleted)} (every event of each block holding a match)`],
  ]
  if (r.blocksMatched !== undefined) rows.push(['blocks', formatCount(r.blocksMatched)])
  if (r.firstMatchedEvent) rows.push(['first match', r.firstMatchedEvent])
  if (r.lastMatchedEvent) rows.push(['last match', r.lastMatchedEvent])
  if (r.firstDeletedEvent && r.lastDeletedEvent) {
    rows.push([
      'deleted span',
      `${r.firstDeletedEvent} … ${r.lastDeletedEvent} (every event of the affected blocks)`,
    ])
  }
  return `Preview (nothing deleted yet):\n${rows.map(([k, v]) => `  ${k.padEnd(18)}${v}\n`).join('')}`
}

function confirm(r: DeleteReport, io: CliIo): Promise<boolean> {
  return askYesNo(`Delete ${countOf(r.rowsDeleted, 'event')} for good?`, io)
}
