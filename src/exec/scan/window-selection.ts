// exec/scan/window-selection.ts: the rows of a block's `_time` inside the query window, as a
// selection vector (null when every row is inside). The scan's only row filter.
import type { TimeRange } from '../../storage/types.ts'
import { splitNs } from '../kernels/constants.ts'
import type { TimeVec } from '../vector.ts'

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
