// exec/kernels/conversion/to-timespan.ts: totimespan(x): timespans pass (read back from their Go text),
// numbers are nanoseconds (reals truncate, NaN/±Inf null), strings are Go or Kusto duration text
// (`300ms`, `2h45m`, `1.02:03:04`); anything else is null (reference rule 11).
import { parseDurationText } from '../../../util/time/index.ts'
import { scalarKernel } from '../executor/index.ts'

/** totimespan(value), on stored and computed values alike. */
export const toTimespanKernel = scalarKernel({
  args: ['dynamic'],
  returns: 'timespan',
  fn: (v) => {
    if (typeof v === 'number') return Number.isFinite(v) ? Math.trunc(v) : null
    if (typeof v !== 'string') return null
    const ns = parseDurationText(v.trim())
    return ns === null ? null : Number(ns)
  },
})
