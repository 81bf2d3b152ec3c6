// service/annotations.ts: annotations (api-contract.md §6): create, get, list with a filter, update
// as JSON merge-patch, delete; kept whole in the store document `annotations`. Field rules live in
// annotation-fields.ts, the list filter in annotation-filter.ts.
import { randomBytes } from 'node:crypto'
import type { DocsPort } from '../query/backend.ts'
import { type Annotation, applyPatch, checkCreate } from './annotation-fields.ts'
import { type AnnotationFilter, matchesFilter } from './annotation-filter.ts'
import { Serial } from './serial.ts'
import { notFound, ServiceError } from './service-error.ts'
import { formatTime } from './time-input.ts'

const DOC = 'annotations'

interface AnnotationsDoc {
  version: 1
  annotations: Annotation[]
}

function byTime(a: Annotation, b: Annotation): number {
  const d = Date.parse(a.time) - Date.parse(b.time)
  if (d !== 0) return d
  return a.time < b.time ? -1 : a.time > b.time ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** The annotations of one store (see module header). */
export class Annotations {
  readonly #docs: DocsPort
  readonly #now: () => bigint
  readonly #serial = new Serial()
  #items: Annotation[]

  private constructor(docs: DocsPort, now: () => bigint, items: Annotation[]) {
    this.#docs = docs
    this.#now = now
    this.#items = items
  }

  /** Loads the `annotations` document. */
  static async open(docs: DocsPort, now: () => bigint): Promise<Annotations> {
    const doc = await docs.readJson<AnnotationsDoc>(DOC, { version: 1, annotations: [] })
    if (doc.version !== 1 || !Array.isArray(doc.annotations)) {
      throw new ServiceError(500, 'annotations_corrupt', 'the annotations document has an unknown shape')
    }
    return new Annotations(docs, now, doc.annotations)
  }

  /** Re-reads the `annotations` document (a store shared by several front ends). */
  reload(): Promise<void> {
    return this.#serial.run(async () => {
      const doc = await this.#docs.readJson<AnnotationsDoc>(DOC, { version: 1, annotations: [] })
      if (doc.version === 1 && Array.isArray(doc.annotations)) this.#items = doc.annotations
    })
  }

  /** Creates an annotation (`time` defaults to now); returns it with its new `ann_` id. */
  async create(body: unknown): Promise<Annotation> {
    const fields = checkCreate(body, formatTime(this.#now()))
    return this.#serial.run(async () => {
      const a: Annotation = { id: 'ann_' + randomBytes(12).toString('hex'), ...fields }
      await this.#persist([...this.#items, a])
      return structuredClone(a)
    })
  }

  /** One annotation; 404 `annotation_not_found` when unknown. */
  async get(id: string): Promise<Annotation> {
    return structuredClone(this.#find(id))
  }

  /** Annotations passing `filter`, oldest first. */
  async list(filter: AnnotationFilter = {}): Promise<Annotation[]> {
    return this.#items
      .filter((a) => matchesFilter(a, filter))
      .sort(byTime)
      .map((a) => structuredClone(a))
  }

  /** Merges `patch` into an annotation (JSON merge-patch); returns the result. */
  update(id: string, patch: unknown): Promise<Annotation> {
    return this.#serial.run(async () => {
      const next = applyPatch(this.#find(id), patch)
      await this.#persist(this.#items.map((a) => (a.id === id ? next : a)))
      return structuredClone(next)
    })
  }

  /** Deletes an annotation; 404 when unknown. */
  delete(id: string): Promise<void> {
    return this.#serial.run(async () => {
      this.#find(id)
      await this.#persist(this.#items.filter((a) => a.id !== id))
    })
  }

  #find(id: string): Annotation {
    const a = this.#items.find((x) => x.id === id)
    if (!a) throw notFound('annotation_not_found', `annotation ${JSON.stringify(id)} not found`)
    return a
  }

  async #persist(items: Annotation[]): Promise<void> {
    await this.#docs.writeJson(DOC, { version: 1, annotations: items } satisfies AnnotationsDoc)
    this.#items = items
  }
}
