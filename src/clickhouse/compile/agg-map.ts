// clickhouse/compile/agg-map.ts: the mapping table of aggregations (one row per aggregation kernel
// key that ClickHouse computes as the local state does; an absent key makes its summarize run
// locally). Empty groups follow the catalog's `onEmpty`: counts and sums 0, the others null.
// `dcount` is an estimate on both backends: uniqCombined64 at precision 17 (exact while small,
// then HyperLogLog, about 0.3 % standard error) where the local state is exact to 4,096 and then
// HyperLogLog at about 0.4 %; both set `isEstimate` above 4,096. (A Nullable argument makes
// ClickHouse's aggregate null over no values: ifNull gives the catalog's 0.)
import type { AggregateKernelKey, AplType } from '../../catalog/index.ts'
import type { BoundExpr } from '../../plan/index.ts'
import type { SqlArg } from './expr.ts'

/** One row: SQL of the aggregate from the mapped arguments, or undefined when they do not map. */
export type AggMapping = (args: readonly SqlArg[], e: BoundExpr) => string | undefined

const SUMMABLE: ReadonlySet<AplType> = new Set(['long', 'real', 'timespan'])
const ORDERABLE: ReadonlySet<AplType> = new Set(['long', 'real', 'timespan', 'datetime', 'string', 'bool'])

/** The mapping table (see module header). */
export const AGG_MAPPINGS: Partial<Record<AggregateKernelKey, AggMapping>> = {
  count: (args) => (args.length === 0 ? 'toInt64(count())' : undefined),
  countif: ([p]) => (p.expr.type === 'bool' ? `toInt64(countIf(ifNull(${p.sql}, false)))` : undefined),
  sum: ([x], e) =>
    SUMMABLE.has(x.expr.type) && e.type === x.expr.type ? `ifNull(sum(${x.sql}), 0)` : undefined,
  avg: ([x], e) =>
    (x.expr.type === 'long' || x.expr.type === 'real') && e.type === 'real' ? `avg(${x.sql})` : undefined,
  min: ([x]) => (ORDERABLE.has(x.expr.type) ? `min(${x.sql})` : undefined),
  max: ([x]) => (ORDERABLE.has(x.expr.type) ? `max(${x.sql})` : undefined),
  dcount: (args) =>
    args.length === 1 && args[0].expr.type !== 'dynamic'
      ? `toInt64(ifNull(uniqCombined64(17)(${args[0].sql}), 0))`
      : undefined,
}
