// cli/query-pages.ts: runs `apldb query` as a stream of result pages: a pageable query (pageable.ts)
// is fetched newest first in pages whose window ends where the last page's oldest row was, so the
// first rows print at once and memory stays one page; any other query is one request.

import { formatRfc3339Nano } from '../util/time/format.ts'
import { parseRfc3339 } from '../util/time/rfc3339.ts'
import type { TabularResponse, WireTable } from '../wire/index.ts'
import { pageable } from './pageable.ts'
import { resultTables, rowCount } from './result-output.ts'

/** The largest row count one request may ask for (Axiom's, decision §10.4). */
export const MAX_REQUEST_ROWS = 50_000
/** Rows of the first page (small, so the first rows show at once) and of the later ones. */
export const FIRST_PAGE_ROWS = 1_000
export const PAGE_ROWS = 10_000

/** A query window as request fields. */
export interface Window {
  readonly startTime?: string
  readonly endTime?: string
}

/** One answer: the wire response, the server's text when remote, and blocks pruned when known. */
export interface QueryPage {
  readonly response: TabularResponse
  readonly text?: string
  readonly blocksPruned?: number
}

/** Runs one request: `limit` undefined means the engine's default row cap. */
export type RunRequest = (apl: string, window: Window, limit: number | undefined) => Promise<QueryPage>

/**
 * The pages of `apl` up to `limit` rows in all (Infinity: every row; undefined: the engine's
 * default cap, one request). The last page says whether rows were left out (`capped`).
 */
export async function* queryPages(
  run: RunRequest,
  apl: string,
  window: Window,
  limit: number | undefined,
): AsyncGenerator<QueryPage & { readonly capped: boolean }> {
  if (limit === undefined || limit <= PAGE_ROWS || !pageable(apl)) {
    const page = await run(apl, window, limit === undefined ? undefined : Math.min(limit, MAX_REQUEST_ROWS))
    yield { ...page, capped: hasLimitWarning(page.response) }
    return
  }
  let left = limit
  let end = window.endTime
  let size = FIRST_PAGE_ROWS
  for (;;) {
    const ask = Math.min(size, left)
    const page = await run(apl, { ...window, ...(end !== undefined ? { endTime: end } : {}) }, ask)
    const table = resultTables(page.response)[0]
    const n = table === undefined ? 0 : rowCount(table)
    const oldest = n < ask || table === undefined ? undefined : oldestTime(table)
    if (oldest === undefined) {
      // The last page (or one without a `_time` to continue from): everything it has.
      yield { ...page, capped: n >= ask && left === ask && hasLimitWarning(page.response) }
      return
    }
    // Rows at the page's oldest instant may continue past it: they come again with the next page.
    const kept = keepNewerThan(table as WireTable, oldest)
    const trimmed = kept === 0 ? n : kept
    const next = kept === 0 ? oldest : oldest + 1n
    yield {
      ...page,
      response: withFirstTable(page.response, sliceRows(table as WireTable, trimmed)),
      capped: false,
    }
    left -= trimmed
    if (left <= 0) {
      yield { response: withFirstTable(page.response, sliceRows(table as WireTable, 0)), capped: true }
      return
    }
    end = formatRfc3339Nano(next)
    size = PAGE_ROWS
  }
}

function hasLimitWarning(r: TabularResponse): boolean {
  return (r.status?.messages ?? []).some((m) => m.code === 'default_limit_warning')
}

/** `_time` of the table's last row (pages come newest first), in epoch ns. */
function oldestTime(t: WireTable): bigint | undefined {
  const i = t.fields.findIndex((f) => f.name === '_time' && f.type === 'datetime')
  const order = t.order ?? []
  if (i < 0 || order.length !== 1 || order[0].field !== '_time' || !order[0].desc) return undefined
  const col = t.columns?.[i] ?? []
  const v = col[col.length - 1]
  return typeof v === 'string' ? (parseRfc3339(v) ?? undefined) : undefined
}

/** How many leading rows are newer than `ns` (the rest share the oldest instant). */
function keepNewerThan(t: WireTable, ns: bigint): number {
  const i = t.fields.findIndex((f) => f.name === '_time')
  const col = t.columns?.[i] ?? []
  let k = col.length
  while (k > 0 && parseRfc3339(String(col[k - 1])) === ns) k--
  return k
}

function sliceRows(t: WireTable, n: number): WireTable {
  return { ...t, ...(t.columns ? { columns: t.columns.map((c) => c.slice(0, n)) } : {}) }
}

function withFirstTable(r: TabularResponse, t: WireTable): TabularResponse {
  const tables = [...r.tables]
  const at = tables.findIndex((x) => x.name !== '_totals')
  tables[at] = t
  return { ...r, tables }
}
