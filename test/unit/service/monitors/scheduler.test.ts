// The monitor scheduler on a stepped clock, against a real store: a Threshold monitor fires and
// resolves, alerts on no data and on data returning, tracks groups on their own, needs M positive
// of N runs, repeats with notifyEveryRun, stays quiet on resolve with skipResolved, skips disabled
// monitors, runs a missed interval once after a restart (with its open alert remembered), never
// overlaps itself, honours its deadline, fires by its own timer, and survives a throwing listener.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  type Alert,
  type Apldb,
  type MonitorInput,
  type OpenStoreOptions,
  openStore,
} from '../../../../src/index.ts'

const MIN = 60_000
const T0 = Date.UTC(2026, 2, 1, 10, 0, 0)
let now = T0
const stores: Apldb[] = []
const dirs: string[] = []

afterEach(async () => {
  for (const s of stores.splice(0)) await s.close()
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true })
  now = T0
})

async function open(opts: OpenStoreOptions = {}): Promise<{ db: Apldb; alerts: Alert[]; errors: string[] }> {
  const alerts: Alert[] = []
  const errors: string[] = []
  const db = await openStore({
    clock: () => now,
    onAlert: (a) => {
      alerts.push(a)
    },
    ...opts,
    monitors: { scheduler: 'manual', onError: (l) => errors.push(l), ...opts.monitors },
  })
  stores.push(db)
  return { db, alerts, errors }
}

async function setup(db: Apldb): Promise<void> {
  await db.datasets.create({ name: 'web' })
  await db.ingest('web', [{ _time: '2020-01-01T00:00:00Z', status: 200, host: 'a' }])
}

/** Events at `now - 10 s`: `n` errors on `host`. */
async function errorsNow(db: Apldb, n: number, host = 'a'): Promise<void> {
  const at = new Date(now - 10_000).toISOString()
  await db.ingest(
    'web',
    Array.from({ length: n }, () => ({ _time: at, status: 500, host })),
  )
}

const base: MonitorInput = {
  name: 'errors',
  type: 'Threshold',
  aplQuery: "['web'] | where status >= 500 | summarize count()",
  operator: 'AboveOrEqual',
  threshold: 3,
  intervalMinutes: 1,
  rangeMinutes: 1,
}

/** Moves the clock to the next minute slot plus `offsetS` seconds, then runs what is due. */
async function step(db: Apldb, offsetS = 5): Promise<void> {
  now = Math.floor(now / MIN) * MIN + MIN + offsetS * 1000
  await db.monitors.runDue()
}

describe('a Threshold monitor on a stepped clock', () => {
  it('fires when the value crosses, then resolves', async () => {
    const { db, alerts } = await open()
    await setup(db)
    const m = await db.monitors.create(base)
    await step(db, 30)
    expect(alerts).toEqual([])
    await errorsNow(db, 4)
    await step(db)
    expect(alerts.map((a) => [a.action, a.value, a.body])).toEqual([
      ['Open', 4, 'Current value of 4 is above or equal to the threshold value of 3'],
    ])
    expect(alerts[0]).toMatchObject({
      monitorId: m.id,
      title: 'errors',
      queryStartTime: '2026-03-01T10:01:00Z',
      queryEndTime: '2026-03-01T10:02:00Z',
      groupKeys: [],
      noData: false,
    })
    await step(db)
    expect(alerts.map((a) => a.action)).toEqual(['Open', 'Closed'])
    expect((await db.monitors.history(m.id)).map((h) => h.state)).toEqual(['open', 'closed'])
    const runs = await db.monitors.runs(m.id)
    expect(runs.map((r) => r.outcome)).toEqual(['ok', 'triggered', 'ok'])
  })

  it('alerts on no data, and says when data returns', async () => {
    const { db, alerts } = await open()
    await setup(db)
    const m = await db.monitors.create({
      ...base,
      aplQuery: "['web'] | where status >= 500 | summarize avg(status)",
      alertOnNoData: true,
    })
    await step(db)
    expect(alerts.map((a) => [a.action, a.noData])).toEqual([['Open', true]])
    await db.ingest('web', [{ _time: new Date(now + 20_000).toISOString(), status: 501 }])
    await step(db)
    // Data returned and crossed: the crossing takes precedence over "data returned".
    expect(alerts.map((a) => [a.action, a.noData])).toEqual([
      ['Open', true],
      ['Open', false],
    ])
    expect((await db.monitors.history(m.id)).map((h) => h.state)).toEqual(['open', 'open', 'closed'])
    expect((await db.monitors.runs(m.id)).map((r) => r.outcome)).toEqual(['no_data', 'triggered'])
  })

  it('tracks each group on its own with notifyByGroup', async () => {
    const { db, alerts } = await open()
    await setup(db)
    const m = await db.monitors.create({
      ...base,
      aplQuery: "['web'] | where status >= 500 | summarize count() by host",
      notifyByGroup: true,
    })
    now += 30_000
    await errorsNow(db, 5, 'b')
    await errorsNow(db, 1, 'c')
    await step(db)
    expect(alerts.map((a) => [a.action, a.groupValues, a.value])).toEqual([['Open', ['b'], 5]])
    now += 25_000
    await errorsNow(db, 3, 'a')
    await step(db)
    // b stopped returning data (resolves with value 0); a crosses now.
    expect(alerts.slice(1).map((a) => [a.action, a.groupKeys, a.groupValues, a.value])).toEqual([
      ['Open', ['host'], ['a'], 3],
      ['Closed', ['host'], ['b'], 0],
    ])
    expect((await db.monitors.history(m.id)).map((h) => `${h.name} ${h.state}`)).toEqual([
      'errors [b] open',
      'errors [a] open',
      'errors [b] closed',
    ])
  })

  it('opens after M positive of the last N runs, repeats with notifyEveryRun, hides resolves with skipResolved', async () => {
    const { db, alerts } = await open()
    await setup(db)
    await db.monitors.create({
      ...base,
      triggerFromNRuns: 3,
      triggerAfterNPositiveResults: 2,
      notifyEveryRun: true,
      skipResolved: true,
    })
    const pattern = [true, false, true, true, false, false, false]
    const seen: string[] = []
    for (const positive of pattern) {
      if (positive) {
        now = Math.floor(now / MIN) * MIN + MIN + 20_000
        await errorsNow(db, 3)
        now -= 15_000
      }
      await step(db)
      seen.push(alerts.map((a) => a.action).join(','))
    }
    // Runs 1..7: + - + + - - -. Positives in the last 3: 1, 1, 2 (open), 2 (repeat), 2, 1 (closed), 0.
    expect(seen).toEqual(['', '', 'Open', 'Open,Open', 'Open,Open', 'Open,Open', 'Open,Open'])
  })

  it('does not run while disabled or before disabledUntil', async () => {
    const { db, alerts } = await open()
    await setup(db)
    await errorsNow(db, 5)
    const m = await db.monitors.create({ ...base, rangeMinutes: 60, disabled: true })
    await step(db)
    expect(await db.monitors.runs(m.id)).toEqual([])
    await db.monitors.update(m.id, {
      ...base,
      rangeMinutes: 60,
      disabledUntil: new Date(now + 3 * MIN).toISOString(),
    })
    await step(db)
    await step(db)
    expect(await db.monitors.runs(m.id)).toEqual([])
    await step(db)
    await step(db)
    expect(alerts.map((a) => a.action)).toEqual(['Open'])
  })
})

describe('scheduling', () => {
  it('runs a missed interval once after a restart, remembering the open alert', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'apldb-monitors-'))
    dirs.push(dir)
    let { db, alerts } = await open({ path: dir })
    await setup(db)
    const m = await db.monitors.create({ ...base, rangeMinutes: 3 })
    await errorsNow(db, 4)
    await step(db)
    expect(alerts.map((a) => a.action)).toEqual(['Open'])
    await db.close()
    stores.splice(stores.indexOf(db), 1)
    now += 10 * MIN
    ;({ db, alerts } = await open({ path: dir }))
    await db.monitors.runDue()
    await db.monitors.runDue()
    const runs = await db.monitors.runs(m.id)
    expect(runs.map((r) => [r.outcome, r.missed])).toEqual([
      ['triggered', 0],
      ['ok', 9],
    ])
    // The alert opened before the restart is closed by the first run after it.
    expect(alerts.map((a) => a.action)).toEqual(['Closed'])
    expect((await db.monitors.history(m.id)).map((h) => h.state)).toEqual(['open', 'closed'])
  })

  it('runs again after a restart a run that the close cut short', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'apldb-monitors-'))
    dirs.push(dir)
    let { db } = await open({ path: dir })
    await setup(db)
    const m = await db.monitors.create(base)
    now += 2 * MIN
    const cut = db.monitors.runDue()
    await db.close()
    await cut
    stores.splice(stores.indexOf(db), 1)
    ;({ db } = await open({ path: dir }))
    expect(await db.monitors.runs(m.id)).toEqual([])
    await db.monitors.runDue()
    expect((await db.monitors.runs(m.id)).map((r) => r.outcome)).toEqual(['ok'])
  })

  it('keeps the run log (200) and the state changes (500) bounded', async () => {
    const { db } = await open({ durability: 'none' })
    await setup(db)
    const m = await db.monitors.create({
      ...base,
      type: 'MatchEvent',
      aplQuery: "['web'] | where status >= 500",
    })
    const start = Math.floor(now / MIN) * MIN + MIN
    await db.ingest(
      'web',
      Array.from({ length: 505 }, (_, i) => ({
        _time: new Date(start + i * MIN + 30_000).toISOString(),
        status: 500,
      })),
    )
    for (let i = 0; i < 505; i++) await step(db)
    const runs = await db.monitors.runs(m.id)
    expect(runs).toHaveLength(200)
    expect(runs[0].time).toBe(new Date(start + 305 * MIN).toISOString().replace('.000Z', 'Z'))
    const history = await db.monitors.history(m.id)
    expect(history).toHaveLength(500)
    expect(history.every((h) => h.state === 'open')).toBe(true)
  })

  it('never overlaps itself: concurrent runDue calls run each slot once', async () => {
    const { db } = await open()
    await setup(db)
    const m = await db.monitors.create(base)
    now += 2 * MIN
    await Promise.all([db.monitors.runDue(), db.monitors.runDue(), db.monitors.runDue()])
    expect((await db.monitors.runs(m.id)).length).toBe(1)
  })

  it('stops a run at its deadline and records the error', async () => {
    const { db, errors } = await open({ blockRows: 500, monitors: { runDeadlineMs: 1 } })
    await setup(db)
    const at = new Date(now + 90_000).toISOString()
    await db.ingest(
      'web',
      Array.from({ length: 40_000 }, (_, i) => ({
        _time: at,
        status: 500,
        host: `h${i % 997}`,
        msg: `m${i}`,
      })),
    )
    await db.flush()
    const m = await db.monitors.create({
      ...base,
      aplQuery: "['web'] | where msg matches regex '(a|b|m)+[0-9]+$' | summarize dcount(msg) by host",
    })
    now += 2 * MIN
    await db.monitors.runDue()
    const [run] = await db.monitors.runs(m.id)
    expect(run.outcome).toBe('error')
    expect(run.error).toMatch(/deadline/)
    expect(errors.some((e) => e.includes(m.id) && e.includes('deadline'))).toBe(true)
  })

  it('fires by its own timer when a slot is due', async () => {
    let fired: (a: Alert) => void = () => {}
    const got = new Promise<Alert>((resolve) => {
      fired = resolve
    })
    const db = await openStore({ clock: () => now, onAlert: (a) => fired(a) })
    stores.push(db)
    await setup(db)
    await errorsNow(db, 3)
    now += 30_000
    await db.monitors.create({ ...base, rangeMinutes: 5 })
    // The clock stands past the next slot: the timer is due at once.
    now += 2 * MIN
    await db.monitors.create({ ...base, name: 'other', rangeMinutes: 5 })
    expect((await got).action).toBe('Open')
  })

  it('keeps running when a listener throws, and reports it', async () => {
    const { db, alerts, errors } = await open()
    db.monitors.on('alert', () => {
      throw new Error('listener broke')
    })
    const later: Alert[] = []
    db.monitors.on('alert', (a) => {
      later.push(a)
    })
    await setup(db)
    await db.monitors.create(base)
    now += 30_000
    await errorsNow(db, 3)
    await step(db)
    expect(alerts).toHaveLength(1)
    expect(later).toHaveLength(1)
    expect(errors).toContain('an alert listener failed: listener broke')
  })
})
