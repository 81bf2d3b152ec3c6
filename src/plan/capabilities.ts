// plan/capabilities.ts: what the binder asks before binding a catalog row: does the engine run it?
// The engine answers from its kernel tables (exec/capabilities.ts); the binder never keeps a list.

import type { AggregateRow, OperatorRow, ScalarRow } from './bound-expr.ts'

/** Which catalog rows the engine can run; the binder refuses the others with APL0307 ("not supported yet"). */
export interface Capabilities {
  /** True when the engine has a kernel for the scalar function row. */
  scalar(row: ScalarRow): boolean
  /** True when the engine has the aggregation's state (an `*if` row: its base's). */
  aggregate(row: AggregateRow): boolean
  /** True when the engine has a kernel for the scalar operator row. */
  operator(row: OperatorRow): boolean
}

/**
 * Every catalog row: for binding alone (binder tests, tools that only parse and bind). Whatever runs
 * a plan passes the engine's capabilities (exec/capabilities.ts `ENGINE_CAPABILITIES`) instead.
 */
export const EVERY_ROW: Capabilities = {
  scalar: () => true,
  aggregate: () => true,
  operator: () => true,
}
