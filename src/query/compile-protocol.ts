// query/compile-protocol.ts: the messages between the main thread and the compile worker
// (compile-worker.ts): a query's text with the schema it binds against, and the bound plan back.
import type { Diagnostic } from '../diagnostics/diagnostic.ts'
import type { FlatPlan } from '../exec/parallel/plan-codec.ts'
import type { SchemaField } from '../plan/index.ts'

/** One compile job: the text and a copy of the schema (every dataset the caller may see). */
export interface CompileTask {
  readonly id: number
  readonly text: string
  readonly datasets: readonly (readonly [string, readonly SchemaField[]])[]
  /** Optimize the bound plan with this clock (epoch ns), or leave it as bound. */
  readonly optimizeAt?: bigint
}

/** The worker's answer: a flattened plan, diagnostics, or "compile it yourself". */
export type CompileReply =
  | {
      readonly id: number
      readonly kind: 'plan'
      readonly plan: FlatPlan
      readonly warnings: readonly Diagnostic[]
    }
  | { readonly id: number; readonly kind: 'diagnostics'; readonly diagnostics: readonly Diagnostic[] }
  | { readonly id: number; readonly kind: 'not-portable'; readonly reason: string }
