// ops/project-exec.ts: computes output columns by name — `project` (exactly the listed columns) and
// `extend` (input columns plus computed ones, a replaced name moving to the end) share this: the
// output schema says the order, a computed column wins over an input column of the same name.
import type { ColumnDef, RowSchema } from '../../plan/index.ts'
import { type Batch, compactBatch } from '../batch.ts'
import type { ExecContext } from '../context.ts'
import { ExecError } from '../context.ts'
import { appendedSchema, type EvalScope } from '../eval/evaluate.ts'
import { evaluateSliced } from '../eval/sliced.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import { vecBytes } from '../vec-bytes.ts'
import type { Vec } from '../vector.ts'

/** Where each output column comes from: an input column index, or a computed definition. */
type Source = { readonly input: number } | { readonly def: ColumnDef }

/**
 * The output columns: each with its source, or (an `extend` that only adds names) the input's
 * columns in order followed by the computed ones, known without a per-column walk of the schema.
 */
type Layout =
  | { readonly sources: readonly Source[] }
  | { readonly keep: number; readonly defs: readonly ColumnDef[] }

/**
 * The append-only layout when `columns` adds only new names after the `inputWidth` input columns
 * (the output schema is then the input's plus them, in order), else undefined. O(computed columns).
 */
function appendOnly(
  columns: readonly ColumnDef[],
  schema: RowSchema,
  input: RowSchema | undefined,
): Layout | undefined {
  if (input === undefined || schema.length !== input.length + columns.length) return undefined
  for (let i = 0; i < columns.length; i++)
    if (schema[input.length + i].name !== columns[i].name) return undefined
  appendedSchema(
    schema,
    input,
    columns.map((c) => c.name),
  )
  return { keep: input.length, defs: columns }
}

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
  readonly #layout: Layout
  readonly #scope: EvalScope

  /**
   * `inputSchema` (an `extend`'s input schema) lets an `extend` that only adds names skip the
   * per-column walk of its schema: a chain of thousands of them is planned in linear time.
   */
  constructor(
    name: 'ProjectExec' | 'ExtendExec',
    input: PhysicalOperator,
    columns: readonly ColumnDef[],
    schema: RowSchema,
    scope: EvalScope,
    inputSchema?: RowSchema,
  ) {
    this.name = name
    this.#input = input
    this.children = [input]
    this.schema = schema
    this.#scope = scope
    this.#layout = appendOnly(columns, schema, inputSchema) ?? { sources: sourcesOf(columns, schema, scope) }
  }

  explain(): string {
    return `${this.name} [${this.schema.map((c) => c.name).join(', ')}]`
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    // The columns this stage computes live as long as the batch it passes on: charged per batch.
    const memory = ctx.guard.memory.account(this.name)
    const layout = this.#layout
    const computed =
      'keep' in layout
        ? layout.defs.map((d) => d.expr)
        : layout.sources.flatMap((s) => ('input' in s ? [] : [s.def.expr]))
    for await (const raw of this.#input.batches(ctx)) {
      await ctx.guard.pace()
      // A sparse selection (after `take`, a selective `where`) is gathered first: expressions run over
      // the live rows only, not over every row of the block they came from.
      const b = sparse(raw) ? compactBatch(raw) : raw
      const t0 = performance.now()
      const values = await evaluateSliced(computed, b, this.#scope, ctx.guard)
      let made = 0
      // A column passed through by a computation (`extend x = y`) costs nothing new.
      for (const v of values) if (!b.cols.includes(v)) made += vecBytes(v, b.length)
      let k = 0
      const cols: Vec[] =
        'keep' in layout
          ? [...b.cols.slice(0, layout.keep), ...values]
          : layout.sources.map((s) => ('input' in s ? b.cols[s.input] : values[k++]))
      memory.set(made)
      const live = b.sel ? b.sel.length : b.length
      this.metrics.rowsIn += live
      this.metrics.rowsOut += live
      this.metrics.timeMs += performance.now() - t0
      yield { length: b.length, sel: b.sel, cols }
    }
  }
}

/** Where each column of `schema` comes from (a computed definition wins over an input column). */
function sourcesOf(columns: readonly ColumnDef[], schema: RowSchema, scope: EvalScope): Source[] {
  const defs = new Map(columns.map((c) => [c.name, c]))
  return schema.map((c) => {
    const def = defs.get(c.name)
    if (def) return { def }
    const at = scope.columns.get(c.name)
    if (at === undefined) throw new ExecError('invalid_argument', `column '${c.name}' is not in the input`)
    return { input: at }
  })
}
