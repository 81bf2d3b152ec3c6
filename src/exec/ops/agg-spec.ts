// ops/agg-spec.ts: how one aggregation call becomes mergeable states from exec/agg: which state,
// its parameters from the constant arguments and the call's site (the time bucket its groups cover),
// which argument feeds it, and (for `*if`) which argument filters rows; plus reading a state's result
// back as a cell of the output type.
import type { AplType } from '../../catalog/index.ts'
import type { AggregateRow, BoundExpr, ExprOf, TimeBucket } from '../../plan/index.ts'
import { formatGoDuration, formatRfc3339Nano } from '../../util/time/index.ts'
import { type AggParams, type AggState, createAggState, type ExactBudget, isAggKind } from '../agg/index.ts'
import { ExecError } from '../context.ts'
import { literalCell } from '../kernels/constants.ts'
import type { KernelEnv } from '../kernels/kernel.ts'
import type { Cell, CellJson } from '../result.ts'
import { spotlightParams, spotlightValue } from './spotlight-spec.ts'

/** A prepared aggregation. */
export interface AggSpec {
  /** State kind in the exec/agg registry. */
  readonly kind: string
  readonly params: AggParams
  /** The argument whose values are added (null: count rows). */
  readonly value: BoundExpr | null
  /** The `*if` predicate argument, when any. */
  readonly predicate: BoundExpr | null
  /** The output type of the call. */
  readonly type: AplType
  /** Type of the value argument (results of min/max/percentile come back in its domain). */
  readonly valueType: AplType | null
  /**
   * arg_min/arg_max (catalog `rowColumns`): the returned columns, captured from the row the state
   * picks (ops/arg-extremum-feed.ts); absent for every other aggregation.
   */
  readonly payload?: readonly BoundExpr[]
}

function constNumber(e: BoundExpr | undefined, what: string): number {
  if (e?.kind !== 'Literal') throw new ExecError('invalid_argument', `${what} must be a constant`)
  const c = literalCell(e.type, e.value)
  if (typeof c !== 'number' && typeof c !== 'bigint')
    throw new ExecError('invalid_argument', `${what} must be a number`)
  return Number(c)
}

/** Where a call's groups sit in time: what `rate` divides by. */
export interface AggSite {
  /** Seconds of the time bucket each group covers (null: none with a positive length). */
  readonly bucketSeconds: number | null
}

/**
 * The site of a summarize: its time bucket (`bin(_time, step)`, or bin_auto's step), else the whole
 * query window (env.window; null when the run has none).
 */
export function summarizeSite(bucket: TimeBucket | null, env: KernelEnv): AggSite {
  const ns =
    bucket === null
      ? env.window === undefined
        ? null
        : env.window.end - env.window.start
      : bucket.step === 'auto'
        ? env.binAutoStep
        : bucket.step
  return { bucketSeconds: ns !== null && ns > 0n ? Number(ns) / 1e9 : null }
}

/** A site without a time bucket (callers that only need the state kinds). */
export const NO_SITE: AggSite = { bucketSeconds: null }

/** Parameters per state kind, read from the call's constant arguments (after the value argument). */
const PARAMS: Readonly<
  Record<string, (rest: readonly BoundExpr[], name: string, site: AggSite) => AggParams>
> = {
  percentile: (rest, name) => ({ percent: constNumber(rest[0], `${name}: the percentile`) }),
  // percentiles_arrayif passes its percentages as one dynamic array.
  percentiles_array: (rest, name) => ({
    percents: rest.flatMap((e) =>
      e.kind === 'Literal' && Array.isArray(e.value)
        ? e.value.map((p) => constNumber({ ...e, type: 'real', value: p as never }, `${name}: a percentile`))
        : [constNumber(e, `${name}: a percentile`)],
    ),
  }),
  topk: (rest, name) => ({ k: constNumber(rest[0], `${name}: k`) }),
  histogram: (rest, name) => ({ bins: constNumber(rest[0], `${name}: the number of buckets`) }),
  dcount: (rest, name) =>
    rest[0] === undefined
      ? {}
      : { precision: hllPrecision(constNumber(rest[0], `${name}: the accuracy`), name) },
  rate: (_rest, _name, site) => ({ seconds: site.bucketSeconds }),
  phrases: (rest, name) => ({ maxPhrases: constNumber(rest[0], `${name}: max_phrases`) }),
  spotlight: (rest) => spotlightParams(rest),
}

/** HyperLogLog precision of each of Kusto's dcount accuracy levels 0–4 (2^12 … 2^18 registers). */
const ACCURACY_PRECISION = [12, 14, 16, 17, 18]

function hllPrecision(level: number, name: string): number {
  const p = ACCURACY_PRECISION[level]
  if (p === undefined)
    throw new ExecError('invalid_argument', `${name}: the accuracy must be 0, 1, 2, 3 or 4`)
  return p
}

/** The state kind that runs aggregation `row`: its own kernel key, or for an `*if` row its base's. */
export function aggStateKind(row: AggregateRow): string {
  return row.filtered ? row.filtered.base : row.kernel
}

/** Prepares `call` at `site` (throws `not supported yet` for an aggregation without a state). */
export function aggSpec(call: ExprOf<'AggCall'>, site: AggSite): AggSpec {
  const filtered = call.fn.filtered
  const kind = aggStateKind(call.fn)
  if (!isAggKind(kind))
    throw new ExecError('not_supported', `aggregation '${call.fn.name}' is not supported yet`)
  const predicate = filtered ? call.args[filtered.predicateArg] : null
  const others = call.args.filter((_, i) => !filtered || i !== filtered.predicateArg)
  const value = kind === 'count' ? null : kind === 'spotlight' ? spotlightValue(others) : (others[0] ?? null)
  const rest = kind === 'count' ? [] : others.slice(1)
  const params = PARAMS[kind]?.(rest, call.fn.name, site) ?? {}
  const spec = { kind, params, value, predicate, type: call.type, valueType: value?.type ?? null }
  return call.fn.rowColumns ? { ...spec, payload: rest } : spec
}

/** A fresh state for a spec (sketches take room past their exact limit from `budget`, when given). */
export function newState(spec: AggSpec, budget: ExactBudget | null = null): AggState {
  return createAggState(spec.kind, spec.params, budget)
}

function toJson(v: unknown): CellJson {
  if (v === null || v === undefined) return null
  if (typeof v === 'bigint') return Number(v)
  if (Array.isArray(v)) return v.map(toJson)
  if (typeof v === 'object') {
    const out: Record<string, CellJson> = {}
    for (const [k, x] of Object.entries(v)) out[k] = toJson(x)
    return out
  }
  return v as CellJson
}

/** The state's result as a cell of the output type. */
export function resultCell(spec: AggSpec, state: AggState): Cell {
  const r = state.result()
  if (spec.type === 'dynamic' && (spec.valueType === 'timespan' || spec.valueType === 'datetime'))
    return toJson(timeTextIn(r, spec.valueType))
  return typedCell(spec.type, r)
}

/**
 * A dynamic result over times or timespans (percentiles_array, make_list, make_set, topk keys) with
 * each value as its text, as any value put into a dynamic is (reference rule 7): RFC3339Nano for a
 * datetime, Go duration text for a timespan.
 */
function timeTextIn(r: unknown, type: 'timespan' | 'datetime'): unknown {
  const text = (v: unknown): unknown => {
    if (typeof v !== 'number' && typeof v !== 'bigint') return v
    const ns = typeof v === 'bigint' ? v : BigInt(Math.round(v))
    return type === 'timespan' ? formatGoDuration(ns) : formatRfc3339Nano(ns)
  }
  if (!Array.isArray(r)) return r
  return r.map((e) =>
    e !== null && typeof e === 'object' && !Array.isArray(e) && 'key' in e
      ? { ...e, key: text(e.key) }
      : text(e),
  )
}

/** A state's result value (or arg_min/arg_max's extreme value) as a cell of `type`. */
export function typedCell(type: AplType, r: unknown): Cell {
  if (r === null || r === undefined) return null
  switch (type) {
    case 'long':
      return typeof r === 'number' ? Math.round(r) : typeof r === 'bigint' ? r : Number(r)
    case 'real':
      return Number(r)
    case 'datetime':
      return typeof r === 'bigint' ? r : BigInt(Math.round(Number(r)))
    case 'timespan':
      // A mean of timespans truncates toward zero (reference rule 42); other results are integral.
      return typeof r === 'bigint' ? r : BigInt(Math.trunc(Number(r)))
    case 'dynamic':
      return toJson(r)
    default:
      return r as Cell
  }
}
