// exec/kernels/to-timespan.ts: totimespan(x): timespans pass, numbers are nanoseconds (reals
// truncate, NaN/±Inf null), strings are Go or Kusto duration text (`300ms`, `2h45m`, `1.02:03:04`)
// parsed once per dictionary entry; anything else is null (reference rule 11).
import { parseDurationText } from '../../util/time/index.ts'
import type { SpanVec } from '../vector.ts'
import { cellAt } from '../vector.ts'
import type { Kernel } from './kernel.ts'

/** A string's ns as a number (surrounding spaces ignored), or null. */
function parseText(s: string): number | null {
  const ns = parseDurationText(s.trim())
  return ns === null ? null : Number(ns)
}

/** totimespan(value). */
export const toTimespanKernel: Kernel = (args, n) => {
  const v = args[0]
  if (v.kind === 'span') return v
  const values = new Float64Array(n)
  const valid = new Uint8Array(n)
  if (v.kind === 'num') {
    for (let i = 0; i < n; i++) {
      if ((v.valid && !v.valid[i]) || !Number.isFinite(v.values[i])) continue
      values[i] = Math.trunc(v.values[i])
      valid[i] = 1
    }
  } else if (v.kind === 'str') {
    const parsed = v.dict.map(parseText)
    for (let i = 0; i < n; i++) {
      const t = v.codes[i] < 0 ? null : parsed[v.codes[i]]
      if (t === null) continue
      values[i] = t
      valid[i] = 1
    }
  } else if (v.kind === 'dyn' || v.kind === 'mixed') {
    for (let i = 0; i < n; i++) {
      const c = cellAt(v, i)
      const t =
        typeof c === 'string'
          ? parseText(c)
          : typeof c === 'bigint'
            ? Number(c)
            : typeof c === 'number' && Number.isFinite(c)
              ? Math.trunc(c)
              : null
      if (t === null) continue
      values[i] = t
      valid[i] = 1
    }
  }
  return { kind: 'span', values, valid } satisfies SpanVec
}
