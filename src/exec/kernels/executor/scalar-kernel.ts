// exec/kernels/executor/scalar-kernel.ts: the kernel-authoring helper, in the spirit of DuckDB's
// UnaryExecutor/BinaryExecutor: the author writes one per-value function and the lanes of its
// parameters and result; the Kernel returned handles nulls, constants (all constant: one call),
// dictionary strings (one call per dictionary entry the live rows use), selection vectors (live rows
// only), mixed and dynamic columns (cell by cell), the call's bound type, and the query's interrupt
// check every KERNEL_CHECK_ROWS rows (or KERNEL_CHECK_CHARS characters of dictionary entries). See
// docs/contributing.md for when to write a Kernel by hand.
import { takeVec } from '../../batch.ts'
import { leafCall } from '../../leaf-call.ts'
import type { Vec } from '../../vector.ts'
import { KERNEL_CHECK_CHARS, KERNEL_CHECK_ROWS, type Kernel, type KernelSite } from '../kernel.ts'
import {
  type ArgLane,
  type ArgValue,
  type LaneArg,
  type LaneValue,
  type ResultLane,
  readArg,
  valueAt,
} from './lanes.ts'
import { conformResult, numberVec, resultSink } from './result-sink.ts'

/** `'null'`: a null argument makes the result null without a call; `'call'`: the function sees nulls. */
export type NullRule = 'null' | 'call'

/** The parameters of a per-value function for argument lanes `A` under null rule `N`. */
export type ValueArgs<A extends readonly ArgLane[], N extends NullRule> = {
  -readonly [I in keyof A]: N extends 'call' ? ArgValue<A[I]> | null : ArgValue<A[I]>
}

/** What a kernel author writes. */
export interface ScalarKernelDef<A extends readonly ArgLane[], R extends ResultLane, N extends NullRule> {
  /** One lane per parameter, in catalog order; an optional trailing parameter's lane ends in `?`. */
  readonly args: A
  /** The lane of the result. */
  readonly returns: R
  /** How null arguments are treated (default `'null'`). */
  readonly nulls?: N
  /**
   * The function of one row's values; null for a null result. Pure and total: it may be called once
   * for many rows, and on the placeholder value under a null row of a numeric column (the result is
   * then dropped), so it returns null rather than throwing for values it does not take.
   */
  readonly fn: (...args: ValueArgs<A, N>) => LaneValue<R> | null
}

/**
 * A kernel from a per-value function, e.g.
 * `scalarKernel({ args: ['string'], returns: 'long', fn: (s) => codePointCount(s) })`.
 * Variadic functions (a repeating parameter group) are written as a Kernel by hand.
 */
export function scalarKernel<
  const A extends readonly ArgLane[],
  R extends ResultLane,
  N extends NullRule = 'null',
>(def: ScalarKernelDef<A, R, N>): Kernel {
  const spec: Spec = {
    lanes: def.args,
    returns: def.returns,
    skipNulls: (def.nulls ?? 'null') === 'null',
    fn: def.fn as (...args: unknown[]) => unknown,
  }
  return (vecs, n, site) => conformResult(run(spec, vecs, n, site), site.type, n)
}

interface Spec {
  readonly lanes: readonly ArgLane[]
  readonly returns: ResultLane
  readonly skipNulls: boolean
  readonly fn: (...args: unknown[]) => unknown
}

/** `fn` over `vals` (the first `k`); null when a value is null and nulls skip the call. */
function apply(s: Spec, vals: unknown[], k: number): unknown {
  if (s.skipNulls) for (let a = 0; a < k; a++) if (vals[a] === null) return null
  switch (k) {
    case 1:
      return s.fn(vals[0])
    case 2:
      return s.fn(vals[0], vals[1])
    case 3:
      return s.fn(vals[0], vals[1], vals[2])
    default:
      return s.fn(...vals)
  }
}

function run(s: Spec, vecs: readonly Vec[], n: number, site: KernelSite): Vec {
  const args = s.lanes.map((lane, j) => readArg(vecs[j], lane, n))
  const varying = args.filter((a) => a.kind !== 'const')
  if (varying.length === 0) return allConstant(s, args, n)
  const sel = site.sel ?? null
  const only = varying.length === 1 ? varying[0] : undefined
  if (only?.kind === 'str') return perEntry(s, args, args.indexOf(only), n, sel, site)
  if (only?.kind === 'num' && args.length === 1 && s.skipNulls && isNumberLane(s.returns)) {
    return unaryNumbers(s, only, n, sel, site)
  }
  return perRow(s, args, n, sel, site)
}

function isNumberLane(lane: ResultLane): lane is 'long' | 'real' | 'timespan' | 'datetime_ms' {
  return lane === 'long' || lane === 'real' || lane === 'timespan' || lane === 'datetime_ms'
}

/** Every argument constant: one call, its result at every row. */
function allConstant(s: Spec, args: readonly LaneArg[], n: number): Vec {
  const vals = args.map((a) => valueAt(a, 0))
  const one = resultSink(s.returns, 1)
  one.put(0, apply(s, vals, vals.length))
  return takeVec(one.finish(), new Uint32Array(n))
}

/**
 * One varying argument, a dictionary string: one call per dictionary entry (all of them, or only
 * those the live rows use when the dictionary is larger than the live rows), then rows map through
 * their codes. A string result keeps the input's codes when no entry's result is null.
 */
function perEntry(
  s: Spec,
  args: readonly LaneArg[],
  at: number,
  n: number,
  sel: Uint32Array | null,
  site: KernelSite,
): Vec {
  const { codes, dict } = (args[at] as Extract<LaneArg, { kind: 'str' }>).vec
  const live = sel ? sel.length : n
  const used = dict.length > live ? usedEntries(codes, dict.length, sel, live) : null
  const vals = args.map((a) => (a.kind === 'const' ? a.value : null))
  const k = vals.length
  // Entry 0 is the null code (-1): its result is null unless the function sees nulls.
  vals[at] = null
  const nullResult = s.skipNulls ? null : s.fn(...vals)
  const results: unknown[] = new Array(dict.length)
  let nulls = 0
  // Checked every KERNEL_CHECK_ROWS entries, or sooner once they hold KERNEL_CHECK_CHARS characters.
  let entries = 0
  let chars = 0
  for (let d = 0; d < dict.length; d++) {
    if (used !== null && used[d] === 0) continue
    chars += dict[d].length
    if (++entries >= KERNEL_CHECK_ROWS || chars >= KERNEL_CHECK_CHARS) {
      site.interrupt?.()
      entries = 0
      chars = 0
    }
    vals[at] = dict[d]
    const r = apply(s, vals, k)
    results[d] = r
    if (r === null) nulls++
  }
  if (s.returns === 'string') return stringsByEntry(codes, results, nulls, nullResult as string | null, n)
  const table = resultSink(s.returns, dict.length + 1)
  table.put(0, nullResult)
  for (let d = 0; d < dict.length; d++) if (used === null || used[d] === 1) table.put(d + 1, results[d])
  const idx = new Uint32Array(n)
  for (let i = 0; i < n; i++) idx[i] = codes[i] + 1
  return takeVec(table.finish(), idx)
}

/** Marks the entries the live rows' codes use. */
function usedEntries(codes: Int32Array, size: number, sel: Uint32Array | null, live: number): Uint8Array {
  const used = new Uint8Array(size)
  for (let j = 0; j < live; j++) {
    const c = codes[sel ? sel[j] : j]
    if (c >= 0) used[c] = 1
  }
  return used
}

/**
 * A string result per entry as the output dictionary (entries not computed stay "": no live row
 * reads them); the input's codes are shared unless some result is null.
 */
function stringsByEntry(
  codes: Int32Array,
  results: unknown[],
  nulls: number,
  nullResult: string | null,
  n: number,
): Vec {
  const dict = results as (string | undefined | null)[]
  const out: string[] = new Array(dict.length)
  for (let d = 0; d < dict.length; d++) out[d] = dict[d] ?? ''
  if (nulls === 0 && nullResult === null) return { kind: 'str', codes, dict: out }
  const nullCode = nullResult === null ? -1 : out.push(nullResult) - 1
  const mapped = new Int32Array(n)
  for (let i = 0; i < n; i++) {
    const c = codes[i]
    mapped[i] = c < 0 ? nullCode : dict[c] === null ? -1 : c
  }
  return { kind: 'str', codes: mapped, dict: out }
}

/**
 * One numeric argument in a typed array, a number result: a leaf loop writes every result into a
 * typed array (a null result as NaN) and counts the nulls; with none (the common case) the input's
 * validity is the output's, shared. `fn` also sees the placeholder under a null row (branch-free);
 * that result is dropped. A NaN result is null unless the lane is real.
 */
function unaryNumbers(
  s: Spec,
  arg: Extract<LaneArg, { kind: 'num' }>,
  n: number,
  sel: Uint32Array | null,
  site: KernelSite,
): Vec {
  const { values, valid } = arg
  const fn = s.fn as (x: number) => number | null
  const nanIsNull = s.returns !== 'real'
  const out = new Float64Array(n)
  const live = sel ? sel.length : n
  let nulls = 0
  for (let from = 0; from < live; from += KERNEL_CHECK_ROWS) {
    if (from > 0) site.interrupt?.()
    const to = Math.min(live, from + KERNEL_CHECK_ROWS)
    nulls +=
      sel === null
        ? leafCall(mapRows, fn, nanIsNull, values, out, from, to)
        : leafCall(mapSelected, fn, nanIsNull, values, sel, out, from, to)
  }
  const lane = s.returns as 'long' | 'real' | 'timespan' | 'datetime_ms'
  if (nulls === 0) return numberVec(lane, out, valid)
  // Some result was null: mark those rows (a NaN row is null unless fn gave a real NaN).
  const ok = valid === null ? new Uint8Array(n).fill(1) : valid.slice()
  for (let i = 0; i < n; i++) {
    if (ok[i] === 1 && Number.isNaN(out[i]) && (nanIsNull || fn(values[i]) === null)) ok[i] = 0
  }
  return numberVec(lane, out, ok)
}

/** `out[i] = fn(values[i])` for rows [from, to) (a null result as NaN); returns the null results. A leaf loop. */
function mapRows(
  fn: (x: number) => number | null,
  nanIsNull: boolean,
  values: Float64Array,
  out: Float64Array,
  from: number,
  to: number,
): number {
  let nulls = 0
  for (let i = from; i < to; i++) {
    const r = fn(values[i])
    if (r === null || (nanIsNull && Number.isNaN(r))) {
      out[i] = Number.NaN
      nulls++
    } else out[i] = r
  }
  return nulls
}

/** mapRows over the selected rows `sel[from … to)`. A leaf loop. */
function mapSelected(
  fn: (x: number) => number | null,
  nanIsNull: boolean,
  values: Float64Array,
  sel: Uint32Array,
  out: Float64Array,
  from: number,
  to: number,
): number {
  let nulls = 0
  for (let j = from; j < to; j++) {
    const i = sel[j]
    const r = fn(values[i])
    if (r === null || (nanIsNull && Number.isNaN(r))) {
      out[i] = Number.NaN
      nulls++
    } else out[i] = r
  }
  return nulls
}

/** The general case: every live row's values, one call each. */
function perRow(
  s: Spec,
  args: readonly LaneArg[],
  n: number,
  sel: Uint32Array | null,
  site: KernelSite,
): Vec {
  const sink = resultSink(s.returns, n)
  const k = args.length
  const vals: unknown[] = new Array(k)
  const live = sel ? sel.length : n
  for (let from = 0; from < live; from += KERNEL_CHECK_ROWS) {
    if (from > 0) site.interrupt?.()
    const to = Math.min(live, from + KERNEL_CHECK_ROWS)
    for (let j = from; j < to; j++) {
      const i = sel ? sel[j] : j
      for (let a = 0; a < k; a++) vals[a] = valueAt(args[a], i)
      sink.put(i, apply(s, vals, k))
    }
  }
  return sink.finish()
}
