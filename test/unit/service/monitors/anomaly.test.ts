// The AnomalyDetection model (README "Alerts"): the band of a hand-computed series, then seeded
// latency data with a known anomaly run through a real store: a spike alerts and a normal point
// does not; a daily peak is an anomaly against the recent points alone but not with compareDays 1,
// while a spike on top of the peak still is.
import { afterEach, describe, expect, it } from 'vitest'
import { rng } from '../../../../bench/data-gen.ts'
import { type Alert, type Apldb, type MonitorInput, openStore } from '../../../../src/index.ts'
import { anomalyBand } from '../../../../src/service/monitors/anomaly.ts'

describe('anomalyBand', () => {
  it('is the median ± tolerance × 1.4826 × MAD of the earlier points', () => {
    const pts = [10, 12, 11, 9, 10, 50].map((value, i) => ({ time: BigInt(i), value }))
    const b = anomalyBand(pts, undefined, 3)
    expect(b?.expected).toBe(10)
    expect(b?.upper).toBeCloseTo(10 + 3 * 1.4826, 9)
    expect(b?.lower).toBeCloseTo(10 - 3 * 1.4826, 9)
    expect(b?.value).toBe(50)
  })

  it('needs 5 earlier points, or 3 seasonal residuals', () => {
    const pts = [1, 2, 3, 4, 5].map((value, i) => ({ time: BigInt(i), value }))
    expect(anomalyBand(pts, undefined, 3)).toBeUndefined()
    const seasonal = new Map([
      [0n, [1]],
      [1n, [2]],
      [4n, [5]],
    ])
    expect(anomalyBand(pts, seasonal, 3)).toBeUndefined()
    seasonal.set(2n, [3])
    expect(anomalyBand(pts, seasonal, 3)?.expected).toBe(5)
  })

  it('has a floor of 1 % of the expected value on flat data', () => {
    const pts = [100, 100, 100, 100, 100, 103].map((value, i) => ({ time: BigInt(i), value }))
    expect(anomalyBand(pts, undefined, 3)).toMatchObject({ expected: 100, upper: 103 })
  })
})

const SEED = Number(process.env.FC_SEED ?? 20_260_301)
console.log(`anomaly seed=${SEED}`)

const MIN = 60_000
const DAY = 24 * 60 * MIN
// The monitor runs at 10:25 on day 2; its newest 5-minute bin is 10:20.
const RUN = Date.UTC(2026, 2, 2, 10, 25, 0)
let now = RUN - 10 * MIN
let db: Apldb | undefined

afterEach(async () => {
  await db?.close()
  db = undefined
  now = RUN - 10 * MIN
})

/** Two days of latency, one event a minute: 100 ± 5, or 300 ± 5 from 10:00 to 10:30 each day. */
function latency(seed: number, spikeAtRun?: number, peaks = true): object[] {
  const r = rng(seed)
  const out: object[] = []
  for (let t = RUN - DAY - 3 * 60 * MIN; t < RUN; t += MIN) {
    const d = new Date(t)
    const peak = peaks && d.getUTCHours() === 10 && d.getUTCMinutes() < 30
    let v = (peak ? 300 : 100) + (r() - 0.5) * 10
    if (spikeAtRun !== undefined && t >= RUN - 5 * MIN) v = spikeAtRun
    out.push({ _time: d.toISOString(), latency: v })
  }
  return out
}

const monitor: MonitorInput = {
  name: 'latency',
  type: 'AnomalyDetection',
  aplQuery: "['m'] | summarize avg(latency) by bin(_time, 5m)",
  operator: 'AboveOrBelow',
  tolerance: 4,
  intervalMinutes: 5,
  rangeMinutes: 120,
}

async function runWith(
  events: object[],
  over: Partial<MonitorInput>,
): Promise<{ alerts: Alert[]; outcome: string }> {
  const alerts: Alert[] = []
  now = RUN - 10 * MIN
  db = await openStore({
    clock: () => now,
    monitors: { scheduler: 'manual' },
    onAlert: (a) => void alerts.push(a),
  })
  await db.datasets.create({ name: 'm' })
  await db.ingest('m', events)
  const m = await db.monitors.create({ ...monitor, ...over })
  now = RUN + 1000
  await db.monitors.runDue()
  const [run] = await db.monitors.runs(m.id)
  await db.close()
  db = undefined
  return { alerts, outcome: run.outcome }
}

describe('AnomalyDetection on seeded data', () => {
  it('alerts on a spike and not on a normal point (recent baseline)', async () => {
    expect(await runWith(latency(SEED, undefined, false), {})).toEqual({ alerts: [], outcome: 'ok' })
    const spiked = latency(SEED, 180, false)
    const spike = await runWith(spiked, {})
    expect(spike.outcome).toBe('triggered')
    expect(spike.alerts).toHaveLength(1)
    expect(spike.alerts[0]).toMatchObject({ action: 'Open', value: 180 })
    expect(spike.alerts[0].body).toMatch(
      /^Current value of 180 is outside the expected range 9\d\.\d+ … 10\d\.\d+ \(expected (99|100)\.\d+\)$/,
    )
    // Below only looks down: the same spike is not an anomaly for it.
    expect((await runWith(spiked, { operator: 'Below' })).alerts).toEqual([])
  })

  it('with compareDays 1, a daily peak is expected; a spike on top of it is not', async () => {
    const recentOnly = await runWith(latency(SEED), {})
    expect(recentOnly.alerts.map((a) => a.action)).toEqual(['Open'])
    const seasonal = await runWith(latency(SEED), { compareDays: 1 })
    expect(seasonal).toEqual({ alerts: [], outcome: 'ok' })
    const spike = await runWith(latency(SEED, 420), { compareDays: 1 })
    expect(spike.alerts.map((a) => [a.action, Math.round(a.value)])).toEqual([['Open', 420]])
  })

  it('reports insufficient data instead of alerting', async () => {
    const few = latency(SEED).filter((e) => Date.parse((e as { _time: string })._time) >= RUN - 12 * MIN)
    expect(await runWith(few, {})).toEqual({ alerts: [], outcome: 'insufficient_data' })
  })
})
