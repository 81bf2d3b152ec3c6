// otlp/log-event.ts: one OTLP log record (with its resource and scope) → one event: `_time` (the
// record's time, else when it was observed), `body`, `severity_text`, `severity_number`, `trace_id`,
// `span_id`, `event_name`, `service.*`, `resource.*`, `scope.*`, semantic-convention `attributes.*`
// and the map field `attributes.custom` (the span shape's conventions, applied to logs).
import { OtlpItemError } from './otlp-error.ts'
import { anyValue, hexId, int64, obj, putAttributes } from './otlp-values.ts'
import { eventTime, type SpanContext } from './span-event.ts'

/** The event of one log record; OtlpItemError when it cannot be stored. */
export function logEvent(raw: unknown, ctx: SpanContext, receivedNs: bigint): Record<string, unknown> {
  const r = obj(raw, 'a log record')
  const time = int64(r.timeUnixNano, 'timeUnixNano')
  const observed = int64(r.observedTimeUnixNano, 'observedTimeUnixNano')
  const at = time > 0n ? time : observed > 0n ? observed : receivedNs
  const severity = r.severityNumber === undefined ? 0 : Number(r.severityNumber)
  if (!Number.isInteger(severity) || severity < 0 || severity > 24)
    throw new OtlpItemError(`severityNumber ${JSON.stringify(r.severityNumber)} is not 0–24`)
  const e: Record<string, unknown> = { _time: eventTime(at), ...ctx }
  if (r.body !== undefined) e.body = anyValue(r.body)
  if (typeof r.severityText === 'string' && r.severityText !== '') e.severity_text = r.severityText
  if (severity > 0) e.severity_number = severity
  const traceId = hexId(r.traceId, 16, 'traceId')
  const spanId = hexId(r.spanId, 8, 'spanId')
  if (traceId !== '') e.trace_id = traceId
  if (spanId !== '') e.span_id = spanId
  if (typeof r.eventName === 'string' && r.eventName !== '') e.event_name = r.eventName
  putAttributes(e, r.attributes, 'attributes.', 'attributes')
  return e
}
