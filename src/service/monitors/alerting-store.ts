// service/monitors/alerting-store.ts: the store `openStore` returns: the query API (query/apldb.ts)
// plus `monitors` and `notifiers`, whose scheduler and deliveries stop before the store closes.
import { Apldb } from '../../query/apldb.ts'
import type { DeleteBlocksFn, StorageBackend } from '../../query/backend.ts'
import type { Store } from '../../storage/store.ts'
import { type Alerting, type MonitorOptions, openAlerting } from './alerting.ts'
import type { AlertListener } from './monitor-runner.ts'
import type { Monitors } from './monitors-api.ts'
import type { Notifiers } from './notifiers-api.ts'

/** Options of the alerting part of `openStore`. */
export interface AlertingOptions {
  /** Called with every alert a monitor raises (same as `store.monitors.on('alert', fn)`). */
  readonly onAlert?: AlertListener
  readonly monitors?: MonitorOptions
}

/** An open store with monitors and notifiers (see module header). */
export class AlertingStore<S extends StorageBackend = Store> extends Apldb<S> {
  #alerting: Alerting | undefined

  /** Opens the alerting over `storage` (loads monitors, starts the scheduler). */
  static async open<S extends StorageBackend>(
    storage: S,
    opts: AlertingOptions,
    deleteBlocks: DeleteBlocksFn,
  ): Promise<AlertingStore<S>> {
    const db = new AlertingStore<S>(storage, deleteBlocks)
    try {
      db.#alerting = await openAlerting(db, opts.monitors, opts.onAlert)
    } catch (e) {
      await storage.close()
      throw e
    }
    return db
  }

  /** Monitors: CRUD, history, runs, `on('alert', fn)`. */
  get monitors(): Monitors {
    return (this.#alerting as Alerting).monitors
  }

  /** Notifiers: CRUD (secrets never returned). */
  get notifiers(): Notifiers {
    return (this.#alerting as Alerting).notifiers
  }

  /** Stops the monitors (a run in progress is aborted, queued deliveries abandoned), then closes. */
  override async close(): Promise<void> {
    await this.#alerting?.close()
    await super.close()
  }
}
