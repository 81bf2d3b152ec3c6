// storage/doc-collection.ts: a named collection of small records (annotations, tokens), one file per
// record in `<root>/docs/<name>/<id>.json`, each written temp → fsync → rename → fsync(dir) and
// removed by unlink → fsync(dir): one change costs its own record, never a rewrite of all of them.
// Layers above own the records' meaning; this module only keeps bytes by id.
import * as path from 'node:path'
import { StoreError } from './errors.ts'
import { type Fs, isErrno, writeFileDurable } from './fs.ts'

const RECORD_ID = /^[A-Za-z0-9_-]{1,128}$/
const SUFFIX = '.json'

/** What layers above need of a collection of records by id (this store's, or another backend's). */
export interface RecordCollection {
  /** Every record's bytes by id. */
  readAll(): Promise<Map<string, Uint8Array>>
  /** Writes record `id` durably (replacing it). */
  put(id: string, data: Uint8Array): Promise<void>
  /** Removes record `id` durably (absent already: nothing to do). */
  delete(id: string): Promise<void>
}

/** Records by id (see module header). Changes to one id are applied in call order. */
export class DocCollection implements RecordCollection {
  readonly #fs: Fs
  readonly #dir: string
  readonly #tmpDir: string
  readonly #sync: boolean
  readonly #queues = new Map<string, Promise<unknown>>()
  #made = false

  constructor(fs: Fs, dir: string, tmpDir: string, sync: boolean) {
    this.#fs = fs
    this.#dir = dir
    this.#tmpDir = tmpDir
    this.#sync = sync
  }

  /** Every record's bytes by id (none when the collection was never written). */
  async readAll(): Promise<Map<string, Uint8Array>> {
    const out = new Map<string, Uint8Array>()
    let names: string[]
    try {
      names = await this.#fs.readdir(this.#dir)
    } catch (e) {
      if (isErrno(e, 'ENOENT')) return out
      throw e
    }
    for (const name of names.sort()) {
      if (!name.endsWith(SUFFIX)) continue
      const id = name.slice(0, -SUFFIX.length)
      if (!RECORD_ID.test(id)) continue
      out.set(id, await this.#fs.readFile(path.join(this.#dir, name)))
    }
    return out
  }

  /** Writes record `id` durably (replacing it). */
  put(id: string, data: Uint8Array): Promise<void> {
    return this.#queued(id, async (file) => {
      if (!this.#made) {
        await this.#fs.mkdirp(this.#dir)
        this.#made = true
      }
      await writeFileDurable(this.#fs, file, data, this.#tmpDir, this.#sync)
    })
  }

  /** Removes record `id` durably (absent already: nothing to do). */
  delete(id: string): Promise<void> {
    return this.#queued(id, async (file) => {
      try {
        await this.#fs.unlink(file)
      } catch (e) {
        if (isErrno(e, 'ENOENT')) return
        throw e
      }
      if (this.#sync) await this.#fs.syncDir(this.#dir)
    })
  }

  #queued(id: string, work: (file: string) => Promise<void>): Promise<void> {
    if (!RECORD_ID.test(id))
      return Promise.reject(new StoreError('invalid_argument', `bad record id ${JSON.stringify(id)}`))
    const file = path.join(this.#dir, `${id}${SUFFIX}`)
    const prev = this.#queues.get(id) ?? Promise.resolve()
    const next = prev.catch(() => {}).then(() => work(file))
    this.#queues.set(id, next)
    const done = () => {
      if (this.#queues.get(id) === next) this.#queues.delete(id)
    }
    next.then(done, done)
    return next
  }
}
