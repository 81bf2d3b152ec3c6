// service/annotations.ts: annotations (api-contract.md §6): create, get, list with a filter, update
// as JSON merge-patch, delete; kept one record per annotation in the store collection `annotations`
// (a change writes only its own record; the whole document of older stores is split on open).
// Field rules and size limits live in annotation-fields.ts, the list filter in annotation-filter.ts.
import { randomBytes } from 'node:crypto'
import type { DocsPort } from '../query/backend.ts'
import type { RecordCollection } from '../storage/doc-collection.ts'
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

const ENCODER = new TextEncoder()
const DECODER = new TextDecoder()

/** Every annotation record of `records` by id. */
async function readRecords(records: RecordCollection): Promise<Map<string, Annotation>> {
  const items = new Map<string, Annotation>()
  for (const [id, bytes] of await records.readAll()) {
    try {
      items.set(id, JSON.parse(DECODER.decode(bytes)) as Annotation)
    } catch {
      throw new ServiceError(500, 'annotations_corrupt', `annotation record ${id} is not valid JSON`)
    }
  }
  return items
}

/** The annotations of one store (see module header). */
export class Annotations {
  readonly #records: RecordCollection
  readonly #now: () => bigint
  readonly #serial = new Serial()
  #items: Map<string, Annotation>

  private constructor(records: RecordCollection, now: () => bigint, items: Map<string, Annotation>) {
    this.#records = records
    this.#now = now
    this.#items = items
  }

  /** Loads the `annotations` collection (splitting the whole document older stores kept). */
  static async open(docs: DocsPort, now: () => bigint): Promise<Annotations> {
    const records = docs.collection(DOC)
    const doc = await docs.readJson<AnnotationsDoc | undefined>(DOC, undefined)
    if (doc !== undefined) {
      if (doc.version !== 1 || !Array.isArray(doc.annotations)) {
        throw new ServiceError(500, 'annotations_corrupt', 'the annotations document has an unknown shape')
      }
      // Each record durable first, then the document goes: a crash in between splits it again.
      for (const a of doc.annotations) await records.put(a.id, ENCODER.encode(JSON.stringify(a)))
      await docs.remove(DOC)
    }
    return new Annotations(records, now, await readRecords(records))
  }

  /** Re-reads the `annotations` collection (a store shared by several front ends). */
  reload(): Promise<void> {
    return this.#serial.run(async () => {
      this.#items = await readRecords(this.#records)
    })
  }

  /** Creates an annotation (`time` defaults to now); returns it with its new `ann_` id. */
  async create(body: unknown): Promise<Annotation> {
    const fields = checkCreate(body, formatTime(this.#now()))
    return this.#serial.run(async () => {
      const a: Annotation = { id: 'ann_' + randomBytes(12).toString('hex'), ...fields }
      await this.#persist(a)
      return structuredClone(a)
    })
  }

  /** One annotation; 404 `annotation_not_found` when unknown. */
  async get(id: string): Promise<Annotation> {
    return structuredClone(this.#find(id))
  }

  /** Annotations passing `filter`, oldest first. */
  async list(filter: AnnotationFilter = {}): Promise<Annotation[]> {
    return [...this.#items.values()]
      .filter((a) => matchesFilter(a, filter))
      .sort(byTime)
      .map((a) => structuredClone(a))
  }

  /** Merges `patch` into an annotation (JSON merge-patch); returns the result. */
  update(id: string, patch: unknown): Promise<Annotation> {
    return this.#serial.run(async () => {
      const next = applyPatch(this.#find(id), patch)
      await this.#persist(next)
      return structuredClone(next)
    })
  }

  /** Deletes an annotation; 404 when unknown. */
  delete(id: string): Promise<void> {
    return this.#serial.run(async () => {
      this.#find(id)
      await this.#records.delete(id)
      this.#items.delete(id)
    })
  }

  #find(id: string): Annotation {
    const a = this.#items.get(id)
    if (!a) throw notFound('annotation_not_found', `annotation ${JSON.stringify(id)} not found`)
    return a
  }

  /** Writes one annotation's record durably, then shows it. */
  async #persist(a: Annotation): Promise<void> {
    await this.#records.put(a.id, ENCODER.encode(JSON.stringify(a)))
    this.#items.set(a.id, a)
  }
}
