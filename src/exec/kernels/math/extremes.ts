// exec/kernels/math/extremes.ts: max_of / min_of over 2 to 64 arguments (variadic, so by hand on the
// helper's readArg/valueAt/resultSink): each row's largest or smallest non-null argument, compared in
// the lane of the call's common type; null only when every argument is null.
import type { AplType } from '../../../catalog/index.ts'
import { conformResult, type ResultLane, readArg, resultSink, valueAt } from '../executor/index.ts'
import { KERNEL_CHECK_ROWS, type Kernel } from '../kernel.ts'
import { compareStrings } from '../parse-number.ts'

/** The lane a common type is compared in (numbers for a type known only per row). */
const LANE: Readonly<Record<AplType, Exclude<ResultLane, 'long64'>>> = {
  bool: 'bool',
  long: 'real',
  real: 'real',
  string: 'string',
  datetime: 'datetime',
  timespan: 'timespan',
  dynamic: 'real',
  unknown: 'real',
}

/** Orders two non-null values of one lane (numbers, bigints, strings, booleans). */
function compare(a: unknown, b: unknown): number {
  if (typeof a === 'string') return compareStrings(a, b as string)
  if (typeof a === 'boolean') return Number(a) - Number(b as boolean)
  const [x, y] = [a as number, b as number]
  return x < y ? -1 : x > y ? 1 : 0
}

/** A max_of (sign 1) or min_of (sign -1) kernel. */
function extreme(sign: 1 | -1): Kernel {
  return (vecs, n, site) => {
    const lane = LANE[site.type]
    const args = vecs.map((v) => readArg(v, lane, n))
    const sink = resultSink(lane, n)
    const sel = site.sel ?? null
    const live = sel ? sel.length : n
    for (let j = 0; j < live; j++) {
      if (j > 0 && j % KERNEL_CHECK_ROWS === 0) site.interrupt?.()
      const i = sel ? sel[j] : j
      let best: unknown = null
      for (const a of args) {
        const x = valueAt(a, i)
        if (x === null || x === undefined || (typeof x === 'number' && Number.isNaN(x))) continue
        if (best === null || compare(x, best) * sign > 0) best = x
      }
      sink.put(i, best)
    }
    const out = sink.finish()
    if (out.kind === 'num' && site.type === 'long') return { ...out, type: 'long' }
    return conformResult(out, site.type, n)
  }
}

/** The extremes kernels. */
export const EXTREME_KERNELS = { max_of: extreme(1), min_of: extreme(-1) }
