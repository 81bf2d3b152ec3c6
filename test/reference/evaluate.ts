// test/reference/evaluate.ts: the reference evaluator's entry: a logical plan over a snapshot to a
// QueryResult (src/exec/result.ts), row at a time, sharing no kernels with src/exec. The oracle the
// vectorized engine is checked against; the rules it pins down are listed in README.md.

import type { Cell, QueryOptions, QueryResult, ResultMessage, ResultTable } from '../../src/exec/result.ts'
import type { LogicalNode, LogicalOf, LogicalPlan } from '../../src/plan/index.ts'
import { nodeChildren } from '../../src/plan/index.ts'
import type { Snapshot } from '../../src/storage/snapshot.ts'
import { sortCompare } from './compare.ts'
import type { EvalContext, Row } from './context.ts'
import {
  aggInfo,
  columnsOf,
  resultOrder,
  rowCap,
  scannedDatasets,
  shapingAggregate,
  timeKeyIndex,
} from './shape.ts'
import { evaluateNode } from './tabular.ts'
import { autoStep, resolveWindow } from './time-window.ts'
import { toCell } from './values.ts'

/** Options of `evaluate`: the query options plus the query clock (epoch ns) for `now`. */
export type EvaluateOptions = QueryOptions & { readonly now: bigint }

/** Nodes whose output counts as matched: the top of each Filter/Search chain that sits on a Scan. */
function matchPoints(root: LogicalNode): Set<LogicalNode> {
  const out = new Set<LogicalNode>()
  const filtering = (n: LogicalNode) => n.kind === 'Filter' || n.kind === 'Search'
  const onScan = (n: LogicalNode): boolean =>
    n.kind === 'Scan' || (filtering(n) && onScan(nodeChildren(n)[0]))
  const visit = (n: LogicalNode, underFilter: boolean) => {
    if (!underFilter && onScan(n)) out.add(n)
    for (const c of nodeChildren(n)) visit(c, filtering(n))
  }
  visit(root, false)
  return out
}

/** Rows of `node` as a result table with the given metadata. */
function table(
  name: string,
  node: LogicalNode,
  rows: readonly Row[],
  meta: Omit<ResultTable, 'name' | 'fields' | 'columns' | 'sources'>,
  agg: LogicalOf<'Aggregate'> | undefined,
): ResultTable {
  const aggFields = new Map(agg?.aggregates.map((a) => [a.name, aggInfo(a)]) ?? [])
  const fields = node.schema.map((c) => {
    const info = aggFields.get(c.name)
    return info === undefined ? { name: c.name, type: c.type } : { name: c.name, type: c.type, agg: info }
  })
  const cells: Cell[][] = rows.map((r) => node.schema.map((c) => toCell(r.get(c.name) ?? null, c.type)))
  return { name, sources: scannedDatasets(node), fields, columns: columnsOf(cells, fields.length), ...meta }
}

/** The `_totals` table of a summarize by `bin(_time, …)`: the same aggregates without the time key. */
async function totalsTable(
  agg: LogicalOf<'Aggregate'>,
  timeKey: number,
  range: ResultTable['range'],
  ctx: EvalContext,
): Promise<ResultTable> {
  const keys = agg.keys.filter((_, i) => i !== timeKey)
  const schema = agg.schema.filter((_, i) => i !== timeKey)
  const totals: LogicalOf<'Aggregate'> = { ...agg, keys, schema, timeBucket: null }
  // Totals re-read the input; their reads are not the query's, so they get their own counters.
  const own: EvalContext = { ...ctx, stats: { rowsExamined: 0, rowsMatched: 0 }, groupCounts: new Map() }
  const rows = await evaluateNode(totals, own)
  const groups = keys.map((k) => ({ name: k.name }))
  return table('_totals', totals, rows, { order: [], groups, ...(range ? { range } : {}) }, totals)
}

/** Evaluates `plan` over `snapshot` (see module header and README.md). */
export async function evaluate(
  snapshot: Snapshot,
  plan: LogicalPlan,
  opts: EvaluateOptions,
): Promise<QueryResult> {
  const started = performance.now()
  const window = resolveWindow(opts, opts.now)
  const ctx: EvalContext = {
    snapshot,
    now: opts.now,
    window,
    autoStep: autoStep(window),
    strictTypes: plan.strictTypes,
    ...(opts.sampleSeed === undefined ? {} : { sampleSeed: opts.sampleSeed }),
    newestFirst: plan.order === 'time-desc',
    stats: { rowsExamined: 0, rowsMatched: 0 },
    groupCounts: new Map(),
    matchPoints: matchPoints(plan.root),
  }
  const cap = rowCap(plan, opts.limit)
  let rows = await evaluateNode(plan.root, ctx)
  if (plan.order === 'time-desc') {
    rows = rows
      .map((row, i) => ({ row, i }))
      .sort(
        (a, b) =>
          sortCompare(a.row.get('_time') ?? null, b.row.get('_time') ?? null, true, false) || a.i - b.i,
      )
      .map((x) => x.row)
  }
  const messages: ResultMessage[] = []
  if (cap !== undefined && rows.length > cap) {
    rows = rows.slice(0, cap)
    messages.push({
      priority: 'warn',
      code: 'default_limit_warning',
      count: 1,
      msg: `query result was limited to ${cap} rows; set a limit to return more`,
    })
  }
  const agg = shapingAggregate(plan.root)
  const timeKey = agg === undefined ? undefined : timeKeyIndex(agg)
  const range =
    scannedDatasets(plan.root).length > 0
      ? { field: '_time' as const, start: window.start ?? 0n, end: window.end }
      : undefined
  const bucketStep = agg?.timeBucket?.step === 'auto' ? ctx.autoStep : agg?.timeBucket?.step
  const main = table(
    '0',
    plan.root,
    rows,
    {
      order: resultOrder(plan),
      groups: agg?.keys.map((k) => ({ name: k.name })) ?? [],
      ...(range ? { range } : {}),
      ...(timeKey !== undefined && bucketStep !== undefined
        ? { buckets: { field: '_time' as const, size: bucketStep } }
        : {}),
    },
    agg,
  )
  const tables = [main]
  if (agg !== undefined && timeKey !== undefined) tables.push(await totalsTable(agg, timeKey, range, ctx))
  const shaping = agg ?? plan.root
  return {
    tables,
    status: {
      elapsedTime: Math.round((performance.now() - started) * 1000),
      blocksExamined: 0,
      blocksPruned: 0,
      rowsExamined: ctx.stats.rowsExamined,
      rowsMatched: ctx.stats.rowsMatched,
      numGroups: ctx.groupCounts.get(shaping) ?? 0,
      isPartial: false,
      isEstimate: false,
      messages,
    },
    datasetNames: plan.datasets,
    ...(plan.root.kind === 'Render' ? { visualization: plan.root.visualization } : {}),
  }
}
