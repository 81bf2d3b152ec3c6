// ops/union-exec.ts: `union`: its inputs end to end, in order, each batch's columns placed by name
// into the merged schema (a column an input lacks reads as null; a long in a real column is widened),
// plus the `withsource=` column holding the input's dataset name (or `union_arg<i>`).
import type { RowSchema } from '../../plan/index.ts'
import type { Batch } from '../batch.ts'
import { compactBatch, nullVec } from '../batch.ts'
import type { ExecContext } from '../context.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import type { Vec } from '../vector.ts'

/** Fits `v` to a column of the merged schema: longs widen to real in a real column. */
function conformVec(v: Vec, type: RowSchema[number]['type']): Vec {
  if (type === 'real' && v.kind === 'num' && v.type === 'long')
    return { kind: 'num', type: 'real', values: v.values, valid: v.valid }
  return v
}

/** A string vector of `n` copies of `text` (one dictionary entry). */
function constantStr(text: string, n: number): Vec {
  return { kind: 'str', codes: new Int32Array(n), dict: [text] }
}

/** `union`: see module header. */
export class UnionExec implements PhysicalOperator {
  readonly name = 'UnionExec'
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[]
  readonly schema: RowSchema
  readonly #withSource: string | null
  readonly #sourceNames: readonly string[]
  /** Per input, per output column: the input column index, or -1 (null / the withsource column). */
  readonly #maps: readonly Int32Array[]

  constructor(
    inputs: readonly PhysicalOperator[],
    schema: RowSchema,
    withSource: string | null,
    sourceNames: readonly string[],
  ) {
    this.children = inputs
    this.schema = schema
    this.#withSource = withSource
    this.#sourceNames = sourceNames
    this.#maps = inputs.map((input) => {
      const at = new Map(input.schema.map((c, i) => [c.name, i]))
      return Int32Array.from(schema, (c) => (c.name === withSource ? -1 : (at.get(c.name) ?? -1)))
    })
  }

  explain(): string {
    const src = this.#withSource === null ? '' : ` withsource=${this.#withSource}`
    return `UnionExec ${this.children.length} inputs${src}`
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    for (let k = 0; k < this.children.length; k++) {
      const map = this.#maps[k]
      for await (const raw of this.children[k].batches(ctx)) {
        await ctx.guard.pace()
        const t0 = performance.now()
        // Dense rows: placed columns and fresh null/constant columns must have the same length.
        const b = compactBatch(raw)
        const cols = this.schema.map((c, j) => {
          if (c.name === this.#withSource) return constantStr(this.#sourceNames[k], b.length)
          return map[j] < 0 ? nullVec(c.type, b.length) : conformVec(b.cols[map[j]], c.type)
        })
        this.metrics.rowsIn += b.length
        this.metrics.rowsOut += b.length
        this.metrics.timeMs += performance.now() - t0
        if (b.length > 0) yield { length: b.length, sel: null, cols }
      }
    }
  }
}
