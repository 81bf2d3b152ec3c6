// otlp/ingest-otlp.ts: one OTLP/HTTP export request (protobuf or JSON, already decompressed) → events
// of one dataset. Declares the span shape's typed fields first (`duration` a timespan; the map fields
// `attributes.custom` and `resource.custom`), then ingests through the ordinary path. A malformed body
// refuses the whole request (OtlpError); a span or log record that cannot be stored fails alone and is
// reported as a partial success.
import type { DatasetsApi } from '../storage/datasets-api.ts'
import type { IngestInput, IngestStatus } from '../storage/ingest-call.ts'
import { formatRfc3339Nano } from '../util/time/index.ts'
import { logEvent } from './log-event.ts'
import { OtlpError, OtlpItemError } from './otlp-error.ts'
import { decodeRequest, type OtlpSignal, type PartialSuccess } from './otlp-messages.ts'
import { list, obj } from './otlp-values.ts'
import { scopeContext, spanEvent } from './span-event.ts'

/** Options of `ingestOtlp`. */
export interface OtlpIngestOptions {
  /** `application/x-protobuf` (the default when absent) or `application/json`. */
  readonly contentType?: string
  /** Which export request the body is (default `traces`). */
  readonly signal?: OtlpSignal
}

/** The ingest status, plus the OTLP partial success (spans or log records refused, and why). */
export interface OtlpIngestResult extends IngestStatus {
  readonly partialSuccess: PartialSuccess | undefined
}

/** What OTLP ingest needs of a store. */
export interface OtlpTarget {
  readonly datasets: Pick<DatasetsApi, 'get' | 'ensureDeclared'>
  ingest(dataset: string, input: IngestInput): Promise<IngestStatus>
  now(): bigint
}

/** Fields OTLP ingest declares on a dataset before it writes to it. */
const DECLARED: Record<OtlpSignal, { types: Record<string, 'timespan'>; maps: string[] }> = {
  traces: { types: { duration: 'timespan' }, maps: ['attributes.custom', 'resource.custom'] },
  logs: { types: {}, maps: ['attributes.custom', 'resource.custom'] },
}

/** The media type OTLP/HTTP names, from a Content-Type header value. */
function mediaOf(contentType: string | undefined): 'protobuf' | 'json' {
  const media = (contentType ?? '').split(';')[0].trim().toLowerCase()
  if (media === '' || media === 'application/x-protobuf' || media === 'application/protobuf')
    return 'protobuf'
  if (media === 'application/json') return 'json'
  throw new OtlpError(
    'otlp_unsupported_media_type',
    415,
    `OTLP/HTTP bodies are application/x-protobuf or application/json, not ${JSON.stringify(media)}`,
  )
}

/** The request as a plain object in the OTLP/JSON shape. */
export function readOtlpRequest(
  signal: OtlpSignal,
  body: Uint8Array,
  contentType?: string,
): Record<string, unknown> {
  if (mediaOf(contentType) === 'protobuf') return decodeRequest(signal, body)
  let v: unknown
  try {
    v = JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8'))
  } catch (e) {
    throw new OtlpError('otlp_invalid_json', 400, `the body is not JSON: ${(e as Error).message}`)
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new OtlpError('otlp_invalid_json', 400, 'an OTLP/JSON export request is a JSON object')
  return v as Record<string, unknown>
}

/** The events of a request, and the items refused (each with why). */
export function otlpEvents(
  signal: OtlpSignal,
  req: Record<string, unknown>,
  receivedNs: bigint,
): { events: Record<string, unknown>[]; refused: string[] } {
  const events: Record<string, unknown>[] = []
  const refused: string[] = []
  const [outer, inner, items] =
    signal === 'traces'
      ? ['resourceSpans', 'scopeSpans', 'spans']
      : ['resourceLogs', 'scopeLogs', 'logRecords']
  // The request's own structure is all-or-nothing: a wrong shape there refuses the request.
  const structure = <T>(f: () => T): T => {
    try {
      return f()
    } catch (e) {
      if (e instanceof OtlpItemError) throw new OtlpError('otlp_invalid_json', 400, e.message)
      throw e
    }
  }
  for (const rawResource of structure(() => list(req[outer], outer))) {
    const rs = structure(() => obj(rawResource, outer))
    for (const rawScope of structure(() => list(rs[inner], inner))) {
      const ss = structure(() => obj(rawScope, inner))
      let ctx: Readonly<Record<string, unknown>> | undefined
      for (const item of structure(() => list(ss[items], items))) {
        try {
          ctx ??= scopeContext(obj(rs.resource, 'resource'), obj(ss.scope, 'scope'))
          events.push(signal === 'traces' ? spanEvent(item, ctx) : logEvent(item, ctx, receivedNs))
        } catch (e) {
          if (!(e instanceof OtlpItemError)) throw e
          refused.push(e.message)
        }
      }
    }
  }
  return { events, refused }
}

/** Ingests one OTLP export request into `dataset` (see module header). */
export async function ingestOtlp(
  db: OtlpTarget,
  dataset: string,
  body: Uint8Array,
  opts: OtlpIngestOptions = {},
): Promise<OtlpIngestResult> {
  const signal = opts.signal ?? 'traces'
  await db.datasets.get(dataset)
  const req = readOtlpRequest(signal, body, opts.contentType)
  const now = db.now()
  const { events, refused } = otlpEvents(signal, req, now)
  const d = DECLARED[signal]
  await db.datasets.ensureDeclared(dataset, d.types, d.maps)
  const status =
    events.length > 0
      ? await db.ingest(dataset, events)
      : { ingested: 0, failed: 0, failures: [], processedBytes: 0, blocksCreated: 0, walLength: 0 }
  const at = formatRfc3339Nano(now)
  const failures = [...refused.map((error) => ({ timestamp: at, error })), ...status.failures]
  const failed = failures.length
  const what = signal === 'traces' ? 'span' : 'log record'
  return {
    ...status,
    failed,
    failures,
    processedBytes: body.byteLength,
    partialSuccess:
      failed === 0
        ? undefined
        : {
            rejected: failed,
            errorMessage: `${failed} ${what}${failed === 1 ? '' : 's'} refused: ${failures[0].error}`,
          },
  }
}
