// ops/search-exec.ts: `search`: a filter whose predicate the binder already lowered (bare terms are
// AnyColumn tests over the string columns, `kind=case_sensitive` picked the `_cs` operators).
// Runs exactly as FilterExec; it keeps that name because status counts rows leaving filters.
import type { BoundExpr } from '../../plan/index.ts'
import type { EvalScope } from '../eval/evaluate.ts'
import type { PhysicalOperator } from '../operator.ts'
import { FilterExec } from './filter-exec.ts'

/** `search`: see module header. */
export class SearchExec extends FilterExec {
  readonly #caseSensitive: boolean

  constructor(input: PhysicalOperator, predicate: BoundExpr, scope: EvalScope, caseSensitive: boolean) {
    super(input, predicate, scope)
    this.#caseSensitive = caseSensitive
  }

  override explain(): string {
    return `SearchExec${this.#caseSensitive ? ' case_sensitive' : ''}`
  }
}
