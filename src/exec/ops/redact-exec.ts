// ops/redact-exec.ts: redact: the listed string columns rewritten by redact-text.ts, one dictionary
// entry at a time (each entry a live row uses is redacted once per batch; the others become '' so no
// unredacted text travels on); rows, selection and other columns pass through.
import type { LogicalOf, RowSchema } from '../../plan/index.ts'
import { type Batch, UNREAD } from '../batch.ts'
import { checkInterrupt, type ExecContext } from '../context.ts'
import type { EvalScope } from '../eval/evaluate.ts'
import { asStr } from '../kernels/coerce.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import type { StrVec, Vec } from '../vector.ts'
import { type Redactor, redactor } from './redact-text.ts'

/** Rewrites the matches of `node`'s regexes in its columns (see module header). */
export class RedactExec implements PhysicalOperator {
  readonly name = 'RedactExec'
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[]
  readonly schema: RowSchema
  readonly #input: PhysicalOperator
  readonly #node: LogicalOf<'Redact'>
  readonly #redact: Redactor
  /** Input column indices to redact. */
  readonly #targets: readonly number[]

  constructor(input: PhysicalOperator, node: LogicalOf<'Redact'>, scope: EvalScope) {
    this.#input = input
    this.children = [input]
    this.schema = node.schema
    this.#node = node
    this.#redact = redactor(node.patterns, node.replacement, node.groups)
    this.#targets = node.columns.map((c) => scope.columns.get(c) as number)
  }

  explain(): string {
    return `RedactExec [${this.#node.columns.join(', ')}] ${this.#node.replacement.kind}`
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    for await (const b of this.#input.batches(ctx)) {
      checkInterrupt(ctx)
      const t0 = performance.now()
      const live = b.sel ? b.sel.length : b.length
      this.metrics.rowsIn += live
      const cols = [...b.cols]
      for (const at of this.#targets) {
        const v = cols[at]
        if (v !== UNREAD) cols[at] = this.#column(v, b)
      }
      this.metrics.rowsOut += live
      this.metrics.timeMs += performance.now() - t0
      yield { ...b, cols }
    }
  }

  #column(v: Vec, b: Batch): StrVec {
    const src = asStr(v, b.length)
    const dict: (string | undefined)[] = new Array(src.dict.length)
    const live = b.sel ? b.sel.length : b.length
    for (let j = 0; j < live; j++) {
      const c = src.codes[b.sel ? b.sel[j] : j]
      if (c >= 0 && dict[c] === undefined) dict[c] = this.#redact(src.dict[c])
    }
    for (let c = 0; c < dict.length; c++) dict[c] ??= ''
    return { kind: 'str', codes: src.codes, dict: dict as string[] }
  }
}
