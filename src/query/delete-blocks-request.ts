// query/delete-blocks-request.ts: validates a block deletion request before anything runs: the
// fields (types, required time range), and the APL's shape: one dataset followed only by `where`
// and `search` (anything else is APL0322 with the offending operator's span). Writes nothing.
import { AplError, createDiagnostic } from '../diagnostics/diagnostic.ts'
import { firstNodeOutside, type LogicalNode, type LogicalPlan } from '../plan/index.ts'
import { parseTimeBound } from '../util/time/index.ts'
import { DeleteError } from './delete-blocks-error.ts'

/** A block deletion request (api-contract.md §7). */
export interface DeleteRequest {
  /** `['dataset'] | where …` — only `where` and `search` may follow the dataset. */
  readonly apl: string
  /** Window start (inclusive): RFC3339 or relative (`now-6h`). Required. */
  readonly startTime?: string
  /** Window end (exclusive): RFC3339 or relative (`now`). Required. */
  readonly endTime?: string
  /** true: delete; false: dry run (reports what would go, writes nothing). */
  readonly commit: boolean
  /** Query parameters; not supported yet (must be absent or empty). */
  readonly variables?: object
}

/** The query window of a request, epoch ns, half-open. */
export interface DeleteWindow {
  readonly start: bigint
  readonly end: bigint
}

function bound(value: unknown, name: string, now: bigint): bigint {
  const t = typeof value === 'string' ? parseTimeBound(value, now) : null
  if (t === null) {
    throw new DeleteError(
      'invalid_argument',
      `${name} ${JSON.stringify(value)} is not an RFC3339 time or a relative time such as now-6h`,
    )
  }
  return t
}

/** Checks the request's fields and resolves its window against `now` (epoch ns). */
export function checkDeleteRequest(req: DeleteRequest, now: bigint): DeleteWindow {
  if (typeof req !== 'object' || req === null) {
    throw new DeleteError(
      'invalid_argument',
      'the deletion request must be an object with apl, startTime, endTime and commit',
    )
  }
  if (typeof req.apl !== 'string' || req.apl.trim() === '') {
    throw new DeleteError(
      'invalid_argument',
      'apl is required: a query such as [\'dataset\'] | where field == "value"',
    )
  }
  if (typeof req.commit !== 'boolean') {
    throw new DeleteError('invalid_argument', 'commit is required: true to delete, false for a dry run')
  }
  const { variables } = req
  if (variables !== undefined && variables !== null) {
    if (typeof variables !== 'object' || Object.keys(variables).length > 0) {
      throw new DeleteError(
        'invalid_argument',
        'variables are not supported in block deletion yet: write the values into the apl',
      )
    }
  }
  const missing = [
    req.startTime === undefined || req.startTime === '' ? 'startTime' : '',
    req.endTime === undefined || req.endTime === '' ? 'endTime' : '',
  ].filter(Boolean)
  if (missing.length > 0) {
    throw new DeleteError(
      'time_range_required',
      `block deletion needs a time range: set ${missing.join(' and ')} (RFC3339, or relative such as startTime "now-6h", endTime "now")`,
    )
  }
  const start = bound(req.startTime, 'startTime', now)
  const end = bound(req.endTime, 'endTime', now)
  if (start >= end) {
    throw new DeleteError(
      'invalid_argument',
      `startTime ${req.startTime} must be before endTime ${req.endTime}`,
    )
  }
  return { start, end }
}

/** Node kinds a deletion's plan may hold: the filters and the dataset they read. */
const ALLOWED: ReadonlySet<LogicalNode['kind']> = new Set(['Filter', 'Search', 'Scan'])

/**
 * Checks a bound plan is `dataset | where … | search …` (filters over one Scan) and returns the
 * dataset name; otherwise throws AplError APL0322 at the first operator that is not allowed.
 */
export function checkDeletePlan(apl: string, plan: LogicalPlan): string {
  const bad = firstNodeOutside(plan.root, ALLOWED)
  if (bad !== undefined || plan.datasets.length !== 1) {
    const span = bad?.span ?? plan.root.span
    const text = apl.slice(span.start, span.start + span.length)
    const operator = /^[A-Za-z_][\w-]*/.exec(text)?.[0] ?? (text || 'this query')
    throw new AplError([createDiagnostic(apl, 'APL0322', span, { operator })])
  }
  return plan.datasets[0]
}
