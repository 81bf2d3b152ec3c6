// diagnostics/suggest.ts: "did you mean …" for misspelled names (operators, keywords, functions, fields).
// Uses the optimal-string-alignment Damerau-Levenshtein distance; never suggests the name itself.

/** Largest edit distance accepted for a name of `length` characters. */
export function maxSuggestionDistance(length: number): number {
  return length <= 1 ? 0 : length <= 4 ? 1 : length <= 8 ? 2 : 3
}

/**
 * Edit distance with adjacent transpositions (optimal string alignment), stopping early and returning
 * `limit + 1` once the distance must exceed `limit`.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  const n = b.length
  // Three rolling rows: two rows back is needed for transpositions.
  let prev2 = new Uint32Array(n + 1)
  let prev = new Uint32Array(n + 1)
  let cur = new Uint32Array(n + 1)
  for (let j = 0; j <= n; j++) prev[j] = j
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i
    let rowMin = cur[0]
    const ca = a.charCodeAt(i - 1)
    for (let j = 1; j <= n; j++) {
      const cb = b.charCodeAt(j - 1)
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca === cb ? 0 : 1))
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) {
        d = Math.min(d, prev2[j - 2] + 1)
      }
      cur[j] = d
      if (d < rowMin) rowMin = d
    }
    if (rowMin > limit) return limit + 1
    const t = prev2
    prev2 = prev
    prev = cur
    cur = t
  }
  return prev[n]
}

/**
 * The candidate closest to `name`, or undefined when none is close enough. Case-only differences win
 * over any edit; ties keep the earlier candidate, so callers order candidates by preference.
 */
export function suggest(name: string, candidates: Iterable<string>): string | undefined {
  const lower = name.toLowerCase()
  const limit = maxSuggestionDistance(name.length)
  let best: string | undefined
  let bestScore = Number.POSITIVE_INFINITY
  for (const candidate of candidates) {
    if (candidate === name) continue
    const cl = candidate.toLowerCase()
    // Case-only difference scores 0.5: better than any real edit, worse than nothing.
    const score = cl === lower ? 0.5 : editDistance(lower, cl, limit)
    if ((score === 0.5 || score <= limit) && score < bestScore) {
      best = candidate
      bestScore = score
      if (score === 0.5) break
    }
  }
  return best
}
