// exec/time-order.ts: whether a time vector's rows are in ascending (ms, ns) order without nulls,
// tested once per vector and remembered (blocks are time-ordered in practice, never by contract),
// and ascending row lists. Fast paths (window cuts, bins, runs) rely on it; it never assumes.
import type { TimeVec } from './vector.ts'

/** The answer for one `ms` array, valid while `ns` and `valid` are the same arrays. */
interface Known {
  readonly ns: Int32Array
  readonly valid: Uint8Array | null
  readonly ascending: boolean
}

/** Keyed by the `ms` array: cached block vectors keep theirs, so a block is tested once per process. */
const KNOWN = new WeakMap<Float64Array, Known>()

/**
 * True when every row of `t` is non-null and rows are in ascending (ms, ns) order (equal times
 * allowed). Vectors are read-only, so the answer is computed once per vector and cached.
 */
export function ascendingTimes(t: TimeVec): boolean {
  const known = KNOWN.get(t.ms)
  if (known !== undefined && known.ns === t.ns && known.valid === t.valid) return known.ascending
  const ascending =
    (t.valid === null || t.valid === undefined || allOnes(t.valid, t.ms.length)) && ascendingPairs(t.ms, t.ns)
  KNOWN.set(t.ms, { ns: t.ns, valid: t.valid, ascending })
  return ascending
}

/**
 * Records that `t` is ascending without nulls, as a kernel that built it monotonically from an
 * ascending input knows (no pass over the rows). The caller vouches for it.
 */
export function markAscending(t: TimeVec): void {
  KNOWN.set(t.ms, { ns: t.ns, valid: t.valid, ascending: true })
}

/** Buffers holding 0, 1, 2, … (never written after): any view of one is ascending. */
const IDENTITIES = new WeakSet<ArrayBufferLike>()

/** Records that `ids` holds 0, 1, 2, … and will never be written again. */
export function markIdentity(ids: Uint32Array): void {
  IDENTITIES.add(ids.buffer)
}

/** True when `rows` is a view of an identity buffer: consecutive rows, `rows[j] = rows[0] + j`. */
export function consecutiveRows(rows: Uint32Array): boolean {
  return IDENTITIES.has(rows.buffer)
}

/** True when `rows` is strictly ascending (a selection in row order): a view of an identity, or tested. */
export function ascendingRows(rows: Uint32Array): boolean {
  return IDENTITIES.has(rows.buffer) || strictlyAscending(rows)
}

function strictlyAscending(rows: Uint32Array): boolean {
  for (let j = 1; j < rows.length; j++) if (rows[j] <= rows[j - 1]) return false
  return true
}

/** True when (ms, ns) pairs never decrease and no ms is NaN. A leaf loop. */
function ascendingPairs(ms: Float64Array, ns: Int32Array): boolean {
  let prev = Number.NEGATIVE_INFINITY
  let prevNs = -1
  for (let i = 0; i < ms.length; i++) {
    const m = ms[i]
    // `!(m >= prev)` also rejects NaN.
    if (!(m >= prev) || (m === prev && ns[i] < prevNs)) return false
    prev = m
    prevNs = ns[i]
  }
  return true
}

function allOnes(valid: Uint8Array, n: number): boolean {
  for (let i = 0; i < n; i++) if (valid[i] !== 1) return false
  return true
}

/**
 * The first index in `[from, to)` whose value is `>= x` (or `to`), on ascending `ms` (times, or the
 * rows of a selection): galloping from `from`, then binary search, so a short step costs a few probes.
 */
export function firstAtLeast(ms: Float64Array | Uint32Array, x: number, from: number, to: number): number {
  let lo = from
  let step = 1
  let hi = from
  // Gallop: find hi with ms[hi] >= x, doubling the step.
  while (hi < to && ms[hi] < x) {
    lo = hi + 1
    hi = from + step
    step *= 2
  }
  if (hi > to) hi = to
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (ms[mid] < x) lo = mid + 1
    else hi = mid
  }
  return lo
}
