// cli/time-series-order.ts: a time-bucketed summarize reads oldest first in the human formats, as a
// time series does (and as Axiom answers it): the engine's default newest-first order is reversed
// unless the query sorts itself (a sort or top after the summarize).

import { parseApl } from '../syntax/parse.ts'
import type { WireTable } from '../wire/index.ts'

/** True when the query's own pipeline ends its ordering with sort/order/top. */
function sortsItself(apl: string): boolean {
  const body = parseApl(apl).ast?.body
  return body?.kind === 'Pipe' && body.operators.some((op) => op.kind === 'Sort' || op.kind === 'Top')
}

/** `t` with its rows oldest first when it is a time-bucketed result in default order; else `t`. */
export function oldestFirst(t: WireTable, apl: string): WireTable {
  const order = t.order ?? []
  const bucketed = t.buckets !== undefined && order.length === 1 && order[0].field === t.buckets.field
  if (!bucketed || !order[0].desc || sortsItself(apl)) return t
  return {
    ...t,
    order: [{ field: order[0].field, desc: false }],
    ...(t.columns ? { columns: t.columns.map((c) => [...c].reverse()) } : {}),
  }
}
