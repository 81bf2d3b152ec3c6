// exec/agg/errors.ts: the one error type of the aggregation-state layer, with stable codes.
// Query users never see these directly: the binder validates constants first; these guard the executor.

/** Stable codes of aggregation-state errors. */
export type AggStateErrorCode =
  /** A parameter (k, percentile, size cap, bins…) is out of range or of the wrong type. */
  | 'AGG_BAD_PARAM'
  /** `createAggState` / `deserializeAggState` got a name that is not in the registry. */
  | 'AGG_UNKNOWN_KIND'
  /** `merge` was given a state of another kind, or of the same kind with other parameters. */
  | 'AGG_MERGE_MISMATCH'
  /** Serialized bytes are truncated, of another kind or version, or internally inconsistent. */
  | 'AGG_CORRUPT_STATE'
  /** A value (payload, list element, key) has a type the state codec cannot carry between workers. */
  | 'AGG_UNSERIALIZABLE'

/** An aggregation-state failure with a stable `code`. */
export class AggStateError extends Error {
  readonly code: AggStateErrorCode

  constructor(code: AggStateErrorCode, message: string) {
    super(message)
    this.name = 'AggStateError'
    this.code = code
  }
}

/** Throws AGG_BAD_PARAM unless `v` is an integer in [min, max]; returns it. */
export function intParam(kind: string, name: string, v: unknown, min: number, max: number): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw new AggStateError(
      'AGG_BAD_PARAM',
      `${kind}: ${name} must be an integer in [${min}, ${max}], got ${String(v)}`,
    )
  }
  return v
}
