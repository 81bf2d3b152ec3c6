// service/monitors/monitor-fields.ts: the field rules of a monitor create or update body (a PUT
// replaces the whole monitor, as Axiom's does): types, ranges, defaults, and which operators each
// monitor type takes. Pure; the query's shape is checked by monitor-query.ts against the store.
import { badRequest } from '../service-error.ts'
import { formatSeconds, optionalTime } from '../time-input.ts'
import { bool, knownKeys, num, objectOf, str, strings } from './field-readers.ts'
import { MONITOR_TYPES, type Monitor, type MonitorType, OPERATORS, type Operator } from './monitor-types.ts'

const CODE = 'invalid_monitor'

/** The fields a body sets: everything but the id and the bookkeeping times. */
export type MonitorFields = Omit<Monitor, 'id' | 'createdAt' | 'createdBy' | 'updatedAt'>

/** Largest `intervalMinutes` (a week) and `rangeMinutes` (30 days). */
export const MAX_INTERVAL_MINUTES = 7 * 24 * 60
export const MAX_RANGE_MINUTES = 30 * 24 * 60
/** Largest `triggerFromNRuns`. */
export const MAX_TRIGGER_RUNS = 100
/** Default `tolerance` of an AnomalyDetection monitor (robust standard deviations). */
export const DEFAULT_TOLERANCE = 3

// Read-only fields a client may echo back (Go sends its whole struct) are accepted and ignored.
const KNOWN = new Set([
  'id',
  'createdAt',
  'createdBy',
  'updatedAt',
  'name',
  'description',
  'type',
  'aplQuery',
  'mplQuery',
  'operator',
  'threshold',
  'columnName',
  'alertOnNoData',
  'notifyByGroup',
  'notifyEveryRun',
  'resolvable',
  'skipResolved',
  'notifierIds',
  'notifierIDs',
  'intervalMinutes',
  'rangeMinutes',
  'secondDelay',
  'triggerFromNRuns',
  'triggerAfterNPositiveResults',
  'tolerance',
  'compareDays',
  'disabled',
  'disabledUntil',
])

/** Operators each type accepts (MatchEvent keeps whatever it is given: it compares nothing). */
const TYPE_OPERATORS: Readonly<Record<MonitorType, readonly Operator[]>> = {
  Threshold: ['Below', 'BelowOrEqual', 'Above', 'AboveOrEqual'],
  MatchEvent: OPERATORS,
  AnomalyDetection: ['Below', 'Above', 'AboveOrBelow'],
}

function enumOf<T extends string>(key: string, v: unknown, values: readonly T[]): T | undefined {
  if (v === undefined || v === null || v === '') return undefined
  if (typeof v !== 'string' || !values.includes(v as T)) {
    throw badRequest(CODE, `${key} must be one of ${values.join(', ')}, got ${JSON.stringify(v)}`)
  }
  return v as T
}

function query(o: Record<string, unknown>): string {
  const apl = str(CODE, o, 'aplQuery', 256 * 1024)?.trim() ?? ''
  const mpl = str(CODE, o, 'mplQuery', 256 * 1024)?.trim() ?? ''
  if (apl !== '' && mpl !== '') {
    throw badRequest(CODE, 'aplQuery and mplQuery are mutually exclusive, provide only one')
  }
  if (mpl !== '') {
    throw badRequest(
      'mpl_not_supported',
      'mplQuery (MPL) is not supported by apldb: write the monitor as an aplQuery',
    )
  }
  if (apl === '')
    throw badRequest(CODE, 'aplQuery is required, such as "[\'http-logs\'] | summarize count()"')
  return apl
}

function operator(type: MonitorType, v: unknown): Operator | undefined {
  const op = enumOf('operator', v, OPERATORS)
  if (type === 'MatchEvent') return op
  if (op === undefined) {
    throw badRequest(CODE, `operator is required for a ${type} monitor: ${TYPE_OPERATORS[type].join(', ')}`)
  }
  if (!TYPE_OPERATORS[type].includes(op)) {
    throw badRequest(CODE, `a ${type} monitor takes operator ${TYPE_OPERATORS[type].join(', ')}, not ${op}`)
  }
  return op
}

function required(key: string, v: number | undefined, what: string): number {
  if (v === undefined) throw badRequest(CODE, `${key} is required: ${what}`)
  return v
}

/** The trigger window: N runs considered, M of them positive (defaults: N = M, both 1). */
function trigger(o: Record<string, unknown>): { from: number; after: number } {
  // Go omits zero values, so 0 means "not set" as absence does.
  const rawFrom = num(CODE, o, 'triggerFromNRuns', 0, MAX_TRIGGER_RUNS, true) || undefined
  const rawAfter = num(CODE, o, 'triggerAfterNPositiveResults', 0, MAX_TRIGGER_RUNS, true) || undefined
  const from = rawFrom ?? rawAfter ?? 1
  const after = rawAfter ?? from
  if (after > from) {
    throw badRequest(
      CODE,
      `triggerAfterNPositiveResults (${after}) cannot exceed triggerFromNRuns (${from}): it counts positive runs among the last triggerFromNRuns`,
    )
  }
  return { from, after }
}

/** Validates a create or update body; returns the monitor's fields with defaults applied. */
export function checkMonitorBody(body: unknown): MonitorFields {
  const o = objectOf(CODE, 'the monitor', body)
  knownKeys(CODE, 'a monitor', o, KNOWN)
  const name = str(CODE, o, 'name', 256)?.trim()
  if (!name) throw badRequest(CODE, 'name is required: a non-empty string of at most 256 characters')
  const type = enumOf('type', o.type, MONITOR_TYPES)
  if (type === undefined) throw badRequest(CODE, `type is required: ${MONITOR_TYPES.join(', ')}`)
  const aplQuery = query(o)
  const threshold = num(CODE, o, 'threshold', -Number.MAX_VALUE, Number.MAX_VALUE)
  if (type === 'Threshold' && threshold === undefined) {
    throw badRequest(CODE, 'threshold is required for a Threshold monitor: the value results are compared to')
  }
  const { from, after } = trigger(o)
  const notifierIds = strings(CODE, o, 'notifierIds') ?? strings(CODE, o, 'notifierIDs') ?? []
  const columnName = str(CODE, o, 'columnName', 256) || undefined
  const tolerance = num(CODE, o, 'tolerance', 0, 100)
  if (tolerance === 0 && type === 'AnomalyDetection') {
    throw badRequest(CODE, 'tolerance must be above 0: it is the width of the tolerated band')
  }
  const compareDays = num(CODE, o, 'compareDays', 0, 7, true)
  const disabledUntil = optionalTime('disabledUntil', o.disabledUntil, CODE)
  const fields: MonitorFields = {
    name,
    description: str(CODE, o, 'description', 4096) ?? '',
    type,
    aplQuery,
    threshold: threshold ?? 0,
    alertOnNoData: bool(CODE, o, 'alertOnNoData') ?? false,
    notifyByGroup: bool(CODE, o, 'notifyByGroup') ?? false,
    notifyEveryRun: bool(CODE, o, 'notifyEveryRun') ?? false,
    resolvable: bool(CODE, o, 'resolvable') ?? false,
    skipResolved: bool(CODE, o, 'skipResolved') ?? false,
    notifierIds,
    intervalMinutes: required(
      'intervalMinutes',
      num(CODE, o, 'intervalMinutes', 1, MAX_INTERVAL_MINUTES, true),
      `how often the monitor runs, whole minutes from 1 to ${MAX_INTERVAL_MINUTES}`,
    ),
    rangeMinutes: required(
      'rangeMinutes',
      num(CODE, o, 'rangeMinutes', 1, MAX_RANGE_MINUTES, true),
      `the minutes of data each run reads, from 1 to ${MAX_RANGE_MINUTES}`,
    ),
    secondDelay: num(CODE, o, 'secondDelay', 0, 86_400, true) ?? 0,
    triggerFromNRuns: from,
    triggerAfterNPositiveResults: after,
    disabled: bool(CODE, o, 'disabled') ?? false,
  }
  const op = operator(type, o.operator)
  if (op !== undefined) fields.operator = op
  if (columnName !== undefined) fields.columnName = columnName
  if (type === 'AnomalyDetection') {
    fields.tolerance = tolerance ?? DEFAULT_TOLERANCE
    fields.compareDays = compareDays ?? 0
  } else {
    if (tolerance !== undefined) fields.tolerance = tolerance
    if (compareDays !== undefined) fields.compareDays = compareDays
  }
  if (disabledUntil !== undefined) fields.disabledUntil = formatSeconds(disabledUntil)
  return fields
}
