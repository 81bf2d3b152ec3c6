// cli/ingest-sink.ts: where `apldb ingest` sends its chunks: the embedded store's `ingest`, or a
// server's ingest route (api-contract §3). Both answer with Axiom's IngestStatus. The dataset is
// created only when asked; a server is asked about it only then or when an ingest answers 404 (an
// ingest-only token may not read datasets).

import type { AnyApldb as Apldb } from '../query/apldb.ts'
import type { IngestStatus } from '../storage/ingest-call.ts'
import { CliError } from './errors.ts'
import { type RemoteClient, RemoteError } from './remote.ts'

/** How events are read (passed to the store or as query parameters and headers). */
export interface IngestSettings {
  readonly timestampField?: string
  readonly timestampFormat?: string
  readonly csvDelimiter?: string
  readonly csvFields?: readonly string[]
}

/** A destination for ingest calls. */
export interface IngestSink {
  /** Ingests NDJSON or CSV bytes. */
  chunk(bytes: Uint8Array, format: 'ndjson' | 'csv'): Promise<IngestStatus>
  /** Ingests already-parsed event objects. */
  events(events: readonly unknown[]): Promise<IngestStatus>
  /** Deletes the dataset again when this sink created it (nothing landed); else does nothing. */
  discardCreated(): Promise<void>
}

function missing(dataset: string): CliError {
  return new CliError(
    `dataset ${JSON.stringify(dataset)} does not exist: create it with \`apldb datasets create ${dataset}\` or pass --create`,
  )
}

/** A sink into an open store; checks (or creates) the dataset first. */
export async function embeddedSink(
  db: Apldb,
  dataset: string,
  settings: IngestSettings,
  create: boolean,
): Promise<IngestSink> {
  const exists = (await db.datasets.list()).some((d) => d.name === dataset)
  if (!exists && !create) throw missing(dataset)
  if (!exists) await db.datasets.create({ name: dataset })
  return {
    chunk: (bytes, format) => db.ingest(dataset, bytes, { ...settings, format }),
    events: (events) => db.ingest(dataset, events, settings),
    discardCreated: async () => {
      if (!exists) await db.datasets.delete(dataset)
    },
  }
}

/** True when the server answers 404 for the dataset itself (not for, say, a route it lacks). */
async function datasetMissing(client: RemoteClient, id: string): Promise<boolean> {
  try {
    await client.json('GET', `/v2/datasets/${id}`)
    return false
  } catch (e) {
    if (e instanceof RemoteError && e.status === 404) return true
    throw e
  }
}

/**
 * A sink into a server. With `create`, the dataset is looked up and created when missing; without,
 * chunks go straight to the ingest route, and only an ingest answering 404 makes it look the dataset
 * up, to say so plainly.
 */
export async function remoteSink(
  client: RemoteClient,
  dataset: string,
  settings: IngestSettings,
  create: boolean,
): Promise<IngestSink> {
  const id = encodeURIComponent(dataset)
  let created = false
  if (create && (await datasetMissing(client, id))) {
    await client.json('POST', '/v2/datasets', { json: { name: dataset } })
    created = true
  }
  const params = new URLSearchParams()
  if (settings.timestampField !== undefined) params.set('timestamp-field', settings.timestampField)
  if (settings.timestampFormat !== undefined) params.set('timestamp-format', settings.timestampFormat)
  if (settings.csvDelimiter !== undefined) params.set('csv-delimiter', settings.csvDelimiter)
  const query = params.size > 0 ? `?${params}` : ''
  const route = `/v1/datasets/${id}/ingest${query}`
  const send = async (raw: string | Uint8Array, contentType: string, headers?: Record<string, string>) => {
    try {
      return (await client.json('POST', route, { raw, contentType, headers })) as IngestStatus
    } catch (e) {
      if (!(e instanceof RemoteError && e.status === 404)) throw e
      const code = (e.body as { error?: unknown } | null)?.error
      if (code === 'dataset_not_found' || (await datasetMissing(client, id).catch(() => false)))
        throw missing(dataset)
      throw e
    }
  }
  return {
    chunk: (bytes, format) =>
      format === 'csv'
        ? send(
            bytes,
            'text/csv',
            settings.csvFields ? { 'x-axiom-csv-fields': settings.csvFields.join(',') } : {},
          )
        : send(bytes, 'application/x-ndjson'),
    events: (events) => send(events.map((e) => JSON.stringify(e)).join('\n'), 'application/x-ndjson'),
    discardCreated: async () => {
      if (created) await client.json('DELETE', `/v2/datasets/${id}`)
    },
  }
}
