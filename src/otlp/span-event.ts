// otlp/span-event.ts: one OTLP span (with its resource and scope) → one event in the shape of Axiom's
// otel-demo-traces dataset: `_time` (start), ids as hex, `kind` and `status.code` as names, `duration`
// (a declared timespan), `service.*` from the resource, `resource.*`, `scope.*`, semantic-convention
// `attributes.*`, other attributes in the map field `attributes.custom`, `events` and `links` arrays.
import { OtlpItemError } from './otlp-error.ts'
import {
  attributeObject,
  enumValue,
  hexId,
  int64,
  list,
  type Obj,
  obj,
  putAttributes,
} from './otlp-values.ts'

/** SpanKind names by value (trace.proto), as the `kind` field holds them. */
const KINDS = ['unspecified', 'internal', 'server', 'client', 'producer', 'consumer'] as const
const KIND_ENUM = KINDS.map((k) => `SPAN_KIND_${k.toUpperCase()}`)
/** Status.StatusCode by value: unset (no field), OK, ERROR. */
const STATUS = [undefined, 'OK', 'ERROR'] as const
const STATUS_ENUM = ['STATUS_CODE_UNSET', 'STATUS_CODE_OK', 'STATUS_CODE_ERROR']

/** The fields a span's resource and scope give every span under them (made once per scope). */
export type SpanContext = Readonly<Record<string, unknown>>

/** `service.*` resource attributes stay top-level fields (`service.name`); the rest go under `resource.`. */
export function serviceField(key: string): string | undefined {
  return key.startsWith('service.') ? key : undefined
}

/** The fields of a resource and one of its scopes. */
export function scopeContext(resource: Obj, scope: Obj): SpanContext {
  const ctx: Record<string, unknown> = {}
  putAttributes(ctx, resource.attributes, 'resource.', 'resource.attributes', serviceField)
  if (typeof scope.name === 'string' && scope.name !== '') ctx['scope.name'] = scope.name
  if (typeof scope.version === 'string' && scope.version !== '') ctx['scope.version'] = scope.version
  return ctx
}

/** Epoch ns as an ingest timestamp: a bigint is read as ns from 1973 on (util/time epochToNs). */
export function eventTime(ns: bigint): bigint | string {
  return ns >= 100_000_000_000_000_000n ? ns : new Date(Number(ns / 1_000_000n)).toISOString()
}

/** The event of one span; OtlpItemError when the span cannot be stored. */
export function spanEvent(raw: unknown, ctx: SpanContext): Record<string, unknown> {
  const s = obj(raw, 'a span')
  const traceId = hexId(s.traceId, 16, 'traceId')
  const spanId = hexId(s.spanId, 8, 'spanId')
  if (traceId === '' || /^0+$/.test(traceId)) throw new OtlpItemError('a span needs a non-zero traceId')
  if (spanId === '' || /^0+$/.test(spanId)) throw new OtlpItemError('a span needs a non-zero spanId')
  const start = int64(s.startTimeUnixNano, 'startTimeUnixNano')
  const end = int64(s.endTimeUnixNano, 'endTimeUnixNano')
  if (start <= 0n) throw new OtlpItemError(`span ${spanId} has no startTimeUnixNano`)
  if (end < start) throw new OtlpItemError(`span ${spanId} ends (${end}) before it starts (${start})`)
  const kind = enumValue(s.kind, KIND_ENUM, `span ${spanId}: kind`)
  const status = obj(s.status, 'status')
  const code = STATUS[enumValue(status.code, STATUS_ENUM, `span ${spanId}: status.code`)]
  const e: Record<string, unknown> = { _time: eventTime(start), ...ctx }
  e.trace_id = traceId
  e.span_id = spanId
  const parent = hexId(s.parentSpanId, 8, 'parentSpanId')
  if (parent !== '') e.parent_span_id = parent
  e.name = typeof s.name === 'string' ? s.name : ''
  e.kind = KINDS[kind]
  e.duration = end - start
  e.error = code === 'ERROR'
  if (code !== undefined) e['status.code'] = code
  if (typeof status.message === 'string' && status.message !== '') e['status.message'] = status.message
  if (typeof s.traceState === 'string' && s.traceState !== '') e.trace_state = s.traceState
  putAttributes(e, s.attributes, 'attributes.', `span ${spanId}: attributes`)
  e.events = list(s.events, 'events').map((raw) => {
    const ev = obj(raw, 'a span event')
    const attrs = attributeObject(ev.attributes, 'event attributes')
    return {
      name: typeof ev.name === 'string' ? ev.name : '',
      timestamp: Number(int64(ev.timeUnixNano, 'event timeUnixNano')),
      attributes: Object.keys(attrs).length > 0 ? attrs : null,
    }
  })
  e.links = list(s.links, 'links').map((raw) => {
    const l = obj(raw, 'a span link')
    const attrs = attributeObject(l.attributes, 'link attributes')
    return {
      trace_id: hexId(l.traceId, 16, 'link traceId'),
      span_id: hexId(l.spanId, 8, 'link spanId'),
      ...(typeof l.traceState === 'string' && l.traceState !== '' ? { trace_state: l.traceState } : {}),
      attributes: Object.keys(attrs).length > 0 ? attrs : null,
    }
  })
  return e
}
