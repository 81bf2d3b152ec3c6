// clickhouse/docs.ts: whole named documents (monitors, the root token's hash, …) and collections of
// records (tokens, annotations: `<collection>/<id>`) in the shared `_apldb_docs` table: a write
// appends a new version, a read takes the newest, a removal is an empty newest version; so every
// front end reads what any wrote.
import type { RecordCollection } from '../storage/doc-collection.ts'
import { parseJsonDoc } from '../storage/docs.ts'
import { StoreError } from '../storage/errors.ts'
import type { ClickHouseClient } from './client.ts'
import { insertMeta, latest, META, nextVersion, whereName } from './meta.ts'
import { str } from './sql-text.ts'

const DOC_NAME = /^[a-z][a-z0-9-]{0,63}$/
const RECORD_ID = /^[A-Za-z0-9_-]{1,128}$/

/** The newest version of every row `where` selects (a removed one has empty data). */
function newest(client: ClickHouseClient, database: string, where: string) {
  return latest<{ name: string; data: string }>(client, database, META.docs, 'name', ['data'], where)
}

/** Appends a version of row `name` (empty `data`: removed). */
function append(client: ClickHouseClient, database: string, name: string, data: Uint8Array): Promise<void> {
  const row = { name, data: Buffer.from(data).toString('base64'), version: nextVersion().toString() }
  return insertMeta(client, database, META.docs, [row])
}

/** Documents on ClickHouse (the DocsPort of this backend). */
export class ClickHouseDocs {
  readonly #client: ClickHouseClient
  readonly #database: string

  constructor(client: ClickHouseClient, database: string) {
    this.#client = client
    this.#database = database
  }

  async read(name: string): Promise<Uint8Array | undefined> {
    check(name)
    const rows = await newest(this.#client, this.#database, whereName('name', name))
    return rows.length === 0 || rows[0].data === '' ? undefined : Buffer.from(rows[0].data, 'base64')
  }

  async write(name: string, data: Uint8Array): Promise<void> {
    check(name)
    await append(this.#client, this.#database, name, data)
  }

  /** Removes a document (reads as absent from then on). */
  async remove(name: string): Promise<void> {
    check(name)
    await append(this.#client, this.#database, name, new Uint8Array())
  }

  /** The collection `name`: its records are the rows `<name>/<id>`. */
  collection(name: string): RecordCollection {
    check(name)
    const client = this.#client
    const database = this.#database
    const prefix = `${name}/`
    const row = (id: string) => {
      if (!RECORD_ID.test(id)) throw new StoreError('invalid_argument', `bad record id ${JSON.stringify(id)}`)
      return prefix + id
    }
    return {
      async readAll() {
        const out = new Map<string, Uint8Array>()
        for (const r of await newest(client, database, `startsWith(name, ${str(prefix)})`))
          if (r.data !== '') out.set(r.name.slice(prefix.length), Buffer.from(r.data, 'base64'))
        return out
      },
      put: async (id, data) => append(client, database, row(id), data),
      delete: async (id) => append(client, database, row(id), new Uint8Array()),
    }
  }

  async readJson<T>(name: string, fallback: T): Promise<T> {
    return parseJsonDoc(name, await this.read(name), fallback)
  }

  writeJson(name: string, value: unknown): Promise<void> {
    return this.write(name, new TextEncoder().encode(JSON.stringify(value)))
  }
}

function check(name: string): void {
  if (!DOC_NAME.test(name))
    throw new StoreError('invalid_argument', `bad document name ${JSON.stringify(name)}`)
}
