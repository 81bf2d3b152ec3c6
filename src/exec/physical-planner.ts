// exec/physical-planner.ts: logical plan → operator tree, through one builder per logical kind
// (`Record<LogicalKind, build>`), each operator then passed through the physical-optimizer rules
// (exec/rules/). Every kind has an operator; parts an operator cannot run yet throw `not supported
// yet` (ExecError) naming them, never run with a wrong answer.
import type { LogicalKind, LogicalNode, LogicalOf } from '../plan/index.ts'
import { nodeChildren } from '../plan/index.ts'
import { runSteps, runStepsPaused } from '../util/steps.ts'
import { scopeOf } from './eval/evaluate.ts'
import type { KernelEnv } from './kernels/kernel.ts'
import type { PhysicalOperator } from './operator.ts'
import { AggregateExec } from './ops/aggregate-exec.ts'
import { CountExec } from './ops/count-exec.ts'
import { DatatableExec } from './ops/datatable-exec.ts'
import { DistinctExec } from './ops/distinct-exec.ts'
import { ExternalDataExec } from './ops/external-data-exec.ts'
import { FilterExec } from './ops/filter-exec.ts'
import { JoinExec } from './ops/join-exec.ts'
import { LimitExec } from './ops/limit-exec.ts'
import { MakeSeriesExec } from './ops/make-series-exec.ts'
import { MvExpandExec } from './ops/mv-expand-exec.ts'
import { ParseExec } from './ops/parse-exec.ts'
import { PrintExec } from './ops/print-exec.ts'
import { ProjectExec } from './ops/project-exec.ts'
import { RedactExec } from './ops/redact-exec.ts'
import { RenderExec } from './ops/render-exec.ts'
import { SampleExec } from './ops/sample-exec.ts'
import { ScanExec } from './ops/scan-exec.ts'
import { SearchExec } from './ops/search-exec.ts'
import { SortExec } from './ops/sort-exec.ts'
import { STACK_SPAN, StackBreakExec } from './ops/stack-break-exec.ts'
import { TopNExec } from './ops/top-n-exec.ts'
import { UnionExec } from './ops/union-exec.ts'
import { applyRules, PHYSICAL_RULES } from './rules/index.ts'

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
   * `rowsMatched`), so its bound never prunes blocks (rule top-n-bound does not apply).
   */
  readonly rowCap?: LogicalNode
  /**
   * Counts may take blocks from their zone maps (rule zone-stats): the main thread's snapshot has
   * them whole; a parallel unit's block handles carry only time bounds (parallel/slim-handle.ts).
   */
  readonly zoneStats?: boolean
}

/** A builder gets its node's children already built (in `nodeChildren` order). */
type Build<K extends LogicalKind> = (
  n: LogicalOf<K>,
  o: PhysicalOptions,
  kids: readonly PhysicalOperator[],
) => PhysicalOperator

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
  Filter: (n, o, k) => new FilterExec(k[0], n.predicate, scopeOf(n.input.schema, o.env)),
  Search: (n, o, k) => new SearchExec(k[0], n.predicate, scopeOf(n.input.schema, o.env), n.caseSensitive),
  Project: (n, o, k) =>
    new ProjectExec('ProjectExec', k[0], n.columns, n.schema, scopeOf(n.input.schema, o.env)),
  Extend: (n, o, k) =>
    new ProjectExec('ExtendExec', k[0], n.columns, n.schema, scopeOf(n.input.schema, o.env), n.input.schema),
  Aggregate: (n, o, k) => new AggregateExec(k[0], n, scopeOf(n.input.schema, o.env)),
  Sort: (n, o, k) => new SortExec(k[0], n.keys, scopeOf(n.input.schema, o.env)),
  TopN: (n, o, k) => new TopNExec(k[0], n.keys, scopeOf(n.input.schema, o.env), Number(n.count)),
  Limit: (n, o, k) => {
    const input = k[0]
    const key = o.timeDesc ? timeDescKey(n.input) : undefined
    if (key) return new TopNExec(input, [key], scopeOf(n.input.schema, o.env), Number(n.count))
    return new LimitExec(input, Number(n.count))
  },
  Distinct: (n, o, k) => new DistinctExec(k[0], n.columns, n.schema, scopeOf(n.input.schema, o.env)),
  CountRows: (n, _o, k) => new CountExec(k[0], n.schema),
  Union: (n, _o, k) => new UnionExec(k, n.schema, n.withSource, n.sourceNames),
  Join: (n, o, k) =>
    new JoinExec(k[0], k[1], n, scopeOf(n.left.schema, o.env), scopeOf(n.right.schema, o.env)),
  MakeSeries: (n, o, k) => new MakeSeriesExec(k[0], n, scopeOf(n.input.schema, o.env)),
  Print: (n, o) => new PrintExec(n.columns, n.schema, scopeOf([], o.env)),
  Datatable: (n) => new DatatableExec(n.rows, n.schema),
  Render: (n, o) => new RenderExec(build(n.input, o), n.visualization),
  Parse: (n, o) => new ParseExec(build(n.input, o), n, scopeOf(n.input.schema, o.env)),
  MvExpand: (n, o) => new MvExpandExec(build(n.input, o), n, scopeOf(n.input.schema, o.env)),
  Sample: (n, _o, k) => new SampleExec(k[0], n),
  ExternalData: (n) => new ExternalDataExec(n),
  Redact: (n, o, k) => new RedactExec(k[0], n, scopeOf(n.input.schema, o.env)),
}

/** A node being built: its children, and those of them built so far. */
class Frame {
  readonly node: LogicalNode
  readonly children: readonly LogicalNode[]
  readonly kids: PhysicalOperator[] = []

  constructor(node: LogicalNode) {
    this.node = node
    this.children = nodeChildren(node)
  }
}

/**
 * The operator tree of a logical node, built bottom-up without recursion (a 10,000-stage pipeline
 * stays off the JS stack). `override` is asked before a node's children are built: an operator it
 * gives stands for the whole subtree. Chains deeper than STACK_SPAN get a StackBreakExec every
 * STACK_SPAN operators, so pulling a batch through them never nests that deep either.
 */
export function build(node: LogicalNode, o: PhysicalOptions): PhysicalOperator {
  return runSteps(buildSteps(node, o))
}

/**
 * `build`, awaiting `pause` after each operator (the query guard's `pace`: a turn of the event loop
 * once the query held it for a slice), so building a plan of thousands of stages never blocks it.
 */
export function buildSliced(
  node: LogicalNode,
  o: PhysicalOptions,
  pause: () => Promise<void>,
): Promise<PhysicalOperator> {
  return runStepsPaused(buildSteps(node, o), pause)
}

/** `build` as steps: yields after each operator it makes. */
function* buildSteps(node: LogicalNode, o: PhysicalOptions): Generator<void, PhysicalOperator> {
  // One frame per node occurrence (a subtree a `let` shares is built once per use, as operators
  // hold per-run links): its children are built first, one at a time.
  const depth = new WeakMap<PhysicalOperator, number>()
  const enter = (n: LogicalNode): Frame | PhysicalOperator => o.override?.(n, o) ?? new Frame(n)
  const top = enter(node)
  if (!(top instanceof Frame)) return top
  const stack: Frame[] = [top]
  let result: PhysicalOperator | undefined
  while (stack.length > 0) {
    const f = stack[stack.length - 1]
    if (f.kids.length < f.children.length) {
      const next = enter(f.children[f.kids.length])
      if (next instanceof Frame) stack.push(next)
      else f.kids.push(next)
      continue
    }
    stack.pop()
    const kids = f.kids.map((op) => {
      if ((depth.get(op) ?? 1) < STACK_SPAN) return op
      const cut = new StackBreakExec(op)
      depth.set(cut, 1)
      return cut
    })
    const builder = BUILDERS[f.node.kind] as Build<LogicalKind>
    const node = f.node
    const op = applyRules(PHYSICAL_RULES, builder(node as never, o, kids), node, o, (again) =>
      builder(node as never, o, again),
    )
    depth.set(op, 1 + Math.max(0, ...kids.map((k) => depth.get(k) ?? 1)))
    const parent = stack[stack.length - 1]
    if (parent) parent.kids.push(op)
    else result = op
    yield
  }
  return result as PhysicalOperator
}
