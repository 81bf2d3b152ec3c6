// otlp/otlp-messages.ts: the OTLP export request and response messages (protobufjs, from the vendored
// official descriptor), and protobuf bodies → plain objects in the OTLP/JSON shape (camelCase names,
// int64 as decimal strings, enums as numbers, only fields that are set; ids stay bytes).
import protobuf from 'protobufjs'
import { OTLP_DESCRIPTOR } from './otlp-descriptor.ts'
import { OtlpError } from './otlp-error.ts'

/** The two OTLP signals apldb ingests. */
export type OtlpSignal = 'traces' | 'logs'

interface SignalTypes {
  readonly request: protobuf.Type
  readonly response: protobuf.Type
}

let types: Record<OtlpSignal, SignalTypes> | undefined

function typesOf(signal: OtlpSignal): SignalTypes {
  if (types === undefined) {
    const root = protobuf.Root.fromJSON(OTLP_DESCRIPTOR as protobuf.INamespace)
    const pick = (name: string) => root.lookupType(`opentelemetry.proto.collector.${name}`)
    types = {
      traces: {
        request: pick('trace.v1.ExportTraceServiceRequest'),
        response: pick('trace.v1.ExportTraceServiceResponse'),
      },
      logs: {
        request: pick('logs.v1.ExportLogsServiceRequest'),
        response: pick('logs.v1.ExportLogsServiceResponse'),
      },
    }
  }
  return types[signal]
}

const TO_OBJECT: protobuf.IConversionOptions = {
  longs: String,
  enums: Number,
  defaults: false,
  arrays: false,
}

/** A protobuf export request as a plain object; OtlpError when the bytes are not one. */
export function decodeRequest(signal: OtlpSignal, bytes: Uint8Array): Record<string, unknown> {
  const type = typesOf(signal).request
  let msg: protobuf.Message
  try {
    msg = type.decode(bytes)
  } catch (e) {
    throw new OtlpError(
      'otlp_invalid_protobuf',
      400,
      `the body is not a protobuf ${type.name}: ${e instanceof Error ? e.message : String(e)}`,
    )
  }
  return type.toObject(msg, TO_OBJECT)
}

/** The partial-success field of an export response (absent when everything was accepted). */
export interface PartialSuccess {
  /** Spans or log records refused. */
  readonly rejected: number
  readonly errorMessage: string
}

/** The export response as protobuf bytes (empty when nothing was rejected). */
export function encodeResponse(signal: OtlpSignal, partial: PartialSuccess | undefined): Uint8Array {
  const type = typesOf(signal).response
  if (partial === undefined) return new Uint8Array(0)
  const count = signal === 'traces' ? 'rejectedSpans' : 'rejectedLogRecords'
  const msg = type.fromObject({
    partialSuccess: { [count]: partial.rejected, errorMessage: partial.errorMessage },
  })
  return type.encode(msg).finish()
}

/** The export response as OTLP/JSON. */
export function jsonResponse(
  signal: OtlpSignal,
  partial: PartialSuccess | undefined,
): Record<string, unknown> {
  if (partial === undefined) return {}
  const count = signal === 'traces' ? 'rejectedSpans' : 'rejectedLogRecords'
  return { partialSuccess: { [count]: String(partial.rejected), errorMessage: partial.errorMessage } }
}
