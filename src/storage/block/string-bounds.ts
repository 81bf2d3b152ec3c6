// storage/block/string-bounds.ts: short lower/upper bounds for long strings (zone map min/max) and
// the prefix successor used for prefix pruning. UTF-16 code unit order, as JS `<` compares.

/** The smallest string greater than every string starting with `p`; `undefined` when none exists. */
export function prefixSuccessor(p: string): string | undefined {
  let end = p.length
  while (end > 0 && p.charCodeAt(end - 1) === 0xffff) end--
  if (end === 0) return undefined
  return p.slice(0, end - 1) + String.fromCharCode(p.charCodeAt(end - 1) + 1)
}

/** A string ≤ `s` of at most `maxChars` code units (a prefix of `s`). */
export function lowerBound(s: string, maxChars: number): string {
  return s.length <= maxChars ? s : s.slice(0, maxChars)
}

/** A string ≥ `s` of at most `maxChars` code units (the successor of its prefix, or `s` itself). */
export function upperBound(s: string, maxChars: number): string {
  if (s.length <= maxChars) return s
  return prefixSuccessor(s.slice(0, maxChars)) ?? s
}
