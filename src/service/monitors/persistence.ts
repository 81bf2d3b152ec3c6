// service/monitors/persistence.ts: where monitors, notifiers and each monitor's run state live. The
// rest of the feature sees only `AlertDocs`; `docAlertDocs` keeps them in the store's crash-safe
// documents: `monitors` and `notifiers` whole (they change rarely), and one document per monitor
// for its state, so a run rewrites only its own monitor's state.
import type { DocsPort } from '../../query/backend.ts'
import { ServiceError } from '../service-error.ts'
import type { MonitorState } from './monitor-state.ts'
import type { Monitor } from './monitor-types.ts'
import type { Notifier } from './notifier-fields.ts'

/** The persistence the alerting feature needs. Each save is durable when it resolves. */
export interface AlertDocs {
  loadMonitors(): Promise<Monitor[]>
  saveMonitors(all: readonly Monitor[]): Promise<void>
  loadNotifiers(): Promise<Notifier[]>
  saveNotifiers(all: readonly Notifier[]): Promise<void>
  /** A monitor's state, or undefined when none was saved (or it was dropped). */
  loadState(monitorId: string): Promise<MonitorState | undefined>
  saveState(monitorId: string, state: MonitorState): Promise<void>
  dropState(monitorId: string): Promise<void>
}

interface ListDoc<T> {
  version: 1
  items: T[]
}

async function readList<T>(docs: DocsPort, name: string): Promise<T[]> {
  const doc = await docs.readJson<ListDoc<T>>(name, { version: 1, items: [] })
  if (doc?.version !== 1 || !Array.isArray(doc.items)) {
    throw new ServiceError(500, 'monitors_corrupt', `the ${name} document has an unknown shape`)
  }
  return doc.items
}

/** A state document's name: `monitor-state-<the id's hex digits>` (ids are `mon_` + 24 hex digits). */
function stateDoc(monitorId: string): string {
  return `monitor-state-${monitorId.replace(/^mon_/, '')}`
}

/** `AlertDocs` over the store's documents (see module header). */
export function docAlertDocs(docs: DocsPort): AlertDocs {
  return {
    loadMonitors: () => readList<Monitor>(docs, 'monitors'),
    saveMonitors: (all) => docs.writeJson('monitors', { version: 1, items: all }),
    loadNotifiers: () => readList<Notifier>(docs, 'notifiers'),
    saveNotifiers: (all) => docs.writeJson('notifiers', { version: 1, items: all }),
    loadState: async (id) => (await docs.readJson<MonitorState | null>(stateDoc(id), null)) ?? undefined,
    saveState: (id, state) => docs.writeJson(stateDoc(id), state),
    // The document layer has no removal yet: a dropped state is an empty document.
    dropState: (id) => docs.writeJson(stateDoc(id), null),
  }
}
