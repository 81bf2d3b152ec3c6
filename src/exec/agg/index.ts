// exec/agg/index.ts: the aggregation-state layer's public surface for the executor.
// Mergeable partial states (add / merge / result / serialize) and the registry that makes them.

export type { AggState, PayloadSource } from './agg-state.ts'
export type { ArgResult } from './arg-extremum.ts'
export { CodeDictionary } from './code-dictionary.ts'
export { AggStateError, type AggStateErrorCode } from './errors.ts'
export { DEFAULT_EXACT_VALUES, ExactBudget, exactBudget, exactValuesWithin } from './exact-budget.ts'
export { hashInt64, hashNumber, hashOut, hashString, hashValue } from './hash64.ts'
export type { HistogramBucket } from './histogram.ts'
export type { MinMaxResult } from './min-max.ts'
export { SketchState } from './percentile.ts'
export {
  AGG_STATES,
  type AggKind,
  type AggParams,
  type AggStateOf,
  createAggState,
  deserializeAggState,
  isAggKind,
  mergesExactly,
} from './registry.ts'
export type { HeavyHitter } from './space-saving.ts'
export { defaultTopkCapacity } from './topk.ts'
