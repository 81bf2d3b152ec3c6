// exec/kernels/series/series-fill.ts: series_fill_forward/backward/const/linear: null (or non-numeric)
// elements replaced from their neighbours or a constant (reference rule 91). Rows keep their ranges;
// one pass over each row's elements (fill_linear: one pass plus the interpolated gaps).
import type { NumSeries } from '../../num-series.ts'
import { seriesOf, seriesVec } from '../../num-series.ts'
import type { Vec } from '../../vector.ts'
import { cellAt } from '../../vector.ts'
import type { Kernel } from '../kernel.ts'

/** Runs `fill(data, present, from, to)` over a copy of every distinct row range of `v`. */
function filled(
  v: Vec,
  n: number,
  fill: (data: Float64Array, present: Uint8Array, from: number, to: number, i: number) => void,
): Vec {
  const s = seriesOf(v, n)
  const data = Float64Array.from(s.data)
  const present = s.present === null ? new Uint8Array(data.length).fill(1) : Uint8Array.from(s.present)
  let last = -1
  for (let i = 0; i < n; i++) {
    if (s.len[i] < 0 || s.start[i] === last) continue
    last = s.start[i]
    fill(data, present, s.start[i], s.start[i] + s.len[i], i)
  }
  const out: NumSeries = {
    start: s.start,
    len: s.len,
    data,
    present: present.indexOf(0) >= 0 ? present : null,
  }
  return seriesVec(out, n)
}

/** Nulls take the previous number; leading nulls stay null. */
function forward(d: Float64Array, p: Uint8Array, from: number, to: number): void {
  let seen = false
  let x = 0
  for (let j = from; j < to; j++) {
    if (p[j] === 1) [seen, x] = [true, d[j]]
    else if (seen) [d[j], p[j]] = [x, 1]
  }
}

/** Nulls take the next number; trailing nulls stay null. */
function backward(d: Float64Array, p: Uint8Array, from: number, to: number): void {
  let seen = false
  let x = 0
  for (let j = to - 1; j >= from; j--) {
    if (p[j] === 1) [seen, x] = [true, d[j]]
    else if (seen) [d[j], p[j]] = [x, 1]
  }
}

/** Interior nulls on the line between their neighbours; edge nulls take the nearest number. */
function linear(d: Float64Array, p: Uint8Array, from: number, to: number): void {
  let prev = -1
  for (let j = from; j < to; j++) {
    if (p[j] === 0) continue
    if (prev < 0) for (let k = from; k < j; k++) [d[k], p[k]] = [d[j], 1]
    else if (j > prev + 1) {
      const [x0, x1, span] = [d[prev], d[j], j - prev]
      for (let k = prev + 1; k < j; k++) [d[k], p[k]] = [x0 + ((x1 - x0) * (k - prev)) / span, 1]
    }
    prev = j
  }
  if (prev >= 0) for (let k = prev + 1; k < to; k++) [d[k], p[k]] = [d[prev], 1]
}

/** series_fill_const(array, c): nulls take c (a non-numeric c leaves them null). */
const fillConst: Kernel = (args, n) => {
  const c = args[1]
  return filled(args[0], n, (d, p, from, to, i) => {
    const x = cellAt(c, i)
    const k = typeof x === 'number' ? x : typeof x === 'bigint' ? Number(x) : null
    if (k === null) return
    for (let j = from; j < to; j++) if (p[j] === 0) [d[j], p[j]] = [k, 1]
  })
}

/** Fill kernels keyed by kernel key. */
export const SERIES_FILL_KERNELS = {
  series_fill_forward: (args, n) => filled(args[0], n, forward),
  series_fill_backward: (args, n) => filled(args[0], n, backward),
  series_fill_linear: (args, n) => filled(args[0], n, linear),
  series_fill_const: fillConst,
} as const satisfies Record<string, Kernel>
