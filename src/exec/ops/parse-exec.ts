// ops/parse-exec.ts: parse / parse-where / parse-kv: evaluates the source as dictionary strings, matches
// each dictionary entry the live rows use once (parse-match.ts), types each capture once per matched
// entry and gathers it by row; parse-where narrows the selection to matched rows.
import type { AplType } from '../../catalog/index.ts'
import type { LogicalOf, RowSchema } from '../../plan/index.ts'
import { type Batch, fromCells, takeVec } from '../batch.ts'
import { checkInterrupt, type ExecContext } from '../context.ts'
import { type EvalScope, evaluate } from '../eval/evaluate.ts'
import { asStr } from '../kernels/coerce.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import type { Cell } from '../result.ts'
import type { Vec } from '../vector.ts'
import { scansLinearly, type TextMatcher, textMatcher } from './parse-match.ts'

/** Entry not matched yet. */
const PENDING = -2
/** Entry (or row) that does not match. */
const NO_MATCH = -1

/** Appends the captures of `node` to its input's rows (see module header). */
export class ParseExec implements PhysicalOperator {
  readonly name: string
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[]
  readonly schema: RowSchema
  readonly #input: PhysicalOperator
  readonly #node: LogicalOf<'Parse'>
  readonly #scope: EvalScope
  readonly #match: TextMatcher
  readonly #types: readonly AplType[]
  /** Input column index of each output column before the captures. */
  readonly #kept: readonly number[]

  constructor(input: PhysicalOperator, node: LogicalOf<'Parse'>, scope: EvalScope) {
    this.name = node.filter ? 'ParseWhereExec' : 'ParseExec'
    this.#input = input
    this.children = [input]
    this.schema = node.schema
    this.#node = node
    this.#scope = scope
    this.#types = node.captures.map((c) => c.type)
    this.#match = textMatcher(node.matcher, this.#types)
    const kept = node.schema.length - node.captures.length
    this.#kept = node.schema.slice(0, kept).map((c) => scope.columns.get(c.name) as number)
  }

  explain(): string {
    const scan = scansLinearly(this.#node.matcher) ? ' linear-scan' : ''
    return `${this.name}${scan} [${this.#node.captures.map((c) => `${c.name}:${c.type}`).join(', ')}]`
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    for await (const b of this.#input.batches(ctx)) {
      checkInterrupt(ctx)
      const t0 = performance.now()
      const out = this.#parse(b)
      const live = b.sel ? b.sel.length : b.length
      this.metrics.rowsIn += live
      this.metrics.timeMs += performance.now() - t0
      if (out === undefined) continue
      this.metrics.rowsOut += out.sel ? out.sel.length : out.length
      yield out
    }
  }

  /** The batch with its captures appended (undefined: parse-where kept no row). */
  #parse(b: Batch): Batch | undefined {
    const src = asStr(evaluate(this.#node.source, b, this.#scope), b.length)
    const entries = new Int32Array(src.dict.length).fill(PENDING)
    const results: Cell[][] = []
    const rowResult = new Int32Array(b.length).fill(NO_MATCH)
    const live = b.sel ? b.sel.length : b.length
    const keep = this.#node.filter ? new Uint32Array(live) : null
    let kept = 0
    for (let j = 0; j < live; j++) {
      const i = b.sel ? b.sel[j] : j
      const c = src.codes[i]
      if (c < 0) continue
      let r = entries[c]
      if (r === PENDING) {
        const m = this.#match(src.dict[c])
        r = m === null ? NO_MATCH : results.push(m) - 1
        entries[c] = r
      }
      rowResult[i] = r
      if (keep !== null && r >= 0) keep[kept++] = i
    }
    if (keep !== null && kept === 0) return undefined
    const sel = keep === null || kept === live ? b.sel : keep.slice(0, kept)
    const cols: Vec[] = this.#kept.map((at) => b.cols[at])
    // each capture typed once per matched entry (slot results.length is null), then gathered by row
    const rowIdx = new Uint32Array(b.length)
    for (let i = 0; i < rowIdx.length; i++) rowIdx[i] = rowResult[i] < 0 ? results.length : rowResult[i]
    this.#types.forEach((type, k) => {
      const cells: Cell[] = new Array(results.length + 1)
      for (let r = 0; r < results.length; r++) cells[r] = results[r][k]
      cells[results.length] = null
      cols.push(takeVec(fromCells(type, cells), rowIdx))
    })
    return b.weights === undefined
      ? { length: b.length, sel, cols }
      : { length: b.length, sel, cols, weights: b.weights }
  }
}
