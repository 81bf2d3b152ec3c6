// exec/parallel/fragment.ts: which logical subtrees can run block by block on worker threads and be
// merged exactly on the main thread: a partial operator (summarize, top-N, count) over a chain of
// row-wise operators (where, search, extend, project) down to one Scan. Pure plan inspection.
import type { LogicalKind, LogicalNode, LogicalOf, Scan } from '../../plan/index.ts'

/** Row-wise operators: each output row depends on one input row only, so blocks split freely. */
const ROW_WISE: ReadonlySet<LogicalNode['kind']> = new Set([
  'Filter',
  'Search',
  'Project',
  'Extend',
  'Parse',
  'Redact',
  // Only an event-identity Sample is ever in a chain over a Scan (plan/bind-sample.ts).
  'Sample',
])

/** How partial results of a fragment are merged. */
export type FragmentKind = 'aggregate' | 'top' | 'count'

/** A subtree that runs per unit of blocks (see module header). */
export interface Fragment {
  readonly kind: FragmentKind
  /** The node the override replaced (its physical operator is what the merge must produce). */
  readonly node: LogicalNode
  /** What each unit runs: the Aggregate, the CountRows, or a TopN (a `sort | take` becomes one). */
  readonly partial: LogicalNode
  /** The top of the row-wise chain (the input of `partial`). */
  readonly chain: LogicalNode
  readonly scan: Scan
  /** The node whose physical operator consumes the partial results (`node`, or the Sort of `sort | take`). */
  readonly mergeInputOf: LogicalNode
}

/** The Scan at the bottom of a row-wise chain starting at `n`, or undefined. */
export function chainScan(n: LogicalNode): Scan | undefined {
  let at = n
  while (ROW_WISE.has(at.kind)) at = (at as LogicalOf<'Filter'>).input
  return at.kind === 'Scan' ? at : undefined
}

/** True when a `_time` datetime column exists (a timeDesc Limit then becomes a TopN on it). */
function hasTime(n: LogicalNode): boolean {
  return n.schema.some((c) => c.name === '_time' && c.type === 'datetime')
}

type Finder<K extends LogicalKind> = (n: LogicalOf<K>, timeDesc: boolean) => Fragment | undefined

function fragment(
  kind: FragmentKind,
  node: LogicalNode,
  partial: LogicalNode,
  chain: LogicalNode,
  mergeInputOf = node,
): Fragment | undefined {
  const scan = chainScan(chain)
  return scan ? { kind, node, partial, chain, scan, mergeInputOf } : undefined
}

/** Fragment finders by the kind of their top node; other kinds never start a fragment. */
const FINDERS: { readonly [K in LogicalKind]?: Finder<K> } = {
  Aggregate: (n) => fragment('aggregate', n, n, n.input),
  CountRows: (n) => fragment('count', n, n, n.input),
  TopN: (n) => fragment('top', n, n, n.input),
  Limit: (n, timeDesc) => {
    // The planner's rule: under timeDesc a take over rows with a `_time` is a TopN on it.
    if (timeDesc && hasTime(n.input)) return fragment('top', n, n, n.input)
    const sort = n.input
    if (sort.kind !== 'Sort') return undefined
    // `sort | take N` keeps the first N rows of a stable sort: exactly a top-N with ties kept in
    // input order, so each unit keeps its own top N and the final sort picks among them.
    const topN: LogicalOf<'TopN'> = {
      kind: 'TopN',
      input: sort.input,
      keys: sort.keys,
      count: n.count,
      schema: sort.schema,
      span: n.span,
    }
    return fragment('top', n, topN, sort.input, sort)
  },
}

/**
 * The fragment rooted at `n`, or undefined. `timeDesc` is the planner setting under which a bare
 * `take` is a top-N by `_time` desc.
 */
export function fragmentAt(n: LogicalNode, timeDesc: boolean): Fragment | undefined {
  const find = FINDERS[n.kind] as Finder<LogicalKind> | undefined
  return find?.(n as never, timeDesc)
}
