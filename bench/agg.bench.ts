// bench/agg.bench.ts: add throughput of the aggregation states (src/exec/agg) over 10M seeded values,
// fed as the executor would: batch calls per 65,536-row block (plus one per-row typed loop for
// comparison). Prints M values/s (median of 3 runs). Run: node bench/agg.bench.ts [N]
import type { AggState } from '../src/exec/agg/agg-state.ts'
import { CodeDictionary } from '../src/exec/agg/code-dictionary.ts'
import { type AggKind, type AggParams, createAggState } from '../src/exec/agg/registry.ts'
import { rng } from './data-gen.ts'

const N = Number(process.argv[2] ?? 10_000_000)
const BLOCK = 65_536
const RUNS = 3

// Seeded columns: request durations (lognormal, ms), user ids (1M distinct longs),
// datetimes (int64 ns words), and a dictionary-coded uri column (10,000 distinct, skewed).
const r = rng(2024)
const durations = new Float64Array(N)
const userIds = new Float64Array(N)
const times = new Int32Array(2 * N)
const uriCodes = new Int32Array(N)
const uris = new CodeDictionary(Array.from({ length: 10_000 }, (_, i) => `/api/v1/items/${i}`))
const t0 = 1_700_000_000_000_000_000n
for (let i = 0; i < N; i++) {
  const u = 1 - r()
  durations[i] = Math.exp(3 + 1.2 * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r()))
  userIds[i] = Math.floor(r() * 1_000_000)
  const t = t0 + BigInt(i) * 1_000_003n
  times[2 * i] = Number(BigInt.asIntN(32, t))
  times[2 * i + 1] = Number(t >> 32n)
  uriCodes[i] = Math.floor(r() ** 3 * uris.values.length)
}

type Feed = (s: AggState) => void
const blocks =
  (add: (s: AggState, from: number, to: number) => void): Feed =>
  (s) => {
    for (let b = 0; b < N; b += BLOCK) add(s, b, Math.min(N, b + BLOCK))
  }
const numbers = (col: Float64Array) => blocks((s, from, to) => s.addNumbers(col, null, from, to))
const int64s = blocks((s, from, to) => s.addInt64s(times, null, from, to))
const codes = blocks((s, from, to) => s.addCodes(uriCodes, uris, null, from, to))

const CASES: [string, AggKind, AggParams, Feed][] = [
  ['count           (any column)', 'count', {}, numbers(durations)],
  ['sum             (durations)', 'sum', {}, numbers(durations)],
  ['sum             (long ids)', 'sum', {}, numbers(userIds)],
  ['sum             (int64 ns)', 'sum', {}, int64s],
  ['avg             (durations)', 'avg', {}, numbers(durations)],
  ['min             (int64 ns)', 'min', {}, int64s],
  ['dcount          (1M long ids)', 'dcount', {}, numbers(userIds)],
  ['dcount          (uri codes)', 'dcount', {}, codes],
  ['percentile 95   (durations)', 'percentile', { percent: 95 }, numbers(durations)],
  ['percentiles 50,90,99', 'percentiles_array', { percents: [50, 90, 99] }, numbers(durations)],
  ['topk 10         (uri codes)', 'topk', { k: 10 }, codes],
  ['topk 10         (1M long ids)', 'topk', { k: 10 }, numbers(userIds)],
  ['stdev           (durations)', 'stdev', {}, numbers(durations)],
]

function median(xs: number[]): number {
  return xs.sort((a, b) => a - b)[xs.length >> 1]
}

console.log(`aggregation add throughput over ${(N / 1e6).toFixed(0)}M values (batch per ${BLOCK}-row block)`)
for (const [label, kind, params, feed] of CASES) {
  const rates: number[] = []
  let estimate = false
  for (let run = 0; run < RUNS; run++) {
    const s = createAggState(kind, params)
    const start = performance.now()
    feed(s)
    s.result()
    rates.push(N / (performance.now() - start) / 1000)
    estimate = s.isEstimate
  }
  console.log(
    `${label.padEnd(32)} ${median(rates).toFixed(1).padStart(7)} M values/s${estimate ? '  (estimate)' : ''}`,
  )
}

// The per-row typed path in a loop that sees one state class (so V8 inlines the call).
for (const kind of ['sum', 'dcount', 'percentile'] as const) {
  const rates: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const s = createAggState(kind, { percent: 95 })
    const start = performance.now()
    for (let i = 0; i < N; i++) s.addNumber(durations[i])
    s.result()
    rates.push(N / (performance.now() - start) / 1000)
  }
  console.log(`${`${kind} per-row addNumber`.padEnd(32)} ${median(rates).toFixed(1).padStart(7)} M values/s`)
}
