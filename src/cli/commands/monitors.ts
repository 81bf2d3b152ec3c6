// cli/commands/monitors.ts: `apldb monitors list`, `apldb monitors create NAME` and `apldb monitors
// history ID` (OpenAPI v2 Monitors), on a store directory (store.monitors) or a server (/v2/monitors).
// `history --runs` lists a directory store's runs as well as its state changes.
import type { AlertHistory, Monitor, MonitorInput, MonitorRun } from '../../index.ts'
import { aplFailure } from '../apl-failure.ts'
import { type CommandDef, choiceOpt, intOpt, listOpt, type OptionValues, stringOpt } from '../command.ts'
import { UsageError } from '../errors.ts'
import { outputWidth } from '../io.ts'
import { LIST_FORMAT_OPTION, printList } from '../list-output.ts'
import { RemoteError } from '../remote.ts'
import { resolveTarget, TARGET_OPTIONS, withStore } from '../target.ts'

const TYPES = ['Threshold', 'MatchEvent', 'AnomalyDetection'] as const
const OPERATORS = ['Above', 'AboveOrEqual', 'Below', 'BelowOrEqual', 'AboveOrBelow'] as const

function num(values: OptionValues, name: string): number | undefined {
  const raw = stringOpt(values, name)
  if (raw === undefined) return undefined
  const n = Number(raw)
  if (raw.trim() === '' || !Number.isFinite(n)) {
    throw new UsageError(`--${name} must be a number, got ${JSON.stringify(raw)}`, 'monitors create')
  }
  return n
}

/** The create request the flags describe (the store validates it further). */
export function monitorRequest(name: string, values: OptionValues): MonitorInput {
  const apl = stringOpt(values, 'apl')
  if (apl === undefined)
    throw new UsageError('--apl is required: the query the monitor runs', 'monitors create')
  const type = choiceOpt(values, 'type', TYPES, 'Threshold', 'monitors create')
  const interval = intOpt(values, 'interval', 5, 'monitors create')
  const req: MonitorInput = {
    name,
    type,
    aplQuery: apl,
    intervalMinutes: interval,
    rangeMinutes: intOpt(values, 'range', interval, 'monitors create'),
  }
  const operator = stringOpt(values, 'operator')
  if (operator !== undefined)
    req.operator = choiceOpt(values, 'operator', OPERATORS, 'Above', 'monitors create')
  const optional = {
    description: stringOpt(values, 'description'),
    threshold: num(values, 'threshold'),
    tolerance: num(values, 'tolerance'),
    compareDays: num(values, 'compare-days'),
    secondDelay: num(values, 'delay'),
    columnName: stringOpt(values, 'column'),
  }
  for (const [k, v] of Object.entries(optional)) if (v !== undefined) Object.assign(req, { [k]: v })
  const ids = listOpt(values, 'notifier')
  if (ids.length > 0) req.notifierIds = [...ids]
  for (const [flag, key] of [
    ['alert-on-no-data', 'alertOnNoData'],
    ['notify-by-group', 'notifyByGroup'],
    ['notify-every-run', 'notifyEveryRun'],
    ['resolvable', 'resolvable'],
    ['disabled', 'disabled'],
  ] as const) {
    if (values[flag] === true) req[key] = true
  }
  return req
}

function every(m: Monitor): string {
  return `${m.intervalMinutes}m / ${m.rangeMinutes}m`
}

/** `apldb monitors list`. */
export const monitorsListCommand: CommandDef = {
  name: 'monitors list',
  summary: 'list the monitors',
  usage: 'monitors list [options]',
  options: { ...LIST_FORMAT_OPTION, ...TARGET_OPTIONS },
  positionals: { min: 0, max: 0 },
  async run({ values }, io) {
    const target = resolveTarget(values, io, 'monitors list')
    const list =
      target.kind === 'embedded'
        ? await withStore(target.dir, true, (db) => db.monitors.list())
        : ((await target.client.json('GET', '/v2/monitors')) as Monitor[])
    printList(
      list,
      [
        { header: 'id', cell: (m) => m.id },
        { header: 'name', cell: (m) => m.name },
        { header: 'type', cell: (m) => m.type },
        { header: 'every / range', cell: every },
        {
          header: 'enabled',
          cell: (m) => (m.disabled ? 'no' : m.disabledUntil ? `from ${m.disabledUntil}` : 'yes'),
        },
        { header: 'query', cell: (m) => m.aplQuery },
      ],
      values,
      'monitors list',
      io,
    )
    return 0
  },
}

/** `apldb monitors create NAME`. */
export const monitorsCreateCommand: CommandDef = {
  name: 'monitors create',
  summary: 'create a monitor (Threshold, MatchEvent or AnomalyDetection)',
  usage: "monitors create NAME --apl '<apl>' [--type T] [--operator OP --threshold N] [options]",
  details: [
    'The query is checked against the store now: bad APL fails with its line and column.',
    '',
    'Example:',
    `  apldb monitors create errors --apl "['http-logs'] | where status >= 500 | summarize count()" \\`,
    '    --operator AboveOrEqual --threshold 50 --interval 5 --notifier notify_…',
  ].join('\n'),
  options: {
    apl: { type: 'string', value: 'APL', description: 'the query the monitor runs' },
    type: { type: 'string', value: 'TYPE', description: 'Threshold (default), MatchEvent, AnomalyDetection' },
    operator: {
      type: 'string',
      value: 'OP',
      description: 'Above, AboveOrEqual, Below, BelowOrEqual, AboveOrBelow',
    },
    threshold: { type: 'string', value: 'N', description: 'Threshold: the value results are compared to' },
    interval: { type: 'string', value: 'MIN', description: 'minutes between runs (default 5)' },
    range: {
      type: 'string',
      value: 'MIN',
      description: 'minutes of data each run reads (default: --interval)',
    },
    delay: { type: 'string', value: 'S', description: 'seconds the window lags the run (default 0)' },
    column: {
      type: 'string',
      value: 'NAME',
      description: 'the result column compared (default: every value column)',
    },
    tolerance: {
      type: 'string',
      value: 'N',
      description: 'AnomalyDetection: band width in robust deviations',
    },
    'compare-days': {
      type: 'string',
      value: 'N',
      description: 'AnomalyDetection: days of seasonality (0-7)',
    },
    notifier: { type: 'string', multiple: true, value: 'ID', description: 'notifier to alert' },
    description: { type: 'string', value: 'TEXT', description: "the monitor's purpose" },
    'alert-on-no-data': { type: 'boolean', description: 'alert when the query returns no data' },
    'notify-by-group': { type: 'boolean', description: 'track each group of the query on its own' },
    'notify-every-run': { type: 'boolean', description: 'notify on every positive run while open' },
    resolvable: { type: 'boolean', description: 'MatchEvent: close the alert on a run without matches' },
    disabled: { type: 'boolean', description: 'create it disabled' },
    ...TARGET_OPTIONS,
  },
  positionals: { min: 1, max: 1 },
  async run({ values, positionals }, io) {
    const req = monitorRequest(positionals[0], values)
    const target = resolveTarget(values, io, 'monitors create')
    const created = await (target.kind === 'embedded'
      ? withStore(target.dir, true, (db) => db.monitors.create(req))
      : (target.client.json('POST', '/v2/monitors', { json: req }) as Promise<Monitor>)
    ).catch((e: unknown) => {
      // An APL problem shows the query with a caret; other refusals keep their message.
      const located = e instanceof RemoteError ? (e.body as { detail?: unknown } | null)?.detail : true
      throw located ? aplFailure(e, req.aplQuery, outputWidth(io.stdout, io.env)) : e
    })
    io.stdout.write(`created monitor ${created.name} (id ${created.id})\n`)
    return 0
  },
}

/** `apldb monitors history ID`. */
export const monitorsHistoryCommand: CommandDef = {
  name: 'monitors history',
  summary: "a monitor's alert state changes (and, on a directory, its runs)",
  usage: 'monitors history ID [--start TIME] [--end TIME] [--runs] [options]',
  options: {
    start: {
      type: 'string',
      value: 'TIME',
      description: 'from (RFC 3339 or now-1d style; default: the oldest)',
    },
    end: { type: 'string', value: 'TIME', description: 'until (default: now)' },
    runs: { type: 'boolean', description: 'list the last runs instead (store directory only)' },
    ...LIST_FORMAT_OPTION,
    ...TARGET_OPTIONS,
  },
  positionals: { min: 1, max: 1 },
  async run({ values, positionals }, io) {
    const id = positionals[0]
    const target = resolveTarget(values, io, 'monitors history')
    const range = { startTime: stringOpt(values, 'start'), endTime: stringOpt(values, 'end') }
    if (values.runs === true) {
      if (target.kind !== 'embedded') {
        throw new UsageError(
          '--runs needs a store directory (--data): the API has no run log',
          'monitors history',
        )
      }
      const runs = await withStore(target.dir, true, (db) => db.monitors.runs(id))
      printList<MonitorRun>(
        runs,
        [
          { header: 'time', cell: (r) => r.time },
          { header: 'outcome', cell: (r) => r.outcome },
          { header: 'positives', cell: (r) => r.positives },
          { header: 'alerts', cell: (r) => r.alerts },
          { header: 'missed', cell: (r) => r.missed },
          { header: 'window', cell: (r) => `${r.queryStartTime} – ${r.queryEndTime}` },
          { header: 'error', cell: (r) => r.error ?? '' },
        ],
        values,
        'monitors history',
        io,
      )
      return 0
    }
    const query = new URLSearchParams()
    if (range.startTime !== undefined) query.set('startTime', range.startTime)
    if (range.endTime !== undefined) query.set('endTime', range.endTime)
    const history =
      target.kind === 'embedded'
        ? await withStore(target.dir, true, (db) => db.monitors.history(id, range))
        : ((await target.client.json(
            'GET',
            `/v2/monitors/${encodeURIComponent(id)}/history${query.size > 0 ? `?${query}` : ''}`,
          )) as AlertHistory[])
    printList(
      history,
      [
        { header: 'timestamp', cell: (h) => h.timestamp },
        { header: 'state', cell: (h) => h.state },
        { header: 'name', cell: (h) => h.name },
        { header: 'check', cell: (h) => h.checkId },
      ],
      values,
      'monitors history',
      io,
    )
    return 0
  },
}
