// service/routes/ingest.ts: `POST /v1/datasets/{id}/ingest` and the edge twin `/v1/ingest/{id}`
// (api-contract.md §3): query parameters and headers → store ingest options, the 10,000-event
// limit, and `processedBytes` = decompressed body bytes + the event-labels header's length (§3.4).

import type { IngestFormat } from '../../storage/ingest/parse-input.ts'
import type { IngestOptions } from '../../storage/ingest-call.ts'
import { checkIngestShape } from '../ingest-shape.ts'
import type { Reply, RouteContext } from '../route-types.ts'
import { parseJsonText } from '../safe-json.ts'
import { badRequest } from '../service-error.ts'

function formatOf(contentType: string | undefined): IngestFormat | undefined {
  const media = (contentType ?? '').split(';')[0].trim().toLowerCase()
  // JSON, NDJSON (every spelling) and unknown types are sniffed from the first character (§3.2).
  return media === 'text/csv' ? 'csv' : undefined
}

function labelsOf(raw: string | undefined): { labels?: Record<string, unknown>; bytes: number } {
  if (raw === undefined || raw === '') return { bytes: 0 }
  // Header values arrive as latin1 (one char per byte): re-read the bytes as UTF-8.
  const text = Buffer.from(raw, 'latin1').toString('utf8')
  let v: unknown
  try {
    v = parseJsonText(text)
  } catch {
    throw badRequest(
      'invalid_labels',
      'X-Axiom-Event-Labels must be a JSON object such as {"region":"eu-west-1"}',
    )
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) {
    throw badRequest(
      'invalid_labels',
      'X-Axiom-Event-Labels must be a JSON object such as {"region":"eu-west-1"}',
    )
  }
  return { labels: v as Record<string, unknown>, bytes: raw.length }
}

function csvFieldsOf(raw: string | undefined): string[] | undefined {
  // Go always sends the header for CSV, empty when the CSV has its own header row.
  if (raw === undefined || raw.trim() === '') return undefined
  return raw.split(',').map((f) => f.trim())
}

/** The store's ingest options for this request. */
export function ingestOptions(ctx: Pick<RouteContext, 'query' | 'headers'>): IngestOptions {
  const q = ctx.query
  const { labels, bytes } = labelsOf(ctx.headers['x-axiom-event-labels'])
  const format = formatOf(ctx.headers['content-type'])
  const csvFields = csvFieldsOf(ctx.headers['x-axiom-csv-fields'])
  const opt = (k: string) => {
    const v = q.get(k)
    return v === null || v === '' ? undefined : v
  }
  return {
    ...(format ? { format } : {}),
    ...(opt('timestamp-field') ? { timestampField: opt('timestamp-field') } : {}),
    ...(opt('timestamp-format') ? { timestampFormat: opt('timestamp-format') } : {}),
    ...(opt('csv-delimiter') ? { csvDelimiter: opt('csv-delimiter') } : {}),
    ...(csvFields ? { csvFields } : {}),
    ...(labels ? { labels } : {}),
    ...(bytes > 0 ? { extraProcessedBytes: bytes } : {}),
  }
}

/** Ingests the body into the path's dataset; 200 with Axiom's IngestStatus even when events failed. */
export async function ingest(ctx: RouteContext): Promise<Reply> {
  const dataset = ctx.params.id
  const opts = ingestOptions(ctx)
  // An unknown dataset is refused before its body is read.
  await ctx.db.datasets.get(dataset)
  const body = await ctx.bytes()
  checkIngestShape(body, opts)
  return { status: 200, body: await ctx.db.ingest(dataset, body, opts) }
}
