// catalog/operators/tabular-define.ts: the tabular-operator row type and builder. The binder
// dispatches on AST kinds; this table feeds tier gating, docs and "did you mean".

import type { Tier } from '../signature.ts'

/** Where an operator may stand: after `|`, only as the query's source, or either. */
export type OperatorPosition = 'pipe' | 'source' | 'both'

/** One tabular operator row. */
export interface TabularOperatorDef<N extends string = string, T extends Tier = Tier> {
  /** Canonical name, also the plan key (`take`, `project-away`). */
  readonly name: N
  /** Other spellings (`limit` → `take`, `order` → `sort`). */
  readonly aliases: readonly string[]
  readonly tier: T
  readonly position: OperatorPosition
  /** The doc syntax line, lightly normalised (apl-reference §4). */
  readonly syntax: string
  readonly description: string
  /** A valid query; over `sample-http-logs` unless the operator is source-only. */
  readonly example: string
}

/** Builds a row; `aliases` defaults to none and `position` to `pipe`. */
export function tabular<N extends string, T extends Tier>(
  def: Omit<TabularOperatorDef<N, T>, 'aliases' | 'position'> & {
    readonly aliases?: readonly string[]
    readonly position?: OperatorPosition
  },
): TabularOperatorDef<N, T> {
  return { ...def, aliases: def.aliases ?? [], position: def.position ?? 'pipe' }
}
