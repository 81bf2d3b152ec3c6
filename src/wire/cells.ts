// wire/cells.ts: canonical result cells (exec/result.ts) → wire cells and wire type names, shared
// by the tabular and legacy formats. Pure; a column that needs no change is returned as is (no copy).

import { type AplType, wireTypeName } from '../catalog/index.ts'
import type { Cell, ResultField } from '../exec/result.ts'
import { compositeType, type FieldType } from '../storage/types.ts'
import type { StepClock } from '../util/loop-turn.ts'
import { runSteps } from '../util/steps.ts'
import { formatGoDuration, formatRfc3339Nano } from '../util/time/index.ts'
import type { WireCell, WireNumber } from './types.ts'

/** Go's zero `time.Time` as RFC3339: what a legacy Entry carries when the row has no time. */
export const GO_ZERO_TIME = '0001-01-01T00:00:00Z'

/** The hidden row-id column: feeds legacy `_rowId`, and is never a tabular column (Surprise 20). */
export { ROW_ID_FIELD } from '../exec/scan/row-id.ts'

/**
 * `obj[key] = value` that also works for a field named `__proto__` (plain assignment would set the
 * prototype and the key would vanish from the JSON). Field names come from user data.
 */
export function setKey(obj: Record<string, WireCell>, key: string, value: WireCell): void {
  if (key === '__proto__')
    Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true })
  else obj[key] = value
}

/** An integer on the wire: a safe integer becomes a `number`, anything larger stays `bigint`. */
export function wireNumber(v: bigint): WireNumber {
  return v >= -9007199254740991n && v <= 9007199254740991n ? Number(v) : v
}

/** Epoch ns → RFC3339Nano UTC, trailing fractional zeros trimmed (api-contract.md §10). */
export function wireTime(ns: bigint): string {
  return formatRfc3339Nano(ns)
}

type CellMap = (c: Cell) => WireCell

// One converter per type; `undefined` means cells go out unchanged. `needs` says whether a cell
// changes (a bigint long within ±2^53 is not canonical and becomes a number). A cell that is not
// the canonical kind for its column (an engine slip) is passed through rather than guessed at.
const long: CellMap = (c) => (typeof c === 'bigint' ? wireNumber(c) : c)
const real: CellMap = (c) => (typeof c === 'number' && !Number.isFinite(c) ? null : c)
const CONVERT: {
  readonly [T in AplType]: { readonly map: CellMap; readonly needs: (c: Cell) => boolean } | undefined
} = {
  bool: undefined,
  string: undefined,
  dynamic: undefined,
  long: { map: long, needs: (c) => typeof c === 'bigint' && wireNumber(c) !== c },
  real: { map: real, needs: (c) => typeof c === 'number' && !Number.isFinite(c) },
  datetime: {
    map: (c) => (typeof c === 'bigint' ? formatRfc3339Nano(c) : c),
    needs: (c) => typeof c === 'bigint',
  },
  timespan: {
    map: (c) => (typeof c === 'bigint' ? formatGoDuration(c) : c),
    needs: (c) => typeof c === 'bigint',
  },
  // Mixed columns: only the column type gives a bigint a time meaning (result.ts), so here it is an integer.
  unknown: {
    map: (c) => (typeof c === 'bigint' ? wireNumber(c) : real(c)),
    needs: (c) =>
      (typeof c === 'bigint' && wireNumber(c) !== c) || (typeof c === 'number' && !Number.isFinite(c)),
  },
}

/** One cell of a column of APL type `type`, on the wire. */
export function wireCell(type: AplType, cell: Cell): WireCell {
  const conv = CONVERT[type]
  return conv === undefined ? cell : conv.map(cell)
}

/**
 * A whole column on the wire. Copy-on-write: the input array itself is returned when no cell
 * changes (strings, bools, safe longs, finite reals, dynamic), so formatting costs one scan.
 */
export function wireColumn(type: AplType, cells: readonly Cell[]): readonly WireCell[] {
  return runSteps(wireColumnSteps(type, cells))
}

/** `wireColumn` in steps: pauses whenever `clock` says its piece ran its time; without a clock, never. */
export function* wireColumnSteps(
  type: AplType,
  cells: readonly Cell[],
  clock?: StepClock,
): Generator<void, readonly WireCell[]> {
  const conv = CONVERT[type]
  if (conv === undefined) return cells
  // Scan without copying; copy only from the first cell that changes (most columns never do).
  let i = 0
  const n = cells.length
  for (; i < n && !conv.needs(cells[i]); i++) {
    if (clock?.due()) {
      yield
      clock.restart()
    }
  }
  if (i === n) return cells
  const out: WireCell[] = cells.slice(0, i)
  for (; i < n; i++) {
    out.push(conv.map(cells[i]))
    if (clock?.due()) {
      yield
      clock.restart()
    }
  }
  return out
}

/** Storage kind of one non-null cell of an `unknown` column (for its composite type name). */
function kindOf(c: Cell): FieldType {
  switch (typeof c) {
    case 'string':
      return 'string'
    case 'boolean':
      return 'boolean'
    case 'bigint':
      return 'integer'
    case 'number':
      return Number.isSafeInteger(c) && !Object.is(c, -0) ? 'integer' : 'float'
    default:
      return 'array'
  }
}

/**
 * `fields[].type` for a column: the APL type's wire name; for an `unknown` (mixed) column, the
 * composite of the kinds its non-null cells hold (`integer|float`, canonical order), or `unknown`
 * when every cell is null. A whole float such as 3.0 counts as `integer`: JS numbers cannot tell.
 */
export function wireFieldType(field: ResultField, cells: readonly Cell[]): string {
  if (field.type !== 'unknown') return wireTypeName(field.type)
  const kinds = new Set<FieldType>()
  for (const c of cells) if (c !== null) kinds.add(kindOf(c))
  return kinds.size === 0 ? 'unknown' : compositeType(kinds)
}
