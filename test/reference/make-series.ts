// test/reference/make-series.ts: `make-series` (apl-reference §4 notes): per group of the `by` keys,
// each aggregation as an array over `step` buckets from `from` (default: bin(min axis, step)) up to
// `to` (exclusive; default: through the bucket of the max axis), plus the `_time` array of bucket starts.

import type { LogicalOf } from '../../src/plan/index.ts'
import { aggregateOver, jsonArray } from './aggregates.ts'
import type { EvalContext, Row } from './context.ts'
import { EMPTY_ROW, evalExpr, literalValue, rowEnv } from './expr.ts'
import { floorDiv } from './scalar.ts'
import { conform, DateTime, Timespan, tupleKey, type Value } from './values.ts'

type MakeSeries = LogicalOf<'MakeSeries'>

/** Most buckets a series may have in the oracle (a guard against a runaway step). */
export const MAX_SERIES_BUCKETS = 1_000_000

/** Positions on the axis: exact ns/longs when every part is integral, else doubles. */
type Line = bigint | number

function toLine(v: Value, exact: boolean): Line | null {
  if (v instanceof DateTime || v instanceof Timespan) return exact ? v.ns : Number(v.ns)
  if (typeof v === 'bigint') return exact ? v : Number(v)
  return typeof v === 'number' ? v : null
}

function fromLine(x: Line, like: MakeSeries['on']['type']): Value {
  if (like === 'datetime') return new DateTime(BigInt(x))
  if (like === 'timespan') return new Timespan(BigInt(x))
  if (like === 'long') return typeof x === 'bigint' ? x : BigInt(Math.trunc(x))
  return Number(x)
}

/** Bucket index of `x` relative to `start`. */
function slot(x: Line, start: Line, step: Line): Line {
  if (typeof x === 'bigint') return floorDiv(x - (start as bigint), step as bigint)
  return Math.floor((x - (start as number)) / (step as number))
}

/** `x` rounded down to a multiple of `step` (0-aligned, as `bin`). */
function floorTo(x: Line, step: Line): Line {
  if (typeof x === 'bigint') return floorDiv(x, step as bigint) * (step as bigint)
  return Math.floor(x / (step as number)) * (step as number)
}

/** Buckets from `start` needed to reach (exclusive) `to`: ceil((to - start) / step). */
function ceilBuckets(to: Line, start: Line, step: Line): number {
  if (typeof to === 'bigint') return Number(-floorDiv(-(to - (start as bigint)), step as bigint))
  return Math.ceil((to - (start as number)) / (step as number))
}

/** The value of an empty bucket: the `default =` literal, else 0 for long/real series, else null. */
function fillValue(a: MakeSeries['aggregates'][number]): Value {
  if (a.fill !== null) return conform(literalValue(a.fill), a.call.type)
  if (a.call.type === 'long') return 0n
  return a.call.type === 'real' ? 0 : null
}

/** Evaluates make-series over the input rows. No rows in range → no series. */
export function makeSeriesRows(n: MakeSeries, input: readonly Row[], ctx: EvalContext): Row[] {
  const constant = (e: MakeSeries['step'] | null) => (e === null ? null : evalExpr(e, rowEnv(EMPTY_ROW, ctx)))
  const parts = [constant(n.step), constant(n.from), constant(n.to)]
  const exact = n.on.type !== 'real' && parts.every((p) => p === null || typeof p !== 'number')
  const [step, from, to] = parts.map((p) => (p === null ? null : toLine(p, exact)))
  if (step === null || step <= 0) throw new RangeError('make-series: the step must be positive')
  const axis = input.map((r) => toLine(evalExpr(n.on, rowEnv(r, ctx)), exact))
  const present = axis.filter((x): x is Line => x !== null)
  if (present.length === 0) return []
  let min = present[0]
  let max = present[0]
  // Bigints and doubles alike (Math.min/max would not take bigints).
  for (const x of present) {
    if (x < min) min = x
    if (x > max) max = x
  }
  const start = from ?? floorTo(min, step)
  const count = Math.max(0, to === null ? Number(slot(max, start, step)) + 1 : ceilBuckets(to, start, step))
  if (count > MAX_SERIES_BUCKETS)
    throw new RangeError(`make-series: ${count} buckets exceed ${MAX_SERIES_BUCKETS}`)
  const groups = new Map<string, { keys: Value[]; buckets: Row[][] }>()
  input.forEach((r, i) => {
    const x = axis[i]
    if (x === null) return
    const at = Number(slot(x, start, step))
    if (at < 0 || at >= count) return
    const keys = n.keys.map((k) => evalExpr(k.expr, rowEnv(r, ctx)))
    const key = tupleKey(keys)
    const g = groups.get(key) ?? { keys, buckets: Array.from({ length: count }, () => []) }
    g.buckets[at].push(r)
    groups.set(key, g)
  })
  ctx.groupCounts.set(n, groups.size)
  const starts = Array.from({ length: count }, (_, i) =>
    fromLine(
      typeof step === 'bigint' ? (start as bigint) + BigInt(i) * step : (start as number) + i * step,
      n.on.type,
    ),
  )
  // rate() is per second of a bucket: the step of a datetime axis (else the query window).
  const bucketNs = n.on.type === 'datetime' && typeof step === 'bigint' ? step : null
  return [...groups.values()].map((g) => {
    const row = new Map<string, Value>()
    for (const [i, k] of n.keys.entries()) row.set(k.name, g.keys[i])
    for (const a of n.aggregates) {
      const values = g.buckets.map((rows) =>
        rows.length === 0 ? fillValue(a) : aggregateOver(a.call, rows, ctx, bucketNs),
      )
      row.set(a.name, jsonArray(values))
    }
    row.set(n.axis, jsonArray(starts))
    return row
  })
}
