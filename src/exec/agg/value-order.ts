// exec/agg/value-order.ts: the one total order over loose values (tie-breaks, min/max across types) and
// the canonical JSON text of dynamic values. Order: null < bool < number/bigint < string < dynamic.

/** Rank of a value's type in the cross-type order; numbers and bigints share a rank. */
export function typeRank(v: unknown): number {
  switch (typeof v) {
    case 'boolean':
      return 1
    case 'number':
    case 'bigint':
      return 2
    case 'string':
      return 3
    case 'object':
      return v === null ? 0 : 4
    default:
      return 0
  }
}

/** Compares two values: by type rank, then naturally (numbers numerically, strings by UTF-16 units). */
export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a)
  const rb = typeRank(b)
  if (ra !== rb) return ra - rb
  switch (ra) {
    case 1:
      return (a ? 1 : 0) - (b ? 1 : 0)
    case 2:
      return compareNumeric(a as number | bigint, b as number | bigint)
    case 3:
      return a === b ? 0 : (a as string) < (b as string) ? -1 : 1
    case 4: {
      const ja = canonicalJson(a)
      const jb = canonicalJson(b)
      return ja === jb ? 0 : ja < jb ? -1 : 1
    }
  }
  return 0
}

/** Exact comparison of numbers and bigints (NaN sorts before every number). */
function compareNumeric(a: number | bigint, b: number | bigint): number {
  if (typeof a === 'number' && Number.isNaN(a)) return typeof b === 'number' && Number.isNaN(b) ? 0 : -1
  if (typeof b === 'number' && Number.isNaN(b)) return 1
  // `<` between number and bigint is exact in JS (no rounding of the bigint).
  return a < b ? -1 : a > b ? 1 : 0
}

/** JSON text of a dynamic value with object keys sorted, so equal values have equal text. */
export function canonicalJson(v: unknown): string {
  if (v === null || typeof v !== 'object') {
    if (typeof v === 'bigint') return v.toString()
    if (typeof v === 'number' && !Number.isFinite(v)) return 'null'
    return v === undefined ? 'null' : JSON.stringify(v)
  }
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`
  const keys = Object.keys(v).sort()
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(',')}}`
}
