// service/routes/otlp.ts: OTLP/HTTP ingest, `POST /v1/traces` and `POST /v1/logs` (protobuf or JSON,
// gzip handled by the adapter), into the dataset named by the `X-Axiom-Dataset` header, as Axiom
// accepts them. Answers the OTLP export response in the request's encoding (a partial success lists
// the spans or log records refused).
import { encodeResponse, jsonResponse, type OtlpSignal } from '../../otlp/otlp-messages.ts'
import type { Reply, RouteContext } from '../route-types.ts'
import { badRequest } from '../service-error.ts'

/** The header naming the target dataset. */
export const DATASET_HEADER = 'x-axiom-dataset'

async function otlp(ctx: RouteContext, signal: OtlpSignal): Promise<Reply> {
  const dataset = ctx.headers[DATASET_HEADER]
  if (dataset === undefined || dataset === '')
    throw badRequest('missing_dataset', 'name the dataset to ingest into in the X-Axiom-Dataset header')
  // An unknown dataset is refused before the body is read.
  await ctx.db.datasets.get(dataset)
  const contentType = ctx.headers['content-type']
  const res = await ctx.db.ingestOtlp(dataset, await ctx.bytes(), { contentType, signal })
  const json = (contentType ?? '').split(';')[0].trim().toLowerCase() === 'application/json'
  if (json) return { status: 200, body: jsonResponse(signal, res.partialSuccess) }
  return {
    status: 200,
    body: encodeResponse(signal, res.partialSuccess),
    headers: { 'content-type': 'application/x-protobuf' },
  }
}

/** `POST /v1/traces`. */
export function otlpTraces(ctx: RouteContext): Promise<Reply> {
  return otlp(ctx, 'traces')
}

/** `POST /v1/logs`. */
export function otlpLogs(ctx: RouteContext): Promise<Reply> {
  return otlp(ctx, 'logs')
}
