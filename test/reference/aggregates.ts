// test/reference/aggregates.ts: every T1/T2 aggregation computed exactly over a group's rows, keyed by
// the catalog's kernel keys, plus T3 arg_min/arg_max (the row they pick, rule 63). Nulls are ignored;
// an aggregate over no values gives the catalog row's `onEmpty` (0, [] or null). `*if` forms filter
// on their predicate, then run their base row.

import { type AggregateKernelKey, type AplType, lookupAggregate } from '../../src/catalog/index.ts'
import type { KernelTable } from '../../src/catalog/kernel-table.ts'
import type { BoundAggCall } from '../../src/plan/index.ts'
import { phrases, spotlight } from './analysis-aggregates.ts'
import { totalOrder } from './compare.ts'
import type { EvalContext, Row } from './context.ts'
import {
  addExact,
  decimalFraction,
  doubleToScaled,
  exactQuotient,
  exactSum,
  ratioToDouble,
  SCALE,
} from './exact.ts'
import { evalExpr, OracleUnsupported, rowEnv } from './expr.ts'
import {
  conform,
  isNumber,
  type Json,
  kindOf,
  Timespan,
  toJson,
  type Value,
  valueKey,
  wrapLong,
} from './values.ts'

/** What an aggregation may need besides its rows: the length of the time bucket the group covers. */
export interface AggSite {
  /**
   * Seconds of the group's time bucket (`summarize … by bin(_time, 1m)`: 60; make-series: its step),
   * or of the whole query window when the summarize has no time bin; null when not positive.
   */
  readonly bucketSeconds: number | null
}

/** One aggregation over the evaluated arguments of each row of a group (`argRows[row][arg]`). */
export type AggImpl = (call: BoundAggCall, argRows: readonly (readonly Value[])[], site: AggSite) => Value

/** Kusto's default cap of make_list / make_set when no max size is given. */
export const DEFAULT_MAX_SIZE = 1_048_576

/** The zero of a result type (sum/count over nothing). */
function zeroOf(type: AplType): Value {
  if (type === 'real') return 0
  return type === 'timespan' ? new Timespan(0n) : 0n
}

/** The value over no (non-null) input, per the catalog row. */
function emptyValue(call: BoundAggCall): Value {
  const rule = call.fn.onEmpty
  if (rule === 'zero') return zeroOf(call.type)
  return rule === 'emptyArray' ? [] : null
}

/** Non-null values of argument `i`, in row order. */
function present(argRows: readonly (readonly Value[])[], i = 0): Value[] {
  return argRows.map((a) => a[i]).filter((v) => v !== null)
}

/** Values sorted by the total order (compare.ts), stable. */
function sorted(values: readonly Value[]): Value[] {
  return [...values].sort(totalOrder)
}

/** A constant argument (first row's value; constants are equal on every row). */
function constantArg(argRows: readonly (readonly Value[])[], i: number): Value {
  return argRows.length === 0 ? null : argRows[0][i]
}

/** `make_list`/`make_set` max size: the constant argument, else DEFAULT_MAX_SIZE. */
function maxSize(argRows: readonly (readonly Value[])[], i: number): number {
  const v = constantArg(argRows, i)
  return v === null || v === undefined ? DEFAULT_MAX_SIZE : Number(v)
}

/**
 * Percentile by nearest rank (Kusto's exact definition): the value at rank ceil(p/100 · n) of the
 * sorted values (rank at least 1). p is taken at its shortest decimal text (so 99.9 is exactly 999/10).
 */
export function nearestRank(sortedValues: readonly Value[], p: Value): Value {
  const n = BigInt(sortedValues.length)
  const { num, den } = typeof p === 'bigint' ? { num: p, den: 1n } : decimalFraction(Number(p))
  const q = 100n * den
  const rank = (num * n + q - 1n) / q
  const at = Number(rank < 1n ? 0n : rank - 1n)
  return sortedValues[Math.min(at, sortedValues.length - 1)]
}

/** sum over numbers (exact; long unless a real is present) or over timespans, per the call's type. */
const sum: AggImpl = (call, argRows) => {
  const values = present(argRows)
  if (call.type === 'timespan') {
    const spans = values.filter((v): v is Timespan => v instanceof Timespan)
    return spans.length === 0
      ? emptyValue(call)
      : new Timespan(wrapLong(spans.reduce((a, s) => a + s.ns, 0n)))
  }
  const numbers = values.filter(isNumber)
  if (numbers.length === 0) return emptyValue(call)
  if (numbers.every((v) => typeof v === 'bigint')) return wrapLong(numbers.reduce((a, v) => a + v, 0n))
  const s = exactSum()
  for (const v of numbers) addExact(s, v)
  return exactQuotient(s, 1n)
}

/** avg: exact sum / count rounded once; timespans average to a timespan truncated toward zero. */
const avg: AggImpl = (call, argRows) => {
  const values = present(argRows)
  if (call.type === 'timespan') {
    const spans = values.filter((v): v is Timespan => v instanceof Timespan)
    if (spans.length === 0) return emptyValue(call)
    return new Timespan(spans.reduce((a, s) => a + s.ns, 0n) / BigInt(spans.length))
  }
  const numbers = values.filter(isNumber)
  if (numbers.length === 0) return emptyValue(call)
  const s = exactSum()
  for (const v of numbers) addExact(s, v)
  return exactQuotient(s, BigInt(numbers.length))
}

/** min/max by the total order, NaN left out (rule 44). */
const extreme =
  (pick: 'min' | 'max'): AggImpl =>
  (call, argRows) => {
    const values = sorted(present(argRows).filter((v) => !(typeof v === 'number' && Number.isNaN(v))))
    if (values.length === 0) return emptyValue(call)
    return pick === 'min' ? values[0] : values[values.length - 1]
  }

/** Distinct non-null values in first-seen order. */
function distinct(values: readonly Value[]): Value[] {
  const seen = new Map<string, Value>()
  for (const v of values) if (!seen.has(valueKey(v))) seen.set(valueKey(v), v)
  return [...seen.values()]
}

/** topk: exact counts per distinct value, highest first, ties by value (total order); error 0. */
const topk: AggImpl = (_call, argRows) => {
  const counts = new Map<string, { value: Value; count: number }>()
  for (const v of present(argRows)) {
    const k = valueKey(v)
    const slot = counts.get(k) ?? { value: v, count: 0 }
    slot.count++
    counts.set(k, slot)
  }
  const k = Number(constantArg(argRows, 1))
  return [...counts.values()]
    .sort((a, b) => b.count - a.count || totalOrder(a.value, b.value))
    .slice(0, k)
    .map((e) => ({ key: toJson(e.value), count: e.count, error: 0 }))
}

/**
 * variance (sample, n − 1, as Kusto) computed exactly: with every value scaled to an integer X = x·2^1074,
 * (n·ΣX² − (ΣX)²) / (n(n − 1)) / 2^2148, rounded once. One value gives 0; none gives null.
 */
function exactVariance(argRows: readonly (readonly Value[])[]): number | null {
  const numbers = present(argRows).filter(isNumber)
  if (numbers.length === 0) return null
  if (numbers.length === 1) return 0
  let s1 = 0n
  let s2 = 0n
  for (const v of numbers) {
    const x = typeof v === 'bigint' ? v * SCALE : doubleToScaled(v)
    s1 += x
    s2 += x * x
  }
  const n = BigInt(numbers.length)
  return ratioToDouble(n * s2 - s1 * s1, n * (n - 1n) * SCALE * SCALE)
}

/** stdev: the square root of the exact variance, rounded once more (O: Kusto's own rounding may differ). */
const stdev: AggImpl = (call, argRows) => {
  const v = exactVariance(argRows)
  return v === null ? emptyValue(call) : Math.sqrt(v)
}

/**
 * histogram(x, bins) (decision §10.2): `bins` buckets of equal width from the smallest to the largest
 * value, bucket i holding lower_i <= x < upper_i with lower_i = min + i·width (the last also holds the
 * maximum), as [{lower, upper, count}]; one bucket when every value is equal; [] over no values.
 */
const histogram: AggImpl = (call, argRows) => {
  const xs = present(argRows).filter(isNumber).map(Number)
  if (xs.length === 0) return emptyValue(call)
  const min = Math.min(...xs)
  const max = Math.max(...xs)
  if (!(max > min)) return [{ lower: min, upper: max, count: xs.length }]
  const bins = Number(constantArg(argRows, 1))
  const width = (max - min) / bins
  return Array.from({ length: bins }, (_, i) => {
    const lower = min + i * width
    const last = i === bins - 1
    const upper = last ? max : min + (i + 1) * width
    const count = xs.filter((x) => x >= lower && (last ? x <= upper : x < upper)).length
    return { lower, upper, count }
  })
}

/** rate(x): the sum of the values per second of the group's time bucket (or query window); null without values. */
const rate: AggImpl = (call, argRows, site) => {
  const numbers = present(argRows).filter(isNumber)
  if (numbers.length === 0 || site.bucketSeconds === null) return emptyValue(call)
  const s = exactSum()
  for (const v of numbers) addExact(s, v)
  return Number(exactQuotient(s, 1n)) / site.bucketSeconds
}

/** Values arg_min/arg_max compare: not null, not NaN, not a dynamic array or object (rule 63). */
function comparable(v: Value): boolean {
  const k = kindOf(v)
  return k !== 'null' && k !== 'array' && k !== 'object' && !(typeof v === 'number' && Number.isNaN(v))
}

/**
 * arg_min/arg_max (rule 63): the index of the first row (input order) whose argument 0 is the
 * smallest/largest by the total order among the comparable values; -1 when there is none.
 */
export function argExtremumRow(kernel: string, argRows: readonly (readonly Value[])[]): number {
  const sign = kernel === 'arg_max' ? 1 : -1
  let best = -1
  argRows.forEach((args, i) => {
    if (!comparable(args[0])) return
    // Strictly better only: a tie keeps the earlier row.
    if (best < 0 || sign * totalOrder(args[0], argRows[best][0]) > 0) best = i
  })
  return best
}

/** arg_min/arg_max as one value: the extreme itself (the returned columns come from argExtremumOver). */
const argExtreme: AggImpl = (call, argRows) => {
  const i = argExtremumRow(call.kernel, argRows)
  return i < 0 ? emptyValue(call) : argRows[i][0]
}

/** The values a percentile ranks: present ones, without NaN (not orderable; e.g. `sqrt` of a negative). */
function ranked(argRows: readonly (readonly Value[])[]): Value[] {
  return present(argRows).filter((v) => !(typeof v === 'number' && Number.isNaN(v)))
}

/** An `*if` row: keep rows whose predicate is true, drop the predicate, run the base row. */
const conditional: AggImpl = (call, argRows, site) => {
  const link = call.fn.filtered
  const base = link === undefined ? undefined : lookupAggregate(link.base)
  if (link === undefined || base === undefined) throw new OracleUnsupported(`${call.fn.name} has no base row`)
  const drop = (xs: readonly unknown[]) => xs.filter((_, i) => i !== link.predicateArg)
  const kept = argRows.filter((a) => a[link.predicateArg] === true).map((a) => drop(a) as Value[])
  const baseCall: BoundAggCall = {
    ...call,
    fn: base,
    kernel: base.kernel,
    args: drop(call.args) as BoundAggCall['args'],
  }
  return runAggregate(baseCall, kept, site)
}

/** Every T1/T2 aggregation (plus the T3 `*if` forms that come free with `conditional`). */
export const AGGREGATES: KernelTable<AggregateKernelKey, AggImpl> = {
  count: (_call, argRows) => BigInt(argRows.length),
  dcount: (_call, argRows) => BigInt(distinct(present(argRows)).length),
  sum,
  avg,
  min: extreme('min'),
  max: extreme('max'),
  countif: conditional,
  dcountif: conditional,
  sumif: conditional,
  avgif: conditional,
  minif: conditional,
  maxif: conditional,
  percentile: (call, argRows) => {
    const values = sorted(ranked(argRows))
    return values.length === 0 ? emptyValue(call) : nearestRank(values, constantArg(argRows, 1))
  },
  percentiles_array: (call, argRows) => {
    const values = sorted(ranked(argRows))
    if (values.length === 0) return emptyValue(call)
    // percentiles_arrayif's percentages come as one dynamic array (rule 205).
    const ps = call.args.slice(1).flatMap((_, i) => {
      const p: unknown = constantArg(argRows, i + 1)
      return Array.isArray(p) ? (p as number[]) : [p as number]
    })
    return ps.map((p) => toJson(nearestRank(values, p)))
  },
  make_list: (_call, argRows) =>
    present(argRows)
      .slice(0, maxSize(argRows, 1))
      .map((v) => toJson(v)),
  make_set: (_call, argRows) =>
    distinct(present(argRows))
      .slice(0, maxSize(argRows, 1))
      .map((v) => toJson(v)),
  topk,
  percentileif: conditional,
  make_list_if: conditional,
  make_set_if: conditional,
  topkif: conditional,
  variance: (call, argRows) => exactVariance(argRows) ?? emptyValue(call),
  stdev,
  varianceif: conditional,
  stdevif: conditional,
  histogram,
  histogramif: conditional,
  percentiles_arrayif: conditional,
  rate,
  arg_max: argExtreme,
  arg_min: argExtreme,
  phrases,
  spotlight,
}

/** Runs the kernel of `call` over argument rows. */
export function runAggregate(
  call: BoundAggCall,
  argRows: readonly (readonly Value[])[],
  site: AggSite,
): Value {
  const impl = AGGREGATES[call.kernel]
  if (impl === undefined)
    throw new OracleUnsupported(`no reference implementation of aggregation ${call.fn.name}`)
  return impl(call, argRows, site)
}

/** The site of a group: a time bucket of `bucketNs` (null: the query window's length). */
export function aggSite(bucketNs: bigint | null, ctx: EvalContext): AggSite {
  const ns = bucketNs ?? ctx.window.end - (ctx.window.start ?? 0n)
  return { bucketSeconds: ns > 0n ? Number(ns) / 1e9 : null }
}

/**
 * The value of aggregation `call` over a group's rows (arguments evaluated per row), the group
 * covering a time bucket of `bucketNs` (null: the whole query window).
 */
export function aggregateOver(
  call: BoundAggCall,
  rows: readonly Row[],
  ctx: EvalContext,
  bucketNs: bigint | null = null,
): Value {
  const argRows = rows.map((row) => call.args.map((a) => evalExpr(a, rowEnv(row, ctx))))
  return conform(runAggregate(call, argRows, aggSite(bucketNs, ctx)), call.type)
}

/**
 * arg_min/arg_max over a group's rows: the extreme value (in the call's type), then each returned
 * argument (in its own type) of the row argExtremumRow picks; all null when no row has a value.
 */
export function argExtremumOver(call: BoundAggCall, rows: readonly Row[], ctx: EvalContext): Value[] {
  const argRows = rows.map((row) => call.args.map((a) => evalExpr(a, rowEnv(row, ctx))))
  const i = argExtremumRow(call.kernel, argRows)
  return call.args.map((a, k) => (i < 0 ? null : conform(argRows[i][k], k === 0 ? call.type : a.type)))
}

/** A dynamic cell holding `values` (make-series arrays). */
export function jsonArray(values: readonly Value[]): Json[] {
  return values.map((v) => toJson(v))
}
