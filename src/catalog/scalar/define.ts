// catalog/scalar/define.ts: the scalar-function row type and the per-family row builder that keeps
// kernel keys, tiers and families as literal types (so the registry can derive its key unions, and
// each family's kernel table in the executor accepts only that family's keys).

import type { CallableDef, Tier } from '../signature.ts'

/**
 * Which family a scalar function belongs to: its catalog file `scalar/<family>.ts`, its kernels in
 * `exec/kernels/<family>/`, its reference implementation in `test/reference/scalar/<family>.ts`
 * and its tests in `test/apl/functions/<family>.apl-test` (docs group functions the same way).
 */
export type ScalarFamily =
  | 'array'
  | 'binning'
  | 'calendar'
  | 'conditional'
  | 'conversion'
  | 'datetime'
  | 'dynamic'
  | 'encoding'
  | 'genai'
  | 'hash'
  | 'ip'
  | 'math'
  | 'metadata'
  | 'pair'
  | 'regex'
  | 'series'
  | 'sql'
  | 'string'
  | 'type-check'

/** One scalar function row. */
export interface ScalarFunctionDef<
  K extends string = string,
  T extends Tier = Tier,
  F extends ScalarFamily = ScalarFamily,
> extends CallableDef<K, T> {
  readonly family: F
  /**
   * True when equal arguments may give different results (`rand`) or the result reads the query
   * clock (`now`, `ago`): fold only after the query's clock is fixed, never cache across queries.
   */
  readonly volatile: boolean
  /** Where the function may appear; absent = anywhere. `bin_auto` is only a `summarize … by` key. */
  readonly placement?: 'summarize-by'
}

/** What a family file writes: `aliases`, `volatile` and `kernel` (defaults to the name) may be omitted. */
export type ScalarFunctionInput<N extends string, K extends string, T extends Tier> = Omit<
  ScalarFunctionDef<K, T>,
  'family' | 'aliases' | 'volatile' | 'kernel' | 'name'
> & {
  readonly name: N
  readonly kernel?: K
  readonly aliases?: readonly string[]
  readonly volatile?: boolean
}

/** A row builder stamping `family`: `const fn = scalarFamily('string')`, then `fn({ name: 'strlen', … })`. */
export function scalarFamily<F extends ScalarFamily>(family: F) {
  return <N extends string, T extends Tier, K extends string = N>(
    def: ScalarFunctionInput<N, K, T>,
  ): ScalarFunctionDef<K, T, F> => ({
    ...def,
    family,
    kernel: (def.kernel ?? def.name) as K,
    aliases: def.aliases ?? [],
    volatile: def.volatile ?? false,
  })
}
