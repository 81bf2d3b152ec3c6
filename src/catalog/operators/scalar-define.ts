// catalog/operators/scalar-define.ts: the scalar-operator row type and builder; operators share the
// callable row shape of functions so one resolver serves both. Arguments go in source order: lhs, rhs;
// `in` lists as lhs then each element; `between (lo .. hi)` as lhs, lo, hi; prefix ops as one operand.

import type { CallableDef, Tier } from '../signature.ts'

/** Operator families of apl-reference §5. */
export type ScalarOperatorGroup = 'comparison' | 'arithmetic' | 'logical' | 'string' | 'set' | 'range'

/** One scalar operator row. `name` is the symbol as written, except `negate` (prefix `-`). */
export interface ScalarOperatorDef<K extends string = string, T extends Tier = Tier>
  extends CallableDef<K, T> {
  /** The operator as written in a query (`-`, `matches regex`, `!in~`). */
  readonly symbol: string
  readonly fixity: 'infix' | 'prefix'
  readonly group: ScalarOperatorGroup
  /** For string and set operators: whether string comparison is case-sensitive. */
  readonly caseSensitive?: boolean
  /** The operator this one negates (`!contains` → `contains`); the executor may run it as not(that). */
  readonly negates?: string
}

/** What an operator file writes; `aliases`, `symbol` (= name) and `fixity` (infix) may be omitted. */
export type ScalarOperatorInput<K extends string, T extends Tier> = Omit<
  ScalarOperatorDef<K, T>,
  'aliases' | 'symbol' | 'fixity'
> & {
  readonly aliases?: readonly string[]
  readonly symbol?: string
  readonly fixity?: 'infix' | 'prefix'
}

/** Builds an operator row with defaults. */
export function operator<K extends string, T extends Tier>(
  def: ScalarOperatorInput<K, T>,
): ScalarOperatorDef<K, T> {
  return { ...def, aliases: def.aliases ?? [], symbol: def.symbol ?? def.name, fixity: def.fixity ?? 'infix' }
}
