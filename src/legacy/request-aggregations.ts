// legacy/request-aggregations.ts: validates legacy aggregations (api-contract.md §2.3): canonical op,
// field, default alias (the op upper-cased) and the lenient argument shapes, parsed by kind (argmin /
// argmax's field lists are this server's choice: the contract leaves their shape open).

import { AGGREGATION_OPS, type ArgumentKind, aggregationOpOf, aggregationRow } from './aggregation-ops.ts'
import { LegacyError } from './errors.ts'
import { isObject, object, optString, requiredString } from './json-shape.ts'
import type { AggregationArgument, NormalAggregation } from './normalized.ts'
import { isFilterObject, normalizeFilter } from './request-filter.ts'
import { parseScalarExpr } from './scalar-expr.ts'

/** `topk` without an argument keeps this many values. */
export const DEFAULT_TOPK = 10
/** `percentiles` without an argument computes these. */
export const DEFAULT_PERCENTILES: readonly number[] = [50, 90, 95, 99]
/** `histogram` without an argument uses this many buckets. */
export const DEFAULT_HISTOGRAM_BUCKETS = 10
/** Most percentiles one aggregation computes (the executor's percentiles_array limit). */
export const MAX_PERCENTILES = 64
/** Upper bound for `k` and histogram buckets (keeps one result cell small). */
export const MAX_ARGUMENT_COUNT = 10_000

function bad(path: string, expected: string): never {
  throw new LegacyError('invalid_aggregation', `${path}.argument must be ${expected}`)
}

/** A count from `n`, or `{key: n}`. */
function count(raw: unknown, key: string, path: string, fallback: number): number {
  const v = isObject(raw) ? raw[key] : raw
  if (v === undefined || v === null) return fallback
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_ARGUMENT_COUNT)
    return bad(path, `a whole number 1…${MAX_ARGUMENT_COUNT} or {"${key}": n}`)
  return v
}

function percentiles(raw: unknown, path: string): readonly number[] {
  const v = isObject(raw) ? raw.percentiles : raw
  if (v === undefined || v === null) return DEFAULT_PERCENTILES
  const list = Array.isArray(v) ? v : [v]
  if (
    list.length === 0 ||
    list.length > MAX_PERCENTILES ||
    !list.every((p) => typeof p === 'number' && p >= 0 && p <= 100)
  )
    return bad(path, `a percentile 0…100 or an array of 1…${MAX_PERCENTILES} of them`)
  return list as number[]
}

/**
 * argmin/argmax's returned fields: absent (or null) for every field of the event, an array of field
 * names, or `{"fields": [...]}`; duplicates are dropped, order kept.
 */
function fields(raw: unknown, path: string): AggregationArgument {
  const v = isObject(raw) ? raw.fields : raw
  if (v === undefined || v === null) return { kind: 'fields', fields: null }
  if (
    !Array.isArray(v) ||
    v.length > MAX_ARGUMENT_COUNT ||
    !v.every((f) => typeof f === 'string' && f !== '' && f !== '*')
  )
    return bad(path, `an array of up to ${MAX_ARGUMENT_COUNT} field names or {"fields": [...]}`)
  return { kind: 'fields', fields: [...new Set(v as string[])] }
}

/** The `*if` predicate: a filter object, or an APL predicate string. */
function predicate(raw: unknown, path: string): AggregationArgument {
  if (typeof raw === 'string')
    return {
      kind: 'predicate',
      predicate: { expr: parseScalarExpr(raw, 'invalid_aggregation', `${path}.argument`) },
    }
  if (isFilterObject(raw)) {
    const filter = normalizeFilter(raw, `${path}.argument`)
    // An empty filter (`op: ""`) keeps every row.
    return { kind: 'predicate', predicate: { filter: filter ?? { kind: 'and', children: [] } } }
  }
  return bad(path, 'a filter object or an APL predicate string')
}

/** Argument parsers, by the shape a row declares. */
const ARGUMENTS: { readonly [K in ArgumentKind]: (raw: unknown, path: string) => AggregationArgument } = {
  none: () => ({ kind: 'none' }),
  k: (raw, path) => ({ kind: 'k', k: count(raw, 'k', path, DEFAULT_TOPK) }),
  percentiles: (raw, path) => ({ kind: 'percentiles', percentiles: percentiles(raw, path) }),
  buckets: (raw, path) => ({
    kind: 'buckets',
    buckets: count(raw, 'buckets', path, DEFAULT_HISTOGRAM_BUCKETS),
  }),
  predicate,
  fields,
}

/** One aggregation at `path`. */
export function normalizeAggregation(raw: unknown, path: string): NormalAggregation {
  const o = object(raw, 'invalid_aggregation', path)
  const spelling = requiredString(o, 'op', 'invalid_aggregation', path)
  const op = aggregationOpOf(spelling)
  if (op === undefined) {
    throw new LegacyError(
      'invalid_aggregation',
      `${path}.op '${spelling}' is not an aggregation (one of ${AGGREGATION_OPS.join(', ')}, any case)`,
    )
  }
  const row = aggregationRow(op)
  if (row.unsupported !== undefined)
    throw new LegacyError('unsupported_aggregation', `${op} ${row.unsupported}`)
  const field = optString(o, 'field', 'invalid_aggregation', path) ?? ''
  if (row.needsField && (field === '' || field === '*'))
    throw new LegacyError('invalid_aggregation', `${path}: ${op} needs a field to aggregate`)
  const alias = optString(o, 'alias', 'invalid_aggregation', path) || op.toUpperCase()
  return {
    op,
    field: row.needsField ? field : '*',
    alias,
    argument: ARGUMENTS[row.argument](o.argument, path),
  }
}
