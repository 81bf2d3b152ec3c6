// service/cursor.ts: APL result paging by cursor (api-contract.md §1.1–1.2, §1.5). A cursor names a
// row by its `_time` (`<16 hex digits of epoch ns>-<row>`, the legacy `_rowId` form), so paging
// narrows the query window past that instant in the result's time direction. Rows sharing the
// cursor row's exact nanosecond are all on one side: `includeCursor` picks which.

import type { QueryResult } from '../exec/result.ts'
import type { LogicalNode, LogicalPlan } from '../plan/index.ts'
import { formatRfc3339Nano, parseTimeBound } from '../util/time/index.ts'
import { syntheticRowId } from '../wire/index.ts'
import { badRequest } from './service-error.ts'

const CURSOR = /^([0-9a-f]{16})-(\d{1,10})$/
/** Nodes that keep their input's row order (as plan/result-shape.ts). */
const ORDER_PRESERVING: ReadonlySet<string> = new Set([
  'Filter',
  'Search',
  'Project',
  'Extend',
  'Limit',
  'Render',
  'Parse',
])

/** The `_time` (epoch ns) a cursor names; 400 `invalid_cursor` when it is not one of ours. */
export function parseCursor(cursor: string): bigint {
  const m = CURSOR.exec(cursor)
  if (!m) {
    throw badRequest(
      'invalid_cursor',
      `cursor ${JSON.stringify(cursor.slice(0, 64))} is not a cursor from a previous result (status.minCursor/maxCursor)`,
    )
  }
  return BigInt.asIntN(64, BigInt('0x' + m[1]))
}

/** True when the plan's rows come out oldest first (an explicit ascending sort on `_time`). */
function ascending(plan: LogicalPlan): boolean {
  let n: LogicalNode = plan.root
  for (;;) {
    if (n.kind === 'Sort' || n.kind === 'TopN') {
      const k = n.keys[0]
      return k !== undefined && k.expr.kind === 'Column' && k.expr.name === '_time' && !k.descending
    }
    if (!ORDER_PRESERVING.has(n.kind) || !('input' in n)) return false
    n = n.input
  }
}

/**
 * The query window after applying a cursor: newest-first results continue with older rows (the
 * end moves to the cursor), oldest-first ones with newer rows (the start moves past it).
 */
export function windowAfterCursor(
  window: { startTime?: string; endTime?: string },
  cursor: string,
  includeCursor: boolean,
  plan: LogicalPlan,
  now: bigint,
): { startTime?: string; endTime?: string } {
  const t = parseCursor(cursor)
  if (ascending(plan)) {
    const start = includeCursor ? t : t + 1n
    const given = window.startTime === undefined ? undefined : parseTimeBound(window.startTime, now)
    // A bad bound stays as given, for the engine to report.
    if (given === null || (given !== undefined && given > start)) return window
    return { ...window, startTime: formatRfc3339Nano(start) }
  }
  const end = includeCursor ? t + 1n : t
  const given = window.endTime === undefined ? undefined : parseTimeBound(window.endTime, now)
  if (given === null || (given !== undefined && given < end)) return window
  return { ...window, endTime: formatRfc3339Nano(end) }
}

/** `minCursor`/`maxCursor` of a result: the oldest and newest row of its first table, by `_time`. */
export function resultCursors(result: QueryResult): { minCursor?: string; maxCursor?: string } {
  const t = result.tables[0]
  if (!t) return {}
  const i = t.fields.findIndex((f) => f.name === '_time' && f.type === 'datetime')
  if (i < 0) return {}
  let min: bigint | undefined
  let max: bigint | undefined
  let minRow = 0
  let maxRow = 0
  const col = t.columns[i]
  for (let r = 0; r < col.length; r++) {
    const v = col[r]
    if (typeof v !== 'bigint') continue
    if (min === undefined || v < min) {
      min = v
      minRow = r
    }
    if (max === undefined || v > max) {
      max = v
      maxRow = r
    }
  }
  if (min === undefined || max === undefined) return {}
  return { minCursor: syntheticRowId(min, minRow), maxCursor: syntheticRowId(max, maxRow) }
}
