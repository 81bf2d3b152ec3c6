// test/reference/compare.ts: how two values compare: predicate comparisons with the null rules of
// apl-reference §3 and the string/number rule of decision §10.5, and the total order used by sort,
// top, min/max, percentile and topk ties. Never coerces beyond those two rules.

import { parseNumber } from './convert.ts'
import { canonicalJson, type DateTime, type Json, type Kind, kindOf, type Value } from './values.ts'

/** Refused under `set stricttypes` (a per-value comparison met two kinds of value). */
export class StrictTypesError extends Error {
  override readonly name = 'StrictTypesError'
}

/** Strings compare by Unicode code point (UTF-8 byte order, as Go does), not by UTF-16 unit. */
export function compareStrings(a: string, b: string): number {
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    const ca = a.codePointAt(i) as number
    const cb = b.codePointAt(j) as number
    if (ca !== cb) return ca < cb ? -1 : 1
    i += ca > 0xffff ? 2 : 1
    j += cb > 0xffff ? 2 : 1
  }
  return (i < a.length ? 1 : 0) - (j < b.length ? 1 : 0)
}

/** Exact numeric order of two longs/reals (bigint and number compare exactly in JS); NaN excluded. */
function compareNumbers(a: bigint | number, b: bigint | number): -1 | 0 | 1 {
  if (a < b) return -1
  return a > b ? 1 : 0
}

const isNaNValue = (v: Value) => typeof v === 'number' && Number.isNaN(v)

/** How two non-null values relate for `==`, `<`, …: an order, or `unordered` (every test but `!=` false). */
export type Relation = -1 | 0 | 1 | 'unordered'

/**
 * Relation of non-null `a` and `b`: numbers by value (long and real alike; NaN unordered); a string
 * against a number numerically when the string parses (`parseNumber`), else unordered (§10.5);
 * strings by code point; bools false < true; datetimes/timespans by ns; anything else (containers,
 * other kind pairs) unordered. With `strict`, a pair of different kinds throws StrictTypesError.
 */
export function relate(a: Value, b: Value, strict: boolean): Relation {
  const ka = kindOf(a)
  const kb = kindOf(b)
  const numeric = (k: Kind) => k === 'long' || k === 'real'
  if (strict && ka !== kb && !(numeric(ka) && numeric(kb))) {
    throw new StrictTypesError(`set stricttypes: cannot compare a ${ka} with a ${kb}`)
  }
  let x = a
  let y = b
  if (ka === 'string' && numeric(kb)) x = parseNumber(a as string)
  if (kb === 'string' && numeric(ka)) y = parseNumber(b as string)
  if (x === null || y === null || isNaNValue(x) || isNaNValue(y)) return 'unordered'
  const kx = kindOf(x)
  const ky = kindOf(y)
  if (numeric(kx) && numeric(ky)) return compareNumbers(x as bigint | number, y as bigint | number)
  if (kx !== ky) return 'unordered'
  if (kx === 'string') return Math.sign(compareStrings(x as string, y as string)) as -1 | 0 | 1
  if (kx === 'bool') return compareNumbers(x ? 1 : 0, y ? 1 : 0)
  if (kx === 'datetime' || kx === 'timespan') return compareNumbers((x as DateTime).ns, (y as DateTime).ns)
  return 'unordered'
}

/** `a == b`: null == null is null, null == x is false; unordered is false. */
export function equals(a: Value, b: Value, strict: boolean): boolean | null {
  if (a === null || b === null) return a === null && b === null ? null : false
  return relate(a, b, strict) === 0
}

/** `a != b`: null != null is null, null != x is true; unordered is true (they are not equal). */
export function notEquals(a: Value, b: Value, strict: boolean): boolean | null {
  if (a === null || b === null) return a === null && b === null ? null : true
  return relate(a, b, strict) !== 0
}

/** `<`, `<=`, `>`, `>=` through a test on the order: null with anything is null; unordered is false. */
export function ordered(
  a: Value,
  b: Value,
  strict: boolean,
  test: (order: number) => boolean,
): boolean | null {
  if (a === null || b === null) return null
  const r = relate(a, b, strict)
  return r === 'unordered' ? false : test(r)
}

/** Rank of each kind in the total order across kinds (a mixed column sorts kind by kind). */
const KIND_RANK: { readonly [K in Kind]: number } = {
  null: -1,
  bool: 0,
  long: 1,
  real: 1,
  datetime: 2,
  timespan: 3,
  string: 4,
  array: 5,
  object: 6,
}

/**
 * Total order of non-null values for sorting: kinds by KIND_RANK (bool < number < datetime <
 * timespan < string < array < object), numbers by value with NaN below every number, strings by code
 * point, containers by canonical JSON text. Returns <0, 0, >0.
 */
export function totalOrder(a: Value, b: Value): number {
  const ka = kindOf(a)
  const kb = kindOf(b)
  const rank = KIND_RANK[ka] - KIND_RANK[kb]
  if (rank !== 0) return rank
  if (ka === 'long' || ka === 'real') {
    const na = isNaNValue(a)
    const nb = isNaNValue(b)
    if (na || nb) return na === nb ? 0 : na ? -1 : 1
    return compareNumbers(a as bigint | number, b as bigint | number)
  }
  if (ka === 'string') return compareStrings(a as string, b as string)
  if (ka === 'bool') return (a ? 1 : 0) - (b ? 1 : 0)
  if (ka === 'datetime' || ka === 'timespan') return compareNumbers((a as DateTime).ns, (b as DateTime).ns)
  return compareStrings(canonicalJson(a as Json), canonicalJson(b as Json))
}

/** A sort comparator over one key: direction and null placement as the SortKey says. */
export function sortCompare(a: Value, b: Value, descending: boolean, nullsFirst: boolean): number {
  if (a === null || b === null) {
    if (a === b) return 0
    return (a === null) === nullsFirst ? -1 : 1
  }
  const c = totalOrder(a, b)
  return descending ? -c : c
}
