// wire/legacy-format.ts: `QueryResult` → the `format=legacy` response (api-contract.md §1.6, §2.4), with
// only the Go-whitelisted top-level keys (§11): status, matches, buckets, fieldsMeta, format; plus the
// §1.6 `request` echo of an APL query when the caller supplies it (Go never asks APL for legacy).

import type { QueryResult, ResultMessage, ResultTable } from '../exec/result.ts'
import type { QueryRequest } from '../legacy/types.ts'
import { entryGroups, GroupIds, isAggregating, timeBucketColumn, toSeries } from './legacy-buckets.ts'
import { toMatches } from './legacy-matches.ts'
import type { LegacyResponse, WireEntry, WireEntryGroup, WireInterval } from './legacy-types.ts'
import { toWireStatus } from './status.ts'
import { assertRectangular } from './tabular.ts'
import type { FormatOptions } from './types.ts'

/** Options of `toLegacy`: the common ones plus the §1.6 `request` echo. */
export interface LegacyFormatOptions extends FormatOptions {
  /** The legacy request the APL query is equivalent to (legacy/from-apl.ts); sent as `request`. */
  readonly request?: QueryRequest
}

/** A `format=legacy` response, with `request` when the APL has a legacy form (§1.6). */
export type LegacyAplResponse = LegacyResponse & { readonly request?: QueryRequest }

/** The reserved name of the per-group totals table of a time-binned summarize. */
export const TOTALS_TABLE = '_totals'

/** The warning sent when a result has more tables than the legacy shape can hold. */
function droppedTables(n: number): ResultMessage {
  return {
    priority: 'warn',
    code: 'apl_legacyformatdroppedtables_1',
    count: n,
    msg: `the legacy format holds one result table; ${n} more left out (use format=tabular)`,
  }
}

/**
 * The `format=legacy` response. Of the result's tables, the first that is not `_totals` is shown:
 * - not aggregating (no group keys, no aggregation columns) → one `matches` Entry per row;
 * - summarize by `bin(_time, …)` (`buckets` set) → `buckets.series`, one interval per non-empty
 *   bucket, and the `_totals` table's rows → `buckets.totals` (empty when there is none);
 * - any other summarize → its rows are `buckets.totals`.
 * Group ids are numbered from 1, totals first, and agree between series and totals.
 * Further tables are left out with a `warn` status message. `opts.request` is echoed as `request`.
 */
export function toLegacy(result: QueryResult, opts: LegacyFormatOptions = {}): LegacyAplResponse {
  const primaries = result.tables.filter((t) => t.name !== TOTALS_TABLE)
  const main: ResultTable | undefined = primaries[0]
  const totalsTable = result.tables.find((t) => t.name === TOTALS_TABLE)
  for (const t of [main, totalsTable]) if (t !== undefined) assertRectangular(t)

  let matches: WireEntry[] = []
  let series: WireInterval[] = []
  let totals: WireEntryGroup[] = []
  const ids = new GroupIds()
  if (main !== undefined && !isAggregating(main)) {
    matches = toMatches(main)
  } else {
    const timeIdx = main === undefined ? -1 : timeBucketColumn(main)
    const totalsFrom = timeIdx >= 0 || main === undefined ? totalsTable : main
    // Totals first, so ids follow the totals' order (largest group first, as the server sorts them).
    if (totalsFrom !== undefined) totals = entryGroups(totalsFrom, ids)
    if (main !== undefined && timeIdx >= 0) series = toSeries(main, timeIdx, ids)
  }

  const extra = primaries.length > 1 ? [droppedTables(primaries.length - 1)] : []
  return {
    status: toWireStatus(result.status, opts, extra),
    matches,
    buckets: { series, totals },
    ...(opts.fieldsMeta !== undefined ? { fieldsMeta: opts.fieldsMeta } : {}),
    format: 'legacy',
    ...(opts.request !== undefined ? { request: opts.request } : {}),
  }
}
