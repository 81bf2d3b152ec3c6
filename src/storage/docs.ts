// storage/docs.ts: small named documents kept whole in `<root>/docs/`, each written temp → fsync →
// rename → fsync(dir), so a reader sees the old or the new document, never a mix; and collections
// of records kept one file each (doc-collection.ts: annotations, tokens). Layers above the store own
// the documents' meaning; this module only keeps bytes.
import * as path from 'node:path'
import { DocCollection, type RecordCollection } from './doc-collection.ts'
import { StoreError } from './errors.ts'
import { type Fs, isErrno, writeFileDurable } from './fs.ts'

const DOC_NAME = /^[a-z][a-z0-9-]{0,63}$/

/** A document's bytes as JSON (`fallback` when absent); `manifest_corrupt` when not JSON. */
export function parseJsonDoc<T>(name: string, bytes: Uint8Array | undefined, fallback: T): T {
  if (!bytes) return fallback
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as T
  } catch (e) {
    throw new StoreError('manifest_corrupt', `document ${name} is not valid JSON`, { cause: e })
  }
}

/** Durable whole-file documents by name (`store.docs`). Writes to one name are serialized. */
export class DocStore {
  readonly #fs: Fs
  readonly #dir: string
  readonly #tmpDir: string
  readonly #sync: boolean
  readonly #queues = new Map<string, Promise<unknown>>()

  constructor(fs: Fs, root: string, tmpDir: string, sync: boolean) {
    this.#fs = fs
    this.#dir = path.join(root, 'docs')
    this.#tmpDir = tmpDir
    this.#sync = sync
  }

  /** The document's bytes, or undefined when it was never written. */
  async read(name: string): Promise<Uint8Array | undefined> {
    try {
      return await this.#fs.readFile(this.#file(name))
    } catch (e) {
      if (isErrno(e, 'ENOENT')) return undefined
      throw e
    }
  }

  /** Replace the document durably (resolves once it is fsynced). */
  write(name: string, data: Uint8Array): Promise<void> {
    let file: string
    try {
      file = this.#file(name)
    } catch (e) {
      return Promise.reject(e)
    }
    const prev = this.#queues.get(name) ?? Promise.resolve()
    const next = prev
      .catch(() => {})
      .then(async () => {
        await this.#fs.mkdirp(this.#dir)
        await writeFileDurable(this.#fs, file, data, this.#tmpDir, this.#sync)
      })
    this.#queues.set(name, next)
    return next
  }

  /** The collection `name` (one file per record, storage/doc-collection.ts). */
  collection(name: string): RecordCollection {
    if (!DOC_NAME.test(name))
      throw new StoreError('invalid_argument', `bad collection name ${JSON.stringify(name)}`)
    return new DocCollection(this.#fs, path.join(this.#dir, name), this.#tmpDir, this.#sync)
  }

  /** Removes a whole-file document (absent: nothing to do). */
  async remove(name: string): Promise<void> {
    try {
      await this.#fs.unlink(this.#file(name))
    } catch (e) {
      if (isErrno(e, 'ENOENT')) return
      throw e
    }
    if (this.#sync) await this.#fs.syncDir(this.#dir)
  }

  /** A JSON document, or `fallback` when absent. */
  async readJson<T>(name: string, fallback: T): Promise<T> {
    return parseJsonDoc(name, await this.read(name), fallback)
  }

  /** Replace a JSON document durably. */
  writeJson(name: string, value: unknown): Promise<void> {
    return this.write(name, new TextEncoder().encode(JSON.stringify(value)))
  }

  #file(name: string): string {
    if (!DOC_NAME.test(name))
      throw new StoreError('invalid_argument', `bad document name ${JSON.stringify(name)}`)
    return path.join(this.#dir, `${name}.json`)
  }
}
