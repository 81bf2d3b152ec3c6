// clickhouse/docs.ts: whole named documents (tokens, annotations, …) in the shared `_apldb_docs` table:
// a write appends a new version, a read takes the newest; so every front end reads what any wrote.
import { parseJsonDoc } from '../storage/docs.ts'
import { StoreError } from '../storage/errors.ts'
import type { ClickHouseClient } from './client.ts'
import { insertMeta, latest, META, nextVersion, whereName } from './meta.ts'

const DOC_NAME = /^[a-z][a-z0-9-]{0,63}$/

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
    const rows = await latest<{ name: string; data: string }>(
      this.#client,
      this.#database,
      META.docs,
      'name',
      ['data'],
      whereName('name', name),
    )
    return rows.length === 0 ? undefined : Buffer.from(rows[0].data, 'base64')
  }

  async write(name: string, data: Uint8Array): Promise<void> {
    check(name)
    const row = { name, data: Buffer.from(data).toString('base64'), version: nextVersion().toString() }
    await insertMeta(this.#client, this.#database, META.docs, [row])
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
