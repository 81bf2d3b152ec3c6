// exec/physical-planner.ts: logical plan → operator tree, through one builder per logical kind
// (`Record<LogicalKind, build>`). Every kind has an operator; parts an operator cannot run yet throw
// `not supported yet` (ExecError) naming them, never run with a wrong answer.
import type { LogicalKind, LogicalNode, LogicalOf } from '../plan/index.ts'
import { scopeOf } from './eval/evaluate.ts'
import type { KernelEnv } from './kernels/kernel.ts'
import type { PhysicalOperator } from './operator.ts'
import { AggregateExec } from './ops/aggregate-exec.ts'
import { CountExec } from './ops/count-exec.ts'
import { DatatableExec } from './ops/datatable-exec.ts'
import { DistinctExec } from './ops/distinct-exec.ts'
import { FilterExec } from './ops/filter-exec.ts'
import { JoinExec } from './ops/join-exec.ts'
import { LimitExec } from './ops/limit-exec.ts'
import { MakeSeriesExec } from './ops/make-series-exec.ts'
import { MvExpandExec } from './ops/mv-expand-exec.ts'
import { ParseExec } from './ops/parse-exec.ts'
import { PrintExec } from './ops/print-exec.ts'
import { ProjectExec } from './ops/project-exec.ts'
import { RenderExec } from './ops/render-exec.ts'
import { ScanExec } from './ops/scan-exec.ts'
import { SearchExec } from './ops/search-exec.ts'
import { SortExec } from './ops/sort-exec.ts'
import { linkStats } from './ops/stats-link.ts'
import { planTopN } from './ops/top-n-plan.ts'
import { UnionExec } from './ops/union-exec.ts'

/** Planner settings. */
export interface PhysicalOptions {
  readonly env: KernelEnv
  /**
   * Rows default to newest `_time` first (plan order `time-desc`): a `take` without a sort then
   * keeps the newest rows, as Axiom does in practice (apl-reference §8).
   */
  readonly timeDesc: boolean
  /** Consulted before each node's builder: an operator to use instead (the parallel executor's hook). */
  readonly override?: (node: LogicalNode, o: PhysicalOptions) => PhysicalOperator | undefined
  /**
   * The run's row cap (run.ts): a TopN whose input rows must all be counted (a capped query's
   * `rowsMatched`), so its bound never prunes blocks (ops/top-n-plan.ts).
   */
  readonly rowCap?: LogicalNode
  /**
   * Counts may take blocks from their zone maps (ops/stats-link.ts): the main thread's snapshot has
   * them whole; a parallel unit's block handles carry only time bounds (parallel/slim-handle.ts).
   */
  readonly zoneStats?: boolean
}

type Build<K extends LogicalKind> = (n: LogicalOf<K>, o: PhysicalOptions) => PhysicalOperator

/** The `_time` descending key over a schema that has a datetime `_time`, else undefined. */
function timeDescKey(node: LogicalNode) {
  const t = node.schema.find((c) => c.name === '_time' && c.type === 'datetime')
  if (!t) return undefined
  return {
    expr: { kind: 'Column', name: '_time', type: 'datetime', storage: t.storage, span: node.span } as const,
    descending: true,
    nullsFirst: false,
  }
}

const BUILDERS: { readonly [K in LogicalKind]: Build<K> } = {
  Scan: (n) => new ScanExec(n),
  Filter: (n, o) => new FilterExec(build(n.input, o), n.predicate, scopeOf(n.input.schema, o.env)),
  Search: (n, o) =>
    new SearchExec(build(n.input, o), n.predicate, scopeOf(n.input.schema, o.env), n.caseSensitive),
  Project: (n, o) =>
    new ProjectExec('ProjectExec', build(n.input, o), n.columns, n.schema, scopeOf(n.input.schema, o.env)),
  Extend: (n, o) =>
    new ProjectExec('ExtendExec', build(n.input, o), n.columns, n.schema, scopeOf(n.input.schema, o.env)),
  Aggregate: (n, o) => {
    const input = build(n.input, o)
    if (o.zoneStats) linkStats(n, input)
    return new AggregateExec(input, n, scopeOf(n.input.schema, o.env))
  },
  Sort: (n, o) => new SortExec(build(n.input, o), n.keys, scopeOf(n.input.schema, o.env)),
  TopN: (n, o) =>
    planTopN(
      n.input,
      build(n.input, o),
      n.keys,
      scopeOf(n.input.schema, o.env),
      Number(n.count),
      o.rowCap !== n,
    ),
  Limit: (n, o) => {
    const input = build(n.input, o)
    const key = o.timeDesc ? timeDescKey(n.input) : undefined
    if (key) return planTopN(n.input, input, [key], scopeOf(n.input.schema, o.env), Number(n.count))
    return new LimitExec(input, Number(n.count))
  },
  Distinct: (n, o) =>
    new DistinctExec(build(n.input, o), n.columns, n.schema, scopeOf(n.input.schema, o.env)),
  CountRows: (n, o) => {
    const input = build(n.input, o)
    if (o.zoneStats) linkStats(n, input)
    return new CountExec(input, n.schema)
  },
  Union: (n, o) =>
    new UnionExec(
      n.inputs.map((i) => build(i, o)),
      n.schema,
      n.withSource,
      n.sourceNames,
    ),
  Join: (n, o) =>
    new JoinExec(
      build(n.left, o),
      build(n.right, o),
      n,
      scopeOf(n.left.schema, o.env),
      scopeOf(n.right.schema, o.env),
    ),
  MakeSeries: (n, o) => new MakeSeriesExec(build(n.input, o), n, scopeOf(n.input.schema, o.env)),
  Print: (n, o) => new PrintExec(n.columns, n.schema, scopeOf([], o.env)),
  Datatable: (n) => new DatatableExec(n.rows, n.schema),
  Render: (n, o) => new RenderExec(build(n.input, o), n.visualization),
  Parse: (n, o) => new ParseExec(build(n.input, o), n, scopeOf(n.input.schema, o.env)),
  MvExpand: (n, o) => new MvExpandExec(build(n.input, o), n, scopeOf(n.input.schema, o.env)),
}

/** The operator tree of a logical node. */
export function build(node: LogicalNode, o: PhysicalOptions): PhysicalOperator {
  return o.override?.(node, o) ?? (BUILDERS[node.kind] as Build<LogicalKind>)(node as never, o)
}
