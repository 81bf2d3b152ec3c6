// service/monitors/monitors-api.ts: `store.monitors` and `/v2/monitors`: create, get, list, update
// (a PUT replaces the monitor), delete, the history of state changes and of runs, the delivery log,
// `on('alert', fn)`, and `runDue()` for callers that drive the clock themselves.
import { randomBytes } from 'node:crypto'
import type { AnyApldb as Apldb } from '../../query/apldb.ts'
import { parseTimeBound } from '../../util/time/index.ts'
import type { Principal } from '../capabilities.ts'
import { Serial } from '../serial.ts'
import { badRequest, notFound } from '../service-error.ts'
import { formatTime } from '../time-input.ts'
import type { DeliveryQueue, DeliveryRecord } from './delivery.ts'
import { checkMonitorBody, type MonitorFields } from './monitor-fields.ts'
import { checkMonitorQuery } from './monitor-query.ts'
import type { AlertListener, MonitorRunner } from './monitor-runner.ts'
import type { AlertHistory, Monitor, MonitorRun } from './monitor-types.ts'
import type { Notifiers } from './notifiers-api.ts'
import type { AlertDocs } from './persistence.ts'
import type { Scheduler } from './scheduler.ts'

/** A monitor create or update body: Axiom's `Monitor` without the fields the store sets. */
export type MonitorInput = Pick<Monitor, 'name' | 'type' | 'aplQuery' | 'intervalMinutes' | 'rangeMinutes'> &
  Partial<Omit<Monitor, 'id' | 'createdAt' | 'createdBy' | 'updatedAt'>>

/** A history window: RFC 3339 or relative (`now-1d`); absent bounds are open. */
export interface HistoryRange {
  readonly startTime?: string
  readonly endTime?: string
}

/** What the monitors API is built from (alerting.ts wires it). */
export interface MonitorsParts {
  readonly db: Apldb
  readonly docs: AlertDocs
  readonly notifiers: Notifiers
  readonly runner: MonitorRunner
  readonly scheduler: Scheduler
  readonly delivery: DeliveryQueue
  readonly items: Monitor[]
}

function bound(name: string, v: string | undefined, now: bigint): bigint | undefined {
  if (v === undefined || v === '') return undefined
  const ns = parseTimeBound(v, now)
  if (ns === null)
    throw badRequest('invalid_time', `${name} must be an RFC 3339 time or relative such as now-1d`)
  return ns
}

/** The monitors of one store (see module header). */
export class Monitors {
  readonly #p: MonitorsParts
  readonly #serial = new Serial()
  #items: Monitor[]

  /** @internal Use `openAlerting`. */
  constructor(parts: MonitorsParts) {
    this.#p = parts
    this.#items = parts.items
    parts.notifiers.usedBy = (id) => this.#items.filter((m) => m.notifierIds.includes(id)).map((m) => m.id)
  }

  /** @internal The current monitors (the runner reads them on each pass). */
  all(): readonly Monitor[] {
    return this.#items
  }

  /**
   * Creates a monitor. Its query must bind against the store now (an AplError with the span
   * otherwise) and, when `as` is given, read only datasets that principal may query.
   */
  create(body: MonitorInput, as?: Principal): Promise<Monitor> {
    const fields = this.#check(body, as)
    return this.#serial.run(async () => {
      this.#checkNotifiers(fields)
      const at = formatTime(this.#p.db.now())
      const m: Monitor = {
        id: `mon_${randomBytes(12).toString('hex')}`,
        ...fields,
        createdAt: at,
        createdBy: as?.id ?? 'store',
        updatedAt: at,
      }
      await this.#persist([...this.#items, m])
      return structuredClone(m)
    })
  }

  /** One monitor; 404 `monitor_not_found` when unknown. */
  async get(id: string): Promise<Monitor> {
    return structuredClone(this.#find(id))
  }

  /** Every monitor, oldest first. */
  async list(): Promise<Monitor[]> {
    return structuredClone(this.#items)
  }

  /** Replaces a monitor's fields (same rules as create). */
  update(id: string, body: MonitorInput, as?: Principal): Promise<Monitor> {
    this.#find(id)
    const fields = this.#check(body, as)
    return this.#serial.run(async () => {
      const prev = this.#find(id)
      this.#checkNotifiers(fields)
      const next: Monitor = {
        id,
        ...fields,
        createdAt: prev.createdAt,
        createdBy: prev.createdBy,
        updatedAt: formatTime(this.#p.db.now()),
      }
      await this.#persist(this.#items.map((m) => (m.id === id ? next : m)))
      return structuredClone(next)
    })
  }

  /** Deletes a monitor and its state. */
  delete(id: string): Promise<void> {
    return this.#serial.run(async () => {
      this.#find(id)
      await this.#persist(this.#items.filter((m) => m.id !== id))
      await this.#p.runner.drop(id)
    })
  }

  /** State changes (open/closed) of a monitor within `range`, oldest first (Axiom's AlertHistory). */
  async history(id: string, range: HistoryRange = {}): Promise<AlertHistory[]> {
    this.#find(id)
    const now = this.#p.db.now()
    const start = bound('startTime', range.startTime, now)
    const end = bound('endTime', range.endTime, now)
    return this.#p.runner
      .state(id)
      .history.filter((h) => {
        const t = BigInt(Date.parse(h.timestamp)) * 1_000_000n
        return (start === undefined || t >= start) && (end === undefined || t < end)
      })
      .map((h) => ({ ...h }))
  }

  /** The monitor's last runs, oldest first (bounded). */
  async runs(id: string): Promise<MonitorRun[]> {
    this.#find(id)
    return structuredClone(this.#p.runner.state(id).runs)
  }

  /** The notifier delivery log, oldest first (bounded; never a URL or header). */
  deliveries(): DeliveryRecord[] {
    return this.#p.delivery.log()
  }

  /** Runs every monitor due on the store's clock now (after a run in progress); for manual mode. */
  runDue(): Promise<void> {
    return this.#p.scheduler.tick()
  }

  /** Resolves once every queued notifier delivery has ended (delivered, failed, …). */
  deliveriesSettled(): Promise<void> {
    return this.#p.delivery.idle()
  }

  /** Calls `fn` with every alert a run raises. A throwing listener never stops a run. */
  on(event: 'alert', fn: AlertListener): this {
    if (event !== 'alert') throw new TypeError(`monitors emit only 'alert', not ${JSON.stringify(event)}`)
    this.#p.runner.listeners.add(fn)
    return this
  }

  /** Removes a listener added with `on`. */
  off(event: 'alert', fn: AlertListener): this {
    if (event === 'alert') this.#p.runner.listeners.delete(fn)
    return this
  }

  #check(body: MonitorInput, as: Principal | undefined): MonitorFields {
    const fields = checkMonitorBody(body)
    checkMonitorQuery(this.#p.db, fields, as)
    return fields
  }

  #checkNotifiers(f: MonitorFields): void {
    const missing = f.notifierIds.filter((id) => !this.#p.notifiers.has(id))
    if (missing.length > 0) {
      throw badRequest(
        'notifier_not_found',
        `notifierIds: no notifier ${missing.map((x) => JSON.stringify(x)).join(', ')}`,
      )
    }
  }

  #find(id: string): Monitor {
    const m = this.#items.find((x) => x.id === id)
    if (!m) throw notFound('monitor_not_found', `monitor ${JSON.stringify(id)} not found`)
    return m
  }

  async #persist(items: Monitor[]): Promise<void> {
    await this.#p.docs.saveMonitors(items)
    this.#items = items
    this.#p.scheduler.rearm()
  }
}
