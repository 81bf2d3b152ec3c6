// plan/result-shape.ts: what later stages need to apply decision §10.4 (default order newest `_time`
// first, default row cap) without re-deriving it: does the query sort last, does it cap its own rows.

import { findColumn } from './columns.ts'
import type { LogicalKind, LogicalNode, ResultOrder } from './logical.ts'

/** Nodes that keep their input's row order (and row set size bound) on the way to the root. */
const ORDER_PRESERVING: ReadonlySet<LogicalKind> = new Set([
  'Filter',
  'Search',
  'Project',
  'Extend',
  'Limit',
  'Render',
  'Parse',
  'Sample',
  'Redact',
])

/** `explicit` when a Sort/TopN is reached through order-preserving nodes; else `time-desc` if `_time` is output. */
export function resultOrder(root: LogicalNode): ResultOrder {
  let n: LogicalNode = root
  for (;;) {
    if (n.kind === 'Sort' || n.kind === 'TopN') return 'explicit'
    if (!ORDER_PRESERVING.has(n.kind) || !('input' in n)) break
    n = n.input
  }
  return findColumn(root.schema, '_time')?.type === 'datetime' ? 'time-desc' : 'none'
}

/** Nodes whose result is an aggregation: complete, with no default row cap (decision §12). */
const AGGREGATING: ReadonlySet<LogicalKind> = new Set(['Aggregate', 'Distinct', 'MakeSeries', 'CountRows'])

/**
 * True when following single inputs down from the root reaches an aggregation (summarize, distinct,
 * make-series, count; top-nested is summarizes) before a source: the result is groups, not events.
 */
export function queryAggregating(root: LogicalNode): boolean {
  for (let n: LogicalNode = root; ; n = n.input) {
    if (AGGREGATING.has(n.kind)) return true
    if (!('input' in n)) return false
  }
}

/** Nodes through which a row cap below still bounds the result. */
const CAP_PRESERVING: ReadonlySet<LogicalKind> = new Set([
  'Filter',
  'Search',
  'Project',
  'Extend',
  'Sort',
  'Render',
  'Parse',
  'Sample',
  'Redact',
])

/** True when the query bounds its own row count (take/limit, top, `| count`). */
export function queryLimited(root: LogicalNode): boolean {
  let n: LogicalNode = root
  for (;;) {
    if (n.kind === 'Limit' || n.kind === 'TopN' || n.kind === 'CountRows') return true
    if (!CAP_PRESERVING.has(n.kind) || !('input' in n)) return false
    n = n.input
  }
}
