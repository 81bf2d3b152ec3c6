// service/monitors/alerting.ts: the alerting of one open store, wired together: documents, the
// notifiers and monitors APIs, the runner, the scheduler and the delivery queue; and its shutdown
// (stop the timer, abort a run in progress, abandon queued deliveries) before the store closes.
import type { AnyApldb as Apldb } from '../../query/apldb.ts'
import { type DeliveryOptions, DeliveryQueue } from './delivery.ts'
import { type AlertListener, DEFAULT_RUN_DEADLINE_MS, MonitorRunner } from './monitor-runner.ts'
import { Monitors } from './monitors-api.ts'
import { Notifiers } from './notifiers-api.ts'
import { docAlertDocs } from './persistence.ts'
import { Scheduler, type SchedulerMode } from './scheduler.ts'

/** Options of the monitors of a store (`openStore({ monitors })`). */
export interface MonitorOptions {
  /** `timer` (default): monitors run when due; `manual`: only `store.monitors.runDue()` runs them. */
  readonly scheduler?: SchedulerMode
  /** Deadline of one run (all of its queries), ms (default 30,000). */
  readonly runDeadlineMs?: number
  /** Notifier delivery: queue bound, attempts, backoff, timeout. */
  readonly delivery?: DeliveryOptions
  /** Receives one line per failed run, failed delivery or throwing listener. Never given a secret. */
  readonly onError?: (line: string) => void
}

/** The alerting of one store. */
export interface Alerting {
  readonly monitors: Monitors
  readonly notifiers: Notifiers
  close(): Promise<void>
}

/** Opens the alerting of `db`: loads monitors, notifiers and run states, and starts the scheduler. */
export async function openAlerting(
  db: Apldb,
  opts: MonitorOptions = {},
  onAlert?: AlertListener,
): Promise<Alerting> {
  const docs = docAlertDocs(db.storage.docs)
  const onError = opts.onError ?? (() => {})
  const notifiers = await Notifiers.open(docs, () => db.now())
  const items = await docs.loadMonitors()
  const delivery = new DeliveryQueue(opts.delivery ?? {}, onError)
  let monitors: Monitors | undefined
  const runner = new MonitorRunner({
    db,
    docs,
    notifiers,
    delivery,
    monitors: () => monitors?.all() ?? [],
    deadlineMs: opts.runDeadlineMs ?? DEFAULT_RUN_DEADLINE_MS,
    onError,
  })
  await runner.load(items.map((m) => m.id))
  if (onAlert) runner.listeners.add(onAlert)
  const scheduler = new Scheduler(opts.scheduler ?? 'timer', {
    nowMs: () => runner.nowMs(),
    nextDueMs: () => runner.nextDueMs(),
    runDue: () => runner.runDue(),
  })
  monitors = new Monitors({ db, docs, notifiers, runner, scheduler, delivery, items })
  scheduler.rearm()
  let closed: Promise<void> | undefined
  return {
    monitors,
    notifiers,
    close: () => {
      closed ??= (async () => {
        runner.abort()
        await scheduler.close()
        await delivery.close()
      })()
      return closed
    },
  }
}
