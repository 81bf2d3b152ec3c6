// service/monitors/notifiers-api.ts: `store.notifiers` and `/v2/notifiers`: create, get, list,
// update (a PUT replaces; a secret sent back masked keeps its value), delete (refused while a
// monitor uses it). Every answer masks secrets; only delivery reads them (`resolve`).
import { randomBytes } from 'node:crypto'
import { Serial } from '../serial.ts'
import { notFound, ServiceError } from '../service-error.ts'
import { formatTime } from '../time-input.ts'
import {
  checkNotifierBody,
  keepMaskedSecrets,
  maskNotifier,
  type Notifier,
  type NotifierFields,
} from './notifier-fields.ts'
import type { AlertDocs } from './persistence.ts'

/** A notifier create or update body (Axiom's `Notifier`). */
export type NotifierInput = Pick<Notifier, 'name' | 'properties'> & { disabledUntil?: string }

/** The notifiers of one store (see module header). */
export class Notifiers {
  readonly #docs: AlertDocs
  readonly #now: () => bigint
  readonly #serial = new Serial()
  /** Ids of the monitors using a notifier (set by the monitors API). */
  usedBy: (id: string) => string[] = () => []
  #items: Notifier[]

  private constructor(docs: AlertDocs, now: () => bigint, items: Notifier[]) {
    this.#docs = docs
    this.#now = now
    this.#items = items
  }

  /** Loads the saved notifiers. */
  static async open(docs: AlertDocs, now: () => bigint): Promise<Notifiers> {
    return new Notifiers(docs, now, await docs.loadNotifiers())
  }

  /** Creates a notifier; returns it (secrets masked) with its new `notify_` id. */
  create(body: NotifierInput, createdBy = 'store'): Promise<Notifier> {
    const fields = checkNotifierBody(body)
    return this.#serial.run(async () => {
      const at = formatTime(this.#now())
      const n: Notifier = {
        id: `notify_${randomBytes(12).toString('hex')}`,
        ...fields,
        createdAt: at,
        createdBy,
        updatedAt: at,
      }
      await this.#persist([...this.#items, n])
      return maskNotifier(n)
    })
  }

  /** One notifier (secrets masked); 404 `notifier_not_found` when unknown. */
  async get(id: string): Promise<Notifier> {
    return maskNotifier(this.#find(id))
  }

  /** Every notifier (secrets masked), oldest first. */
  async list(): Promise<Notifier[]> {
    return this.#items.map(maskNotifier)
  }

  /** Replaces a notifier's fields. */
  update(id: string, body: NotifierInput): Promise<Notifier> {
    const fields = checkNotifierBody(body)
    return this.#serial.run(async () => {
      const prev = this.#find(id)
      const kept: NotifierFields = keepMaskedSecrets(fields, prev)
      const next: Notifier = {
        id,
        ...kept,
        createdAt: prev.createdAt,
        createdBy: prev.createdBy,
        updatedAt: formatTime(this.#now()),
      }
      await this.#persist(this.#items.map((n) => (n.id === id ? next : n)))
      return maskNotifier(next)
    })
  }

  /** Deletes a notifier; 409 `notifier_in_use` while a monitor lists it. */
  delete(id: string): Promise<void> {
    return this.#serial.run(async () => {
      this.#find(id)
      const users = this.usedBy(id)
      if (users.length > 0) {
        throw new ServiceError(
          409,
          'notifier_in_use',
          `notifier ${id} is used by monitor ${users.join(', ')}: remove it from their notifierIds first`,
        )
      }
      await this.#persist(this.#items.filter((n) => n.id !== id))
    })
  }

  /** True when the notifier exists. */
  has(id: string): boolean {
    return this.#items.some((n) => n.id === id)
  }

  /** @internal The stored notifier with its secrets, for delivery only. */
  resolve(id: string): Notifier | undefined {
    return this.#items.find((n) => n.id === id)
  }

  #find(id: string): Notifier {
    const n = this.#items.find((x) => x.id === id)
    if (!n) throw notFound('notifier_not_found', `notifier ${JSON.stringify(id)} not found`)
    return n
  }

  async #persist(items: Notifier[]): Promise<void> {
    await this.#docs.saveNotifiers(items)
    this.#items = items
  }
}
