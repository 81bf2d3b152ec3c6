// ops/filter-exec.ts: keeps the rows whose predicate is true by narrowing the selection; columns pass
// through untouched. Whole batch passes as is when every live row passes, and nothing is emitted when none do.
// Scratch (the kept rows, code-select's code table) belongs to the operator instance.
import type { BoundExpr, RowSchema } from '../../plan/index.ts'
import { type Batch, liveIndices, liveWeight, takeVec } from '../batch.ts'
import { checkInterrupt, type ExecContext } from '../context.ts'
import { type EvalScope, evaluate } from '../eval/evaluate.ts'
import { evaluateSliced } from '../eval/sliced.ts'
import { asBool } from '../kernels/coerce.ts'
import { selectAgainstConstant } from '../kernels/operators/compare.ts'
import { leafCall } from '../leaf-call.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'
import { selectByCodes } from './code-pass.ts'
import { type CodeConjunct, type CodeScratch, codeConjuncts, codeTests } from './code-select.ts'

/** A filter's scratch: the kept rows of a batch are gathered in `keep`, then copied out at their count. */
export interface FilterScratch extends CodeScratch {
  keep: Uint32Array
}

/** Fresh (empty) scratch; each FilterExec owns one. */
export function filterScratch(): FilterScratch {
  return { keep: new Uint32Array(0), codes: new Int32Array(0) }
}

/** The selection of `b` narrowed to rows where `pass` is 1 (null when every row of a dense batch passes). */
export function narrow(
  b: Batch,
  pass: Uint8Array,
  valid: Uint8Array | null,
  scratch: FilterScratch,
): Uint32Array | null | 'none' {
  // Through leafCall: V8's mid tier would inline the loop here, where it runs several times slower.
  const sel = gather(b, scratch, (rows, keep, total) =>
    rows !== null
      ? leafCall(keepSelected, rows, pass, valid, keep)
      : valid === null
        ? leafCall(keepDense, pass, keep, total)
        : leafCall(keepValid, pass, valid, keep, total),
  )
  // These fills always take the batch.
  return sel as Uint32Array | null | 'none'
}

/**
 * The selection of `b` narrowed by `fill`, which writes the kept rows of `rows` (every row below
 * `total` when null) into `keep` and returns how many; undefined when `fill` declines.
 */
function gather(
  b: Batch,
  scratch: FilterScratch,
  fill: (rows: Uint32Array | null, keep: Uint32Array, total: number) => number | undefined,
): Uint32Array | null | 'none' | undefined {
  const rows = b.sel
  const total = rows ? rows.length : b.length
  // The rows are gathered in a reused scratch and copied out at their count: a fresh zeroed array of
  // every row per batch was most of a selective filter's cost at 10M rows (page faults, GC).
  if (scratch.keep.length < total) scratch.keep = new Uint32Array(Math.max(total, 2 * scratch.keep.length))
  const keep = scratch.keep
  const k = fill(rows, keep, total)
  if (k === undefined) return undefined
  if (k === 0) return 'none'
  if (k === total) return rows
  return keep.slice(0, k)
}

// Leaf loops, branch-free (every row is written; the count moves on past a passing one): `+(test)`,
// where `test ? 1 : 0` compiles to a branch that mispredicts on every other row of real data.
// Nothing but `return` follows a loop: a statement there without type feedback would deoptimize the
// on-the-fly compiled loop on every exit.

function keepDense(pass: Uint8Array, keep: Uint32Array, total: number): number {
  let k = 0
  for (let j = 0; j < total; j++) {
    keep[k] = j
    k += +(pass[j] === 1)
  }
  return k
}

function keepValid(pass: Uint8Array, valid: Uint8Array, keep: Uint32Array, total: number): number {
  let k = 0
  for (let j = 0; j < total; j++) {
    keep[k] = j
    k += +(pass[j] === 1) & +(valid[j] === 1)
  }
  return k
}

function keepSelected(
  rows: Uint32Array,
  pass: Uint8Array,
  valid: Uint8Array | null,
  keep: Uint32Array,
): number {
  let k = 0
  for (let j = 0; j < rows.length; j++) {
    const i = rows[j]
    keep[k] = i
    k += +(pass[i] === 1) & +(valid === null || valid[i] === 1)
  }
  return k
}

/** A column or a literal: evaluated without work, so a declined selection path costs nothing. */
function isLeaf(e: BoundExpr): boolean {
  return e.kind === 'Column' || e.kind === 'Literal'
}

/** Rows per predicate evaluation slice of a large batch: the deadline is checked between slices. */
export const INTERRUPT_ROWS = 65_536

/** `where`: see module header. */
export class FilterExec implements PhysicalOperator {
  readonly name = 'FilterExec'
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[]
  readonly schema: RowSchema
  readonly #input: PhysicalOperator
  readonly #predicate: BoundExpr
  readonly #scope: EvalScope
  /** The predicate's conjuncts when each reads one column and constants (code-select.ts). */
  readonly #conjuncts: readonly CodeConjunct[] | undefined
  readonly #scratch: FilterScratch = filterScratch()

  constructor(input: PhysicalOperator, predicate: BoundExpr, scope: EvalScope) {
    this.#input = input
    this.children = [input]
    this.schema = input.schema
    this.#predicate = predicate
    this.#scope = scope
    this.#conjuncts = codeConjuncts(predicate)
  }

  get input(): PhysicalOperator {
    return this.#input
  }

  get predicate(): BoundExpr {
    return this.#predicate
  }

  /** This filter over `input` (a rebuilt subtree). */
  withInput(input: PhysicalOperator): FilterExec {
    return new FilterExec(input, this.#predicate, this.#scope)
  }

  explain(): string {
    return 'FilterExec'
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    for await (const b of this.#input.batches(ctx)) {
      await ctx.guard.pace()
      const t0 = performance.now()
      if (b.weights !== undefined) {
        yield* this.#weighted(b, ctx, t0)
        continue
      }
      const live = b.sel ? b.sel.length : b.length
      this.metrics.rowsIn += live
      const sel = this.#select(b) ?? (await this.#narrowed(b, ctx))
      this.metrics.timeMs += performance.now() - t0
      if (sel === 'none') continue
      const out = sel === b.sel ? b : { length: b.length, sel, cols: b.cols, firstSeq: b.firstSeq }
      this.metrics.rowsOut += sel ? sel.length : b.length
      yield out
    }
  }

  /** The selection through the predicate's bool vector (evaluated in slices of the event loop's time). */
  async #narrowed(b: Batch, ctx: ExecContext): Promise<Uint32Array | null | 'none'> {
    const p =
      b.length <= INTERRUPT_ROWS
        ? asBool((await evaluateSliced([this.#predicate], b, this.#scope, ctx.guard))[0], b.length)
        : this.#pass(b, ctx)
    return narrow(b, p.values, p.valid, this.#scratch)
  }

  /**
   * Straight to the selection, without a bool vector: a number column against a number constant
   * (`where x > 500`, kernels/operators/compare.ts), or conjuncts over dictionary strings decided per code
   * (code-select.ts); undefined when the predicate is of neither shape.
   */
  #select(b: Batch): Uint32Array | null | 'none' | undefined {
    const p = this.#predicate
    if (b.length > INTERRUPT_ROWS) return undefined
    if (p.kind === 'Binary' && isLeaf(p.left) && isLeaf(p.right)) {
      const left = evaluate(p.left, b, this.#scope)
      const right = evaluate(p.right, b, this.#scope)
      const sel = gather(b, this.#scratch, (rows, keep, total) =>
        selectAgainstConstant(p.kernel, left, right, rows, total, keep),
      )
      if (sel !== undefined) return sel
    }
    const tests = this.#conjuncts && codeTests(this.#conjuncts, b, this.#scope, this.#scratch)
    return tests && gather(b, this.#scratch, (rows, keep, total) => selectByCodes(tests, rows, keep, total))
  }

  /** A block's weighted distinct values (Batch.weights): narrowed alike, counted by weight. */
  async *#weighted(b: Batch, ctx: ExecContext, t0: number): AsyncGenerator<Batch> {
    this.metrics.rowsIn += liveWeight(b)
    const sel = this.#select(b) ?? (await this.#narrowed(b, ctx))
    this.metrics.timeMs += performance.now() - t0
    if (sel === 'none') return
    const out = sel === b.sel ? b : { length: b.length, sel, cols: b.cols, weights: b.weights }
    this.metrics.rowsOut += liveWeight(out)
    yield out
  }

  /**
   * The predicate at every row of `b`. A batch longer than INTERRUPT_ROWS (the unsealed tail can be)
   * is evaluated over its live rows in slices, so a slow kernel (regex) cannot outrun the deadline.
   */
  #pass(b: Batch, ctx: ExecContext): { values: Uint8Array; valid: Uint8Array | null } {
    if (b.length <= INTERRUPT_ROWS) return asBool(evaluate(this.#predicate, b, this.#scope), b.length)
    const rows = liveIndices(b)
    // Rows outside the selection stay 0: narrow() never reads them.
    const values = new Uint8Array(b.length)
    for (let at = 0; at < rows.length; at += INTERRUPT_ROWS) {
      checkInterrupt(ctx)
      const idx = rows.subarray(at, at + INTERRUPT_ROWS)
      const part: Batch = { length: idx.length, sel: null, cols: b.cols.map((c) => takeVec(c, idx)) }
      const p = asBool(evaluate(this.#predicate, part, this.#scope), idx.length)
      for (let j = 0; j < idx.length; j++) {
        if (p.values[j] === 1 && (!p.valid || p.valid[j] === 1)) values[idx[j]] = 1
      }
    }
    return { values, valid: null }
  }
}
