// exec/eval/sliced.ts: evaluation that gives the event loop its turns. Expressions run over a batch
// as one slice of the query's guard (exec/guard.ts); when the work outlasts the slice (a kernel
// building long strings, a slow regex), it is dropped, the event loop runs, and the batch is redone
// in PIECES parts, each again a slice (and split again if need be). The values are those of one
// whole-batch evaluation; the parts done stay charged to the query's memory until they are joined.
import type { BoundExpr } from '../../plan/index.ts'
import type { Batch } from '../batch.ts'
import { concatVecs, sliceRows } from '../batch.ts'
import { type QueryGuard, SliceExpired } from '../guard.ts'
import { vecBytes } from '../vec-bytes.ts'
import type { Vec } from '../vector.ts'
import { type EvalScope, evaluate } from './evaluate.ts'

/** Parts a batch is redone in after its slice expired. */
const PIECES = 8

/**
 * Rows per slice that last fit in one for each evaluation scope (one per operator): later batches
 * start in pieces of that size instead of failing whole first; it doubles after each success.
 */
const FITS = new WeakMap<EvalScope, number>()

/** `exprs` at every row of `b` (see module header); without a guard, one plain evaluation. */
export async function evaluateSliced(
  exprs: readonly BoundExpr[],
  b: Batch,
  scope: EvalScope,
  guard: QueryGuard | undefined,
): Promise<Vec[]> {
  const all = () => exprs.map((e) => evaluate(e, b, scope))
  if (guard === undefined) return all()
  const fits = FITS.get(scope)
  let step: number
  if (fits === undefined || b.length <= fits) {
    try {
      const out = guard.slice(all)
      if (fits !== undefined) FITS.set(scope, 2 * fits)
      return out
    } catch (e) {
      if (!(e instanceof SliceExpired)) throw e
    }
    await guard.turn()
    // One row cannot be split: it runs whole (its cost is bounded by the size limits of values).
    if (b.length <= 1) return all()
    step = Math.ceil(b.length / PIECES)
    FITS.set(scope, step)
  } else step = fits
  const held = guard.memory.account('expression evaluation')
  try {
    const parts: Vec[][] = []
    const lens: number[] = []
    for (let from = 0; from < b.length; from += step) {
      const to = Math.min(b.length, from + step)
      const part = await evaluateSliced(exprs, sliceRows(b, from, to), scope, guard)
      held.grow(part.reduce((n, v) => n + vecBytes(v, to - from), 0))
      parts.push(part)
      lens.push(to - from)
    }
    return exprs.map((_, i) =>
      concatVecs(
        parts.map((p) => p[i]),
        lens,
      ),
    )
  } finally {
    held.free()
  }
}
