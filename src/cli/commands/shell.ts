// cli/commands/shell.ts: `apldb shell` (and `apldb` alone on a terminal): the interactive APL shell
// over a store directory (opened once for the session) or a server.

import { homedir } from 'node:os'
import * as path from 'node:path'
import type { ExplainReport } from '../../query/explain.ts'
import { type CommandDef, stringOpt } from '../command.ts'
import { openSink } from '../out-sink.ts'
import { checkedWindow, formatOpt, limitOpt, TIME_OPTIONS } from '../query-options.ts'
import { embeddedRunner, remoteRunner } from '../query-target.ts'
import type { ShellSettings } from '../shell/meta-commands.ts'
import { type ShellBackend, shellSession } from '../shell/session.ts'
import { resolveTarget, TARGET_OPTIONS, withStore } from '../target.ts'

/** `apldb shell`. */
export const shellCommand: CommandDef = {
  name: 'shell',
  summary: 'interactive APL shell (also `apldb` with no command)',
  usage: 'shell [options]',
  details: [
    'Multi-line input (a query runs when its brackets close and it does not end in | or ,), history in',
    '$APLDB_HISTORY or ~/.apldb_history, Tab completion of operators, functions, fields and datasets,',
    'and dot commands: .help .datasets .fields .explain .format .timing .limit .chart .time .quit',
  ].join('\n'),
  options: {
    ...TIME_OPTIONS,
    format: {
      type: 'string',
      short: 'f',
      value: 'FORMAT',
      description: 'table (default), json, ndjson, csv, tsv, markdown, vertical',
    },
    limit: {
      type: 'string',
      short: 'n',
      value: 'N',
      description: 'rows per result (default 1,000 events; 0 = all)',
    },
    history: {
      type: 'string',
      value: 'FILE',
      description: 'history file (default $APLDB_HISTORY or ~/.apldb_history)',
    },
    ...TARGET_OPTIONS,
  },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const window = checkedWindow(values, 'shell')
    const settings: ShellSettings = {
      format: formatOpt(values, 'shell'),
      timing: true,
      limit: limitOpt(values, 'shell'),
      chart: 'auto',
      startTime: window.startTime,
      endTime: window.endTime,
    }
    const history = path.resolve(
      io.cwd,
      stringOpt(values, 'history') ?? io.env.APLDB_HISTORY ?? path.join(homedir(), '.apldb_history'),
    )
    const target = resolveTarget(values, io, 'shell')
    const out = await openSink(undefined, io)
    if (target.kind === 'embedded') {
      return withStore(target.dir, true, (db) => {
        const backend: ShellBackend = {
          run: embeddedRunner(db),
          datasets: async () => (await db.datasets.list()).map((d) => d.name),
          fields: (d) => db.datasets.fields(d),
          explain: (apl, w) => db.explain(apl, w),
        }
        return shellSession(backend, settings, history, out, io)
      })
    }
    const c = target.client
    const backend: ShellBackend = {
      run: remoteRunner(c),
      datasets: async () => ((await c.json('GET', '/v2/datasets')) as { name: string }[]).map((d) => d.name),
      fields: async (d) =>
        (await c.json('GET', `/v2/datasets/${encodeURIComponent(d)}/fields`)) as {
          name: string
          type: string
        }[],
      explain: async (apl, w) =>
        (await c.json('POST', '/v1/datasets/_apl/explain', { json: { apl, ...w } })) as ExplainReport,
    }
    return shellSession(backend, settings, history, out, io)
  },
}
