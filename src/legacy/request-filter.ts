// legacy/request-filter.ts: validates a legacy filter tree (api-contract.md §2.2) into NormalFilter:
// canonical ops in any spelling, `""` as "no filter", children only under and/or/not, case flags.

import { LegacyError } from './errors.ts'
import { FILTER_OP_SPELLINGS, filterOpOf, isLogicalOp } from './filter-ops.ts'
import { isObject, object, optArray, optBool, optString, requiredString } from './json-shape.ts'
import type { FilterValue, NormalFilter } from './normalized.ts'

/** Deepest filter nesting accepted (deeper trees are refused, never a stack overflow). */
export const MAX_FILTER_DEPTH = 64

/**
 * Case sensitivity: `caseSensitive` when given; else the Rust client's `caseInsensitive` negated;
 * else false (Go's zero value: string comparisons ignore case).
 */
function sensitivity(o: Readonly<Record<string, unknown>>, path: string): boolean {
  const cs = optBool(o, 'caseSensitive', 'invalid_filter', path)
  if (cs !== undefined) return cs
  const ci = optBool(o, 'caseInsensitive', 'invalid_filter', path)
  return ci === undefined ? false : !ci
}

function filterValue(v: unknown, path: string): FilterValue {
  if (v === undefined || v === null) return null
  if (typeof v === 'string' || typeof v === 'boolean') return v
  if (typeof v === 'number' && Number.isFinite(v)) return v
  throw new LegacyError('invalid_filter', `${path}.value must be a string, number, boolean or null`)
}

/**
 * The filter `raw` (at `path`), or null for "no filter" (absent, null, or `op: ""`: Go's zero value).
 * A logical op with no children is `and` → true, `or` → false; `not` needs at least one child.
 */
export function normalizeFilter(raw: unknown, path = 'filter', depth = 0): NormalFilter | null {
  if (raw === undefined || raw === null) return null
  const o = object(raw, 'invalid_filter', path)
  const spelling = optString(o, 'op', 'invalid_filter', path) ?? ''
  if (spelling === '') return null
  if (depth >= MAX_FILTER_DEPTH)
    throw new LegacyError('invalid_filter', `${path}: filters nest deeper than ${MAX_FILTER_DEPTH} levels`)
  const op = filterOpOf(spelling)
  if (op === undefined) {
    throw new LegacyError(
      'invalid_filter',
      `${path}.op '${spelling}' is not a filter op (one of ${FILTER_OP_SPELLINGS.join(', ')}, any case)`,
    )
  }
  if (isLogicalOp(op)) {
    const children = optArray(o, 'children', 'invalid_filter', path)
      .map((c, i) => normalizeFilter(c, `${path}.children[${i}]`, depth + 1))
      .filter((c): c is NormalFilter => c !== null)
    if (op === 'not' && children.length === 0)
      throw new LegacyError('invalid_filter', `${path}: 'not' needs at least one child filter`)
    return { kind: op, children }
  }
  const field = requiredString(o, 'field', 'invalid_filter', path)
  // Children of a comparison are ignored (the Go integration suite sends some under `exists`).
  return { kind: 'leaf', op, field, value: filterValue(o.value, path), sensitive: sensitivity(o, path) }
}

/** True when `v` looks like a filter object (an `*if` argument may also be an APL string). */
export function isFilterObject(v: unknown): boolean {
  return isObject(v) && 'op' in v
}
