// exec/scan/window-selection.ts: the rows of a block's `_time` inside the query window, as a
// selection vector (null when every row is inside). The scan's only row filter. A block in time
// order (tested once per vector) is cut by binary search: its selection is a shared index range.
import type { TimeRange } from '../../storage/types.ts'
import { splitNs } from '../kernels/constants.ts'
import { ascendingTimes, firstAtLeast, markIdentity } from '../time-order.ts'
import type { TimeVec } from '../vector.ts'

/** 0, 1, 2, …: ascending selections are views of it. Replaced when too short, never written after. */
let IDENTITY = new Uint32Array(0)

/** The rows `[from, to)` as a read-only view of the shared identity. */
function rangeOf(from: number, to: number): Uint32Array {
  if (IDENTITY.length < to) {
    const next = new Uint32Array(Math.max(to, 2 * IDENTITY.length))
    for (let i = 0; i < next.length; i++) next[i] = i
    markIdentity(next)
    IDENTITY = next
  }
  return IDENTITY.subarray(from, to)
}

/** The first row of ascending `t` at or after (ms, ns), within `[0, n)`. */
function firstAtOrAfter(t: TimeVec, ms: number, ns: number, n: number): number {
  let i = firstAtLeast(t.ms, ms, 0, n)
  // Equal ms order by ns: step over the earlier ones (a run of one ms is short).
  while (i < n && t.ms[i] === ms && t.ns[i] < ns) i++
  return i
}

/** Rows of `t` inside `[start, end)`; null when every row is. */
export function windowSelection(t: TimeVec, n: number, r: TimeRange): Uint32Array | null {
  if (r.start === undefined && r.end === undefined) return null
  // Bounds as (ms, ns) numbers; an absent bound is ±Infinity ms, so one loop serves every case.
  const s = r.start === undefined ? null : splitNs(r.start)
  const e = r.end === undefined ? null : splitNs(r.end)
  const sMs = s ? s.ms : Number.NEGATIVE_INFINITY
  const sNs = s ? s.ns : 0
  const eMs = e ? e.ms : Number.POSITIVE_INFINITY
  const eNs = e ? e.ns : 0
  if (ascendingTimes(t) && t.ms.length >= n) {
    const from = s ? firstAtOrAfter(t, sMs, sNs, n) : 0
    const to = e ? Math.max(from, firstAtOrAfter(t, eMs, eNs, n)) : n
    return from === 0 && to === n ? null : rangeOf(from, to)
  }
  return scanSelection(t, n, sMs, sNs, eMs, eNs)
}

/** Rows of `t` inside the bounds, one test per row (any order, nulls). A leaf loop. */
function scanSelection(
  t: TimeVec,
  n: number,
  sMs: number,
  sNs: number,
  eMs: number,
  eNs: number,
): Uint32Array | null {
  const { ms, ns, valid } = t
  const keep = new Uint32Array(n)
  let k = 0
  for (let i = 0; i < n; i++) {
    const m = ms[i]
    if (m < sMs || m > eMs) continue
    if ((m === sMs && ns[i] < sNs) || (m === eMs && ns[i] >= eNs)) continue
    if (valid !== null && valid !== undefined && valid[i] !== 1) continue
    keep[k++] = i
  }
  return k === n ? null : keep.subarray(0, k)
}
