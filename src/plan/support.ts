// plan/support.ts: which catalog rows and syntax the engine runs today. The single place to widen
// support: the binder refuses anything this policy rejects with APL0307 ("not supported yet").

import type { Tier } from '../catalog/index.ts'

/** What the binder asks about a catalog row before binding it. */
export interface SupportRow {
  readonly name: string
  readonly tier: Tier
}

/** Decides which rows the engine supports; the executor may pass one built from its kernel tables. */
export interface SupportPolicy {
  scalar(row: SupportRow): boolean
  aggregate(row: SupportRow): boolean
  operator(row: SupportRow): boolean
}

/**
 * T3 rows the plan supports anyway: `between`/`!between` (the documented `_time between (…)` idiom has
 * its own plan node). T3 syntax handled elsewhere: `print`, `datatable`, `set stricttypes`, typed nulls.
 */
const T3_OPERATORS: ReadonlySet<string> = new Set(['between', '!between'])

/** T3 aggregations the engine runs: arg_min / arg_max (several output columns, bind-arg-extremum.ts). */
const T3_AGGREGATES: ReadonlySet<string> = new Set(['arg_max', 'arg_min'])

/** T3 scalar functions the engine runs: `totimespan` (stored timespans, issue 19). */
const T3_SCALARS: ReadonlySet<string> = new Set(['totimespan'])

/** T1 and T2 everything, plus the T3 allow-lists above. */
export const DEFAULT_SUPPORT: SupportPolicy = {
  scalar: (row) => row.tier !== 'T3' || T3_SCALARS.has(row.name),
  aggregate: (row) => row.tier !== 'T3' || T3_AGGREGATES.has(row.name),
  operator: (row) => row.tier !== 'T3' || T3_OPERATORS.has(row.name),
}

/** Functions the grammar parses as calls that the catalog does not hold yet (T3 escape hatches). */
export const UNSUPPORTED_SPECIAL_FUNCTIONS: ReadonlySet<string> = new Set([
  'column_ifexists',
  'ensure_field',
  'toscalar',
  'materialize',
])
