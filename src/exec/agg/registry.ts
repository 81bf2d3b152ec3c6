// exec/agg/registry.ts: THE table of aggregation states keyed by the catalog's aggregation kernel
// keys, with the factory and the deserializer of each. An aggregation runs exactly when it has a row
// here (exec/capabilities.ts); `*if` forms have no row: the executor filters rows by the predicate
// and feeds the base state (catalog `filtered.base`).

import type { AggregateKernelKey, KernelTable } from '../../catalog/index.ts'
import type { AggState } from './agg-state.ts'
import { ArgExtremumState } from './arg-extremum.ts'
import { AvgState } from './avg.ts'
import { ByteReader, readHeader } from './bytes.ts'
import { CountState } from './count.ts'
import { CountIfState } from './countif.ts'
import { DcountState, DEFAULT_DCOUNT_EXACT_LIMIT, DEFAULT_HLL_PRECISION } from './dcount.ts'
import { AggStateError, intParam } from './errors.ts'
import type { ExactBudget } from './exact-budget.ts'
import { HistogramState } from './histogram.ts'
import { MakeListState } from './make-list.ts'
import { MAX_COLLECTION_SIZE, MakeSetState } from './make-set.ts'
import { MinMaxState } from './min-max.ts'
import { PercentileState, PercentilesArrayState } from './percentile.ts'
import { PhrasesState } from './phrases.ts'
import { RateState } from './rate.ts'
import { type SpotlightField, SpotlightState } from './spotlight.ts'
import { SumState } from './sum.ts'
import { TopkState } from './topk.ts'
import { VarianceState } from './variance.ts'

/** Parameters of `createAggState`; each kind reads the fields it documents and rejects bad values. */
export interface AggParams {
  /** make_list / make_set: most elements kept, 1 … 1,048,576 (default 1,048,576). */
  readonly maxSize?: number
  /** topk: keys reported, 1 … 1,000,000 (required). */
  readonly k?: number
  /** topk: Space-Saving counters (default `defaultTopkCapacity(k)`). */
  readonly capacity?: number
  /** percentile: the percentage, 0 … 100 (required). */
  readonly percent?: number
  /** percentiles_array: the percentages, 0 … 100 each, 1 … 64 of them (required). */
  readonly percents?: readonly number[]
  /** histogram: buckets, 1 … 1,000 (required). */
  readonly bins?: number
  /**
   * dcount: distinct values counted exactly (default 4,096); percentile(s)/histogram: values kept
   * exactly (default 4,096), more while the aggregation's ExactBudget gives room (exact-budget.ts).
   */
  readonly exactLimit?: number
  /** percentile(s)/histogram: t-digest compression δ, 20 … 10,000 (default 1,000). */
  readonly compression?: number
  /** dcount: HyperLogLog precision p, 4 … 18 (default 16). */
  readonly precision?: number
  /** rate: seconds of the time bucket the group covers (null or not positive: results are null). */
  readonly seconds?: number | null
  /** phrases: phrases reported, 1 … 10,000 (required). */
  readonly maxPhrases?: number
  /** spotlight: the analysed fields, in argument order (required, at least one). */
  readonly fields?: readonly SpotlightField[]
}

/** One row: what the state computes, whether it can estimate, how to make and read one. */
interface AggStateDef<S extends AggState> {
  readonly description: string
  /** True when the result can be an estimate (then `isEstimate` says whether it is). */
  readonly estimated: boolean
  /**
   * True when merging partial states, in any grouping and order, gives exactly the single-state
   * result, and that result is a scalar (so a merged copy shares nothing a result cell holds).
   */
  readonly exactMerge: boolean
  /** A fresh state; sketch-backed kinds take room past their exact limit from `budget` (exact-budget.ts). */
  readonly create: (params: AggParams, budget: ExactBudget | null) => S
  /** Reads the body written by `serialize` (after the header). */
  readonly read: (r: ByteReader) => S
}

const row = <S extends AggState>(d: AggStateDef<S>): AggStateDef<S> => d

const maxSize = (kind: string, p: AggParams): number =>
  intParam(kind, 'maxSize', p.maxSize ?? MAX_COLLECTION_SIZE, 1, MAX_COLLECTION_SIZE)

/** The registry, keyed by aggregation name. */
export const AGG_STATES = {
  count: row({
    description: 'Rows counted; every add call counts (count() has no argument).',
    estimated: false,
    exactMerge: true,
    create: () => new CountState(),
    read: CountState.read,
  }),
  countif: row({
    description: 'Rows whose predicate value is true.',
    estimated: false,
    exactMerge: true,
    create: () => new CountIfState(),
    read: CountIfState.read,
  }),
  sum: row({
    description:
      'Exact sum: integer inputs give an exact integer (number, or bigint past 2^53), others a double.',
    estimated: false,
    exactMerge: true,
    create: () => new SumState(),
    read: SumState.read,
  }),
  avg: row({
    description: 'Mean of the numeric values (exact sum / count); null over no rows.',
    estimated: false,
    exactMerge: true,
    create: () => new AvgState(),
    read: AvgState.read,
  }),
  min: row({
    description: 'Smallest value (numbers, int64 words, strings, booleans); null over no rows.',
    estimated: false,
    exactMerge: true,
    create: () => new MinMaxState('min'),
    read: (r) => MinMaxState.read('min', r),
  }),
  max: row({
    description: 'Largest value (numbers, int64 words, strings, booleans); null over no rows.',
    estimated: false,
    exactMerge: true,
    create: () => new MinMaxState('max'),
    read: (r) => MinMaxState.read('max', r),
  }),
  make_list: row({
    description: 'All non-null values, up to maxSize.',
    estimated: false,
    exactMerge: false,
    create: (p) => new MakeListState(maxSize('make_list', p)),
    read: MakeListState.read,
  }),
  make_set: row({
    description: 'Distinct non-null values in first-seen order, up to maxSize.',
    estimated: false,
    exactMerge: false,
    create: (p) => new MakeSetState(maxSize('make_set', p)),
    read: MakeSetState.read,
  }),
  variance: row({
    description: 'Sample variance (n − 1), Welford + Chan merge; 0 for one value, null for none.',
    estimated: false,
    exactMerge: false,
    create: () => new VarianceState('variance'),
    read: (r) => VarianceState.read('variance', r),
  }),
  stdev: row({
    description: 'Sample standard deviation (n − 1); 0 for one value, null for none.',
    estimated: false,
    exactMerge: false,
    create: () => new VarianceState('stdev'),
    read: (r) => VarianceState.read('stdev', r),
  }),
  arg_min: row({
    description: 'Smallest value and its row payload; ties keep the smallest row ordinal.',
    estimated: false,
    exactMerge: false,
    create: () => new ArgExtremumState('arg_min'),
    read: (r) => ArgExtremumState.read('arg_min', r),
  }),
  arg_max: row({
    description: 'Largest value and its row payload; ties keep the smallest row ordinal.',
    estimated: false,
    exactMerge: false,
    create: () => new ArgExtremumState('arg_max'),
    read: (r) => ArgExtremumState.read('arg_max', r),
  }),
  dcount: row({
    description: 'Distinct values: exact up to exactLimit, then HyperLogLog.',
    estimated: true,
    exactMerge: true,
    create: (p) =>
      new DcountState(
        intParam('dcount', 'exactLimit', p.exactLimit ?? DEFAULT_DCOUNT_EXACT_LIMIT, 0, 1 << 24),
        intParam('dcount', 'precision', p.precision ?? DEFAULT_HLL_PRECISION, 4, 18),
      ),
    read: DcountState.read,
  }),
  percentile: row({
    description:
      'One percentile: exact nearest rank up to exactLimit values and the budget past it, then t-digest.',
    estimated: true,
    exactMerge: false,
    create: (p, budget) => new PercentileState(p.percent as number, p, undefined, budget),
    read: PercentileState.read,
  }),
  percentiles_array: row({
    description: 'Several percentiles, in the requested order.',
    estimated: true,
    exactMerge: false,
    create: (p, budget) => new PercentilesArrayState(p.percents as readonly number[], p, undefined, budget),
    read: PercentilesArrayState.read,
  }),
  topk: row({
    description: 'The k most frequent values [{key, count, error}] (Space-Saving; exact while keys fit).',
    estimated: true,
    exactMerge: false,
    create: (p) => new TopkState(p.k as number, p.capacity),
    read: TopkState.read,
  }),
  histogram: row({
    description: 'Equal-width buckets [{lower, upper, count}] from min to max.',
    estimated: true,
    exactMerge: false,
    create: (p, budget) => new HistogramState(p.bins as number, p, undefined, budget),
    read: HistogramState.read,
  }),
  rate: row({
    description: "Sum of the values per second of the group's time bucket (or query window).",
    estimated: false,
    // Partial states merge exactly, but folded `_totals` need the window as divisor: they rescan.
    exactMerge: false,
    create: (p) => new RateState(p.seconds ?? null),
    read: RateState.read,
  }),
  phrases: row({
    description: 'The most frequent phrases [{phrase, count}] (Space-Saving; exact while phrases fit).',
    estimated: true,
    exactMerge: false,
    create: (p) => new PhrasesState(p.maxPhrases as number),
    read: PhrasesState.read,
  }),
  spotlight: row({
    description: 'Selected rows against the baseline, per field: scored bar and boxplot rows.',
    estimated: true,
    exactMerge: false,
    create: (p) => new SpotlightState(p.fields ?? []),
    read: SpotlightState.read,
  }),
} as const satisfies KernelTable<AggregateKernelKey, AggStateDef<AggState>>

/** Name of an aggregation that has a state. */
export type AggKind = keyof typeof AGG_STATES

/** The state class `createAggState(kind)` returns. */
export type AggStateOf<K extends AggKind> = ReturnType<(typeof AGG_STATES)[K]['create']>

/** True when `name` has a registered state. */
export function isAggKind(name: string): name is AggKind {
  return Object.hasOwn(AGG_STATES, name)
}

function lookup(kind: string): AggStateDef<AggState> {
  if (!isAggKind(kind)) throw new AggStateError('AGG_UNKNOWN_KIND', `no aggregation state named '${kind}'`)
  return AGG_STATES[kind] as AggStateDef<AggState>
}

/** True when `kind`'s partial states merge exactly into a scalar result (AggStateDef.exactMerge). */
export function mergesExactly(kind: string): boolean {
  return isAggKind(kind) && AGG_STATES[kind].exactMerge
}

/** A fresh, empty state for aggregation `kind`; bad parameters throw AGG_BAD_PARAM. */
export function createAggState<K extends AggKind>(
  kind: K,
  params?: AggParams,
  budget?: ExactBudget | null,
): AggStateOf<K>
/** A fresh state for a runtime name; unknown names throw AGG_UNKNOWN_KIND. */
export function createAggState(kind: string, params?: AggParams, budget?: ExactBudget | null): AggState
export function createAggState(
  kind: string,
  params: AggParams = {},
  budget: ExactBudget | null = null,
): AggState {
  return lookup(kind).create(params, budget)
}

/** Rebuilds a state of `kind` from `serialize()` bytes; anything malformed throws AGG_CORRUPT_STATE. */
export function deserializeAggState<K extends AggKind>(kind: K, bytes: Uint8Array): AggStateOf<K>
/** Rebuilds a state for a runtime name. */
export function deserializeAggState(kind: string, bytes: Uint8Array): AggState
export function deserializeAggState(kind: string, bytes: Uint8Array): AggState {
  const def = lookup(kind)
  const r = new ByteReader(bytes)
  readHeader(r, kind)
  try {
    const state = def.read(r)
    r.end()
    return state
  } catch (e) {
    // Parameters read back from bytes were valid when written: a bad one means the bytes are damaged.
    if (e instanceof AggStateError && e.code === 'AGG_BAD_PARAM')
      throw new AggStateError('AGG_CORRUPT_STATE', e.message)
    throw e
  }
}
