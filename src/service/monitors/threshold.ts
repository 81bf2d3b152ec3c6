// service/monitors/threshold.ts: what a Threshold monitor sees in one run: per series, the value
// furthest in the operator's direction over every row and value column (Axiom: any point of the
// chart, any numeric value of the table), and whether it crosses the threshold.
import type { Operator } from './monitor-types.ts'
import type { Series } from './result-series.ts'

/** One series' finding in one run. */
export interface Observation {
  readonly key: string
  readonly positive: boolean
  readonly value: number
  readonly groupKeys: readonly string[]
  readonly groupValues: readonly unknown[]
  /** `.Body` of an alert the finding opens. */
  readonly message: string
  /** `.Body` of an alert the finding closes. */
  readonly resolvedMessage: string
}

interface OperatorDef {
  readonly crosses: (v: number, t: number) => boolean
  /** Of two values, the one further in the operator's direction. */
  readonly further: (a: number, b: number, t: number) => number
  readonly phrase: string
}

const max = (a: number, b: number) => Math.max(a, b)
const min = (a: number, b: number) => Math.min(a, b)

/** The operators (AboveOrBelow is refused for Threshold monitors; here it means "not equal"). */
export const OPERATOR_DEFS: Readonly<Record<Operator, OperatorDef>> = {
  Above: { crosses: (v, t) => v > t, further: max, phrase: 'above' },
  AboveOrEqual: { crosses: (v, t) => v >= t, further: max, phrase: 'above or equal to' },
  Below: { crosses: (v, t) => v < t, further: min, phrase: 'below' },
  BelowOrEqual: { crosses: (v, t) => v <= t, further: min, phrase: 'below or equal to' },
  AboveOrBelow: {
    crosses: (v, t) => v !== t,
    further: (a, b, t) => (Math.abs(a - t) >= Math.abs(b - t) ? a : b),
    phrase: 'above or below',
  },
}

/** The Threshold finding of each series. */
export function thresholdObservations(
  series: readonly Series[],
  op: Operator,
  threshold: number,
): Observation[] {
  const def = OPERATOR_DEFS[op]
  return series.map((s) => {
    let value = Number.NaN
    for (const p of s.points) {
      for (const v of p.values) value = Number.isNaN(value) ? v : def.further(value, v, threshold)
    }
    return {
      key: s.key,
      positive: def.crosses(value, threshold),
      value,
      groupKeys: s.groupKeys,
      groupValues: s.groupValues,
      message: `Current value of ${value} is ${def.phrase} the threshold value of ${threshold}`,
      resolvedMessage: `Current value of ${value} is no longer ${def.phrase} the threshold value of ${threshold}`,
    }
  })
}
