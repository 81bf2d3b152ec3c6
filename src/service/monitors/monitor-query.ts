// service/monitors/monitor-query.ts: a monitor's APL checked at create/update time against the
// store as the caller sees it: it must bind (errors carry their span), read only datasets the caller
// may query, and have the shape its type needs (APL0323, APL0324 at the offending operator).
import { AplError, createDiagnostic } from '../../diagnostics/diagnostic.ts'
import { firstNodeOutside, type LogicalKind, type LogicalPlan } from '../../plan/index.ts'
import type { AnyApldb as Apldb } from '../../query/apldb.ts'
import { compileForSnapshot } from '../../query/run-apl.ts'
import { bindAuthorized } from '../apl-auth.ts'
import type { Principal } from '../capabilities.ts'
import type { MonitorFields } from './monitor-fields.ts'
import type { MonitorType } from './monitor-types.ts'

/** Operators a MatchEvent query may use (Axiom: where, extend, parse, project and its variants). */
const MATCH_KINDS: ReadonlySet<LogicalKind> = new Set(['Scan', 'Filter', 'Project', 'Extend', 'Parse'])

const NUMERIC = new Set(['long', 'real', 'unknown'])

function shapeError(apl: string, plan: LogicalPlan, detail: string): AplError {
  return new AplError([createDiagnostic(apl, 'APL0324', plan.root.span, { detail })])
}

/** The numeric value columns of the plan's output: `columnName`, or every numeric non-key column. */
function valueColumns(apl: string, plan: LogicalPlan, columnName: string | undefined): string[] {
  const schema = plan.root.schema
  if (columnName !== undefined) {
    const c = schema.find((x) => x.name === columnName)
    if (!c || !NUMERIC.has(c.type)) {
      throw shapeError(
        apl,
        plan,
        `columnName ${JSON.stringify(columnName)} must name a numeric column of the query's result (columns: ${schema.map((x) => x.name).join(', ')})`,
      )
    }
    return [columnName]
  }
  const root = plan.root
  const keys = new Set(root.kind === 'Aggregate' ? root.keys.map((k) => k.name) : [])
  return schema.filter((c) => NUMERIC.has(c.type) && !keys.has(c.name)).map((c) => c.name)
}

/** The shape check of each monitor type. */
const SHAPES: Readonly<Record<MonitorType, (apl: string, plan: LogicalPlan, f: MonitorFields) => void>> = {
  Threshold: (apl, plan, f) => {
    if (valueColumns(apl, plan, f.columnName).length === 0) {
      throw shapeError(
        apl,
        plan,
        'a Threshold monitor compares a numeric result with its threshold: end the query with summarize, e.g. `| summarize count()`',
      )
    }
  },
  MatchEvent: (apl, plan) => {
    const bad = firstNodeOutside(plan.root, MATCH_KINDS)
    if (bad === undefined) return
    const text = apl.slice(bad.span.start, bad.span.start + bad.span.length)
    const operator = /^[A-Za-z_][\w-]*/.exec(text)?.[0] ?? (text || 'this query')
    throw new AplError([createDiagnostic(apl, 'APL0323', bad.span, { operator })])
  },
  AnomalyDetection: (apl, plan, f) => {
    const hasTime = plan.root.schema.some((c) => c.type === 'datetime')
    if (!hasTime || valueColumns(apl, plan, f.columnName).length === 0) {
      throw shapeError(
        apl,
        plan,
        'an AnomalyDetection monitor needs a time series: summarize a numeric value by bin(_time, …), e.g. `| summarize count() by bin(_time, 5m)`',
      )
    }
  },
}

/**
 * Binds the monitor's query against the store's current schemas (as `principal` sees them, when
 * given) and checks its shape; throws AplError (or 403 for a dataset the caller may not query).
 */
export function checkMonitorQuery(db: Apldb, f: MonitorFields, principal?: Principal): void {
  const snap = db.snapshot()
  try {
    const plan = principal
      ? bindAuthorized(snap, f.aplQuery, principal, 'read')
      : compileForSnapshot(snap, f.aplQuery)
    SHAPES[f.type](f.aplQuery, plan, f)
  } finally {
    snap.release()
  }
}
