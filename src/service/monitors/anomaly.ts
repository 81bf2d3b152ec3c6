// service/monitors/anomaly.ts: the AnomalyDetection model. Per series (a time-binned value), the
// newest point is tested against a band around its expected value:
//   no seasonality (compareDays 0): expected = median of the earlier points of the window;
//   seasonality (compareDays d ≥ 1): expected = median of the same bin on each of the d days before,
//     plus the median residual (level shift) of the window's earlier points against their own
//     seasonal expectations;
//   spread = 1.4826 × median absolute deviation of those earlier points (or residuals), at least
//     1 % of |expected|; band = expected ± tolerance × spread.
// Too few points (< 5 earlier points, < 3 seasonal residuals) is "insufficient data", never an alert.
import type { Operator } from './monitor-types.ts'
import type { Series } from './result-series.ts'
import type { Observation } from './threshold.ts'

/** One day, ns. */
export const DAY_NS = 86_400_000_000_000n
/** Earlier points needed without seasonality. */
export const MIN_POINTS = 5
/** Residuals needed with seasonality. */
export const MIN_RESIDUALS = 3

/** A series point with one value. */
export interface Point {
  readonly time: bigint
  readonly value: number
}

/** The band a point was tested against. */
export interface Band {
  readonly value: number
  readonly expected: number
  readonly lower: number
  readonly upper: number
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 === 1 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** Robust spread: 1.4826 × the median absolute deviation from `center`. */
function spreadOf(xs: readonly number[], center: number): number {
  return 1.4826 * median(xs.map((x) => Math.abs(x - center)))
}

/**
 * The band of the newest point of `points` (see module header); `seasonal` maps a bin time of the
 * current window to the values the same bin had on earlier days. Undefined: insufficient data.
 */
export function anomalyBand(
  points: readonly Point[],
  seasonal: ReadonlyMap<bigint, readonly number[]> | undefined,
  tolerance: number,
): Band | undefined {
  if (points.length === 0) return undefined
  const sorted = [...points].sort((a, b) => (a.time < b.time ? -1 : a.time > b.time ? 1 : 0))
  const last = sorted[sorted.length - 1]
  const earlier = sorted.slice(0, -1)
  let expected: number
  let spread: number
  if (seasonal === undefined) {
    if (earlier.length < MIN_POINTS) return undefined
    const base = earlier.map((p) => p.value)
    expected = median(base)
    spread = spreadOf(base, expected)
  } else {
    const at = (t: bigint) => {
      const v = seasonal.get(t)
      return v && v.length > 0 ? median(v) : undefined
    }
    const season = at(last.time)
    const residuals = earlier.flatMap((p) => {
      const e = at(p.time)
      return e === undefined ? [] : [p.value - e]
    })
    if (season === undefined || residuals.length < MIN_RESIDUALS) return undefined
    const level = median(residuals)
    expected = season + level
    spread = spreadOf(residuals, level)
  }
  spread = Math.max(spread, 0.01 * Math.abs(expected), Number.MIN_VALUE)
  return {
    value: last.value,
    expected,
    lower: expected - tolerance * spread,
    upper: expected + tolerance * spread,
  }
}

const OUTSIDE: Readonly<Record<Operator, (b: Band) => boolean>> = {
  Above: (b) => b.value > b.upper,
  AboveOrEqual: (b) => b.value >= b.upper,
  Below: (b) => b.value < b.lower,
  BelowOrEqual: (b) => b.value <= b.lower,
  AboveOrBelow: (b) => b.value > b.upper || b.value < b.lower,
}

function pointsOf(s: Series, shift: bigint): Point[] {
  return s.points.flatMap((p) => (p.time === undefined ? [] : [{ time: p.time + shift, value: p.values[0] }]))
}

const fmt = (x: number) => String(Number(x.toPrecision(6)))

/**
 * Findings of each series (`earlier[k-1]`: the series of the same query `k` days before). Series
 * with insufficient data are left out; `insufficient` counts them.
 */
export function anomalyObservations(
  current: readonly Series[],
  earlier: readonly (readonly Series[])[],
  op: Operator,
  tolerance: number,
): { observations: Observation[]; insufficient: number } {
  const observations: Observation[] = []
  let insufficient = 0
  for (const s of current) {
    let seasonal: Map<bigint, number[]> | undefined
    if (earlier.length > 0) {
      seasonal = new Map()
      earlier.forEach((day, k) => {
        const match = day.find((x) => x.key === s.key)
        if (!match) return
        for (const p of pointsOf(match, BigInt(k + 1) * DAY_NS)) {
          const list = seasonal?.get(p.time) ?? []
          list.push(p.value)
          seasonal?.set(p.time, list)
        }
      })
    }
    const band = anomalyBand(pointsOf(s, 0n), seasonal, tolerance)
    if (band === undefined) {
      insufficient++
      continue
    }
    const range = `${fmt(band.lower)} … ${fmt(band.upper)} (expected ${fmt(band.expected)})`
    observations.push({
      key: s.key,
      positive: OUTSIDE[op](band),
      value: band.value,
      groupKeys: s.groupKeys,
      groupValues: s.groupValues,
      message: `Current value of ${band.value} is outside the expected range ${range}`,
      resolvedMessage: `Current value of ${band.value} is back within the expected range ${range}`,
    })
  }
  return { observations, insufficient }
}

/** One finding for the whole monitor: positive when any series is, reporting the first positive one. */
export function combineObservations(obs: readonly Observation[]): Observation[] {
  if (obs.length === 0) return []
  const pick = obs.find((o) => o.positive) ?? obs[0]
  return [{ ...pick, key: '', groupKeys: [], groupValues: [] }]
}
