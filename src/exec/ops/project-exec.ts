// ops/project-exec.ts: computes output columns by name — `project` (exactly the listed columns) and
// `extend` (input columns plus computed ones, a replaced name moving to the end) share this: the
// output schema says the order, a computed column wins over an input column of the same name.
import type { ColumnDef, RowSchema } from '../../plan/index.ts'
import { type Batch, compactBatch } from '../batch.ts'
import type { ExecContext } from '../context.ts'
import { ExecError } from '../context.ts'
import type { EvalScope } from '../eval/evaluate.ts'
import { evaluateSliced } from '../eval/sliced.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import { vecBytes } from '../vec-bytes.ts'
import type { Vec } from '../vector.ts'

/** Where each output column comes from: an input column index, or a computed definition. */
type Source = { readonly input: number } | { readonly def: ColumnDef }

/** Whether a batch's live rows are few enough (a quarter or less) to be worth gathering first. */
function sparse(b: Batch): boolean {
  return b.sel !== null && b.weights === undefined && b.sel.length * 4 <= b.length
}

/** Computes columns (see module header); `name` is `ProjectExec` or `ExtendExec`. */
export class ProjectExec implements PhysicalOperator {
  readonly name: string
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[]
  readonly schema: RowSchema
  readonly #input: PhysicalOperator
  readonly #sources: readonly Source[]
  readonly #scope: EvalScope

  constructor(
    name: 'ProjectExec' | 'ExtendExec',
    input: PhysicalOperator,
    columns: readonly ColumnDef[],
    schema: RowSchema,
    scope: EvalScope,
  ) {
    this.name = name
    this.#input = input
    this.children = [input]
    this.schema = schema
    this.#scope = scope
    const defs = new Map(columns.map((c) => [c.name, c]))
    this.#sources = schema.map((c) => {
      const def = defs.get(c.name)
      if (def) return { def }
      const at = scope.columns.get(c.name)
      if (at === undefined) throw new ExecError('invalid_argument', `column '${c.name}' is not in the input`)
      return { input: at }
    })
  }

  explain(): string {
    return `${this.name} [${this.schema.map((c) => c.name).join(', ')}]`
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    // The columns this stage computes live as long as the batch it passes on: charged per batch.
    const memory = ctx.guard.memory.account(this.name)
    const computed = this.#sources.flatMap((s) => ('input' in s ? [] : [s.def.expr]))
    for await (const raw of this.#input.batches(ctx)) {
      await ctx.guard.pace()
      // A sparse selection (after `take`, a selective `where`) is gathered first: expressions run over
      // the live rows only, not over every row of the block they came from.
      const b = sparse(raw) ? compactBatch(raw) : raw
      const t0 = performance.now()
      const values = await evaluateSliced(computed, b, this.#scope, ctx.guard)
      let made = 0
      let k = 0
      const cols: Vec[] = this.#sources.map((s) => {
        if ('input' in s) return b.cols[s.input]
        const v = values[k++]
        // A column passed through by a computation (`extend x = y`) costs nothing new.
        if (!b.cols.includes(v)) made += vecBytes(v, b.length)
        return v
      })
      memory.set(made)
      const live = b.sel ? b.sel.length : b.length
      this.metrics.rowsIn += live
      this.metrics.rowsOut += live
      this.metrics.timeMs += performance.now() - t0
      yield { length: b.length, sel: b.sel, cols }
    }
  }
}
