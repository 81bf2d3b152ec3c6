// plan/bind-context.ts: per-query binder state: query text, schema, engine capabilities, `let` bindings,
// `set` options, datasets read and warnings. Errors abort binding by throwing BindFailure (caught in
// bind.ts).

import type { Code, CodeArgs } from '../diagnostics/codes.ts'
import { createDiagnostic, type Diagnostic } from '../diagnostics/diagnostic.ts'
import type { Span } from '../diagnostics/span.ts'
import type { BoundExpr } from './bound-expr.ts'
import { type Capabilities, EVERY_ROW } from './capabilities.ts'
import type { RowSchema } from './columns.ts'
import type { LogicalNode } from './logical.ts'
import type { SchemaSource } from './schema.ts'

/** Options of `bindQuery`. */
export interface BindOptions {
  /** The query text the AST was parsed from; diagnostics take their line and column from it. */
  readonly text?: string
  /**
   * Which catalog rows the engine runs: a runner passes the engine's (exec/capabilities.ts); the
   * default, every row, is for binding alone.
   */
  readonly capabilities?: Capabilities
  /**
   * Scans expose the virtual `_rowId` column (legacy queries: matches and cursors). Off for APL, so
   * `*` never shows it (api-contract.md Surprise 20).
   */
  readonly rowId?: boolean
}

/** The value a `let` name stands for. */
export type LetValue =
  | { readonly kind: 'scalar'; readonly expr: BoundExpr }
  | { readonly kind: 'tabular'; readonly node: LogicalNode }

/** Thrown inside the binder to stop at the first error; never escapes `bindQuery`. */
export class BindFailure extends Error {
  readonly diagnostic: Diagnostic

  constructor(diagnostic: Diagnostic) {
    super(diagnostic.message)
    this.name = 'BindFailure'
    this.diagnostic = diagnostic
  }
}

/**
 * Where an expression is bound. `aggregates`: `none` = aggregation calls are refused; `top` = a summarize
 * output, where aggregations are allowed but bare columns are not; `inside` = within an aggregation's
 * arguments (columns allowed, nested aggregations refused).
 */
export interface ExprScope {
  /** Columns visible to the expression. */
  readonly schema: RowSchema
  readonly aggregates: 'none' | 'top' | 'inside'
  /** True only for the top expression of a summarize `by` key (where `bin_auto` may stand). */
  readonly groupKey: boolean
  /** `search kind=case_sensitive`: case-insensitive string operators bind as their `_cs` rows. */
  readonly caseSensitive: boolean
}

/** A plain row scope over `schema`. */
export function rowScope(schema: RowSchema): ExprScope {
  return { schema, aggregates: 'none', groupKey: false, caseSensitive: false }
}

/** Binder state for one query. */
export class BindContext {
  readonly text: string
  readonly schema: SchemaSource
  readonly capabilities: Capabilities
  /** Scans add the virtual `_rowId` column (BindOptions.rowId). */
  readonly rowId: boolean
  /** `set stricttypes;` was given. */
  strictTypes = false
  readonly warnings: Diagnostic[] = []
  /** Datasets read by the plan. */
  readonly datasets = new Set<string>()
  readonly #lets = new Map<string, LetValue>()

  constructor(text: string, schema: SchemaSource, capabilities: Capabilities = EVERY_ROW, rowId = false) {
    this.text = text
    this.schema = schema
    this.capabilities = capabilities
    this.rowId = rowId
  }

  /** Stops binding with a diagnostic from the codes table. */
  fail<C extends Code>(code: C, span: Span, args: CodeArgs<C>): never {
    throw new BindFailure(createDiagnostic(this.text, code, span, args))
  }

  /** Records a warning that rides along with the plan. */
  warn<C extends Code>(code: C, span: Span, args: CodeArgs<C>): void {
    this.warnings.push(createDiagnostic(this.text, code, span, args))
  }

  /** Binds (or rebinds: a later `let` shadows an earlier one) a name. */
  defineLet(name: string, value: LetValue): void {
    this.#lets.set(name, value)
  }

  /** The value of a `let` name, or undefined. */
  lookupLet(name: string): LetValue | undefined {
    return this.#lets.get(name)
  }

  /** Names of `let` bindings of one kind (for "did you mean"). */
  letNames(kind: LetValue['kind']): string[] {
    return [...this.#lets].filter(([, v]) => v.kind === kind).map(([k]) => k)
  }
}
