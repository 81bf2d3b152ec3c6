// OTLP ingest in process (store.ingestOtlp) and its bad input (issue 19 item 6): the span and log
// shapes, JSON enum names, a malformed protobuf or JSON body refused whole with a stable code, an
// unsupported media type, and spans with an unknown enum value, bad ids or times failing alone while
// the rest of the request is stored; the protobuf response carries the partial success.
import protobuf from 'protobufjs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { otelSpans, otlpJsonRequest, otlpProtobufRequest } from '../../../bench/otel-traces-gen.ts'
import { type Apldb, OtlpError, openStore } from '../../../src/index.ts'
import { OTLP_DESCRIPTOR } from '../../../src/otlp/otlp-descriptor.ts'
import { encodeResponse } from '../../../src/otlp/otlp-messages.ts'

const NOW_MS = Date.UTC(2026, 0, 2)
let store: Apldb

beforeEach(async () => {
  store = await openStore({ clock: () => NOW_MS, durability: 'none' })
  await store.datasets.create({ name: 'traces' })
})
afterEach(() => store.close())

const json = (v: unknown) => new TextEncoder().encode(JSON.stringify(v))
const JSON_TYPE = { contentType: 'application/json' }

function span(over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    traceId: '0af7651916cd43dd8448eb211c80319c',
    spanId: 'b7ad6b7169203331',
    name: 'GET /',
    kind: 2,
    startTimeUnixNano: '1767225600000000000',
    endTimeUnixNano: '1767225600250000000',
    ...over,
  }
}

function request(
  spans: unknown[],
  resource: unknown[] = [{ key: 'service.name', value: { stringValue: 'api' } }],
) {
  return {
    resourceSpans: [{ resource: { attributes: resource }, scopeSpans: [{ scope: { name: 's' }, spans }] }],
  }
}

async function rows(apl: string): Promise<unknown[][]> {
  const t = (await store.queryResult(apl, { startTime: '2025-01-01T00:00:00Z' })).tables[0]
  return (t.columns[0] ?? []).map((_, i) => t.columns.map((c) => c[i]))
}

describe('OTLP ingest', () => {
  it('writes a span in the otel-demo-traces shape and declares its typed fields', async () => {
    const s = span({
      parentSpanId: '00f067aa0ba902b7',
      kind: 'SPAN_KIND_CLIENT',
      status: { code: 'STATUS_CODE_ERROR', message: 'boom' },
      attributes: [
        { key: 'http.request.method', value: { stringValue: 'GET' } },
        { key: 'app.id', value: { intValue: '42' } },
        { key: 'app.tags', value: { arrayValue: { values: [{ stringValue: 'a' }, { boolValue: true }] } } },
      ],
    })
    const res = await store.ingestOtlp('traces', json(request([s])), JSON_TYPE)
    expect([res.ingested, res.failed, res.partialSuccess]).toEqual([1, 0, undefined])
    expect(
      await rows(
        `traces | project trace_id, span_id, parent_span_id, name, kind, duration, error, ['status.code'], ['status.message'], ['service.name'], ['scope.name'], ['attributes.http.request.method'], ['attributes.custom']`,
      ),
    ).toEqual([
      [
        '0af7651916cd43dd8448eb211c80319c',
        'b7ad6b7169203331',
        '00f067aa0ba902b7',
        'GET /',
        'client',
        250_000_000n,
        true,
        'ERROR',
        'boom',
        'api',
        's',
        'GET',
        { 'app.id': 42, 'app.tags': ['a', true] },
      ],
    ])
    expect(await store.datasets.mapFields('traces')).toEqual(['attributes.custom', 'resource.custom'])
    expect(await store.datasets.fieldTypes('traces')).toEqual({ duration: 'timespan' })
  })

  it('reads protobuf bodies (the default media type) and answers a protobuf response', async () => {
    const spans = otelSpans(50, { seed: 2, startMs: NOW_MS - 3_600_000, spanMs: 3_600_000 })
    const res = await store.ingestOtlp('traces', otlpProtobufRequest(spans))
    expect([res.ingested, res.failed]).toEqual([50, 0])
    expect(encodeResponse('traces', res.partialSuccess)).toEqual(new Uint8Array(0))
    const viaJson = await store.ingestOtlp('traces', json(otlpJsonRequest(spans)), JSON_TYPE)
    expect(viaJson.ingested).toBe(50)
    // Both encodings store the same events.
    const byEncoding = await rows(`traces | summarize count(), dcount(span_id), sum(duration)`)
    expect(byEncoding[0][0]).toBe(100)
    expect(byEncoding[0][1]).toBe(50)
  })

  it('writes log records with body, severity and attributes', async () => {
    const body = {
      resourceLogs: [
        {
          resource: { attributes: [{ key: 'service.name', value: { stringValue: 'worker' } }] },
          scopeLogs: [
            {
              logRecords: [
                {
                  timeUnixNano: '1767225600000000000',
                  severityNumber: 17,
                  severityText: 'ERROR',
                  body: { stringValue: 'disk full' },
                  attributes: [{ key: 'code.function', value: { stringValue: 'flush' } }],
                },
              ],
            },
          ],
        },
      ],
    }
    const res = await store.ingestOtlp('traces', json(body), { ...JSON_TYPE, signal: 'logs' })
    expect(res.ingested).toBe(1)
    expect(
      await rows(
        `traces | project body, severity_text, severity_number, ['service.name'], ['attributes.code.function']`,
      ),
    ).toEqual([['disk full', 'ERROR', 17, 'worker', 'flush']])
  })

  it('a bad span fails alone: the others are stored and the partial success says why', async () => {
    const spans = [
      span({ spanId: '0000000000000001' }),
      span({ spanId: '0000000000000002', kind: 99 }),
      span({ spanId: '0000000000000003', status: { code: 7 } }),
      span({ spanId: 'zz' }),
      span({ spanId: '0000000000000005', startTimeUnixNano: '2000', endTimeUnixNano: '1000' }),
      span({ spanId: '0000000000000006', traceId: '00000000000000000000000000000000' }),
      'not a span',
      span({ spanId: '0000000000000008' }),
    ]
    const res = await store.ingestOtlp('traces', json(request(spans)), JSON_TYPE)
    expect([res.ingested, res.failed]).toEqual([2, 6])
    expect(res.failures.map((f) => f.error)).toEqual([
      expect.stringMatching(/kind 99 is not one of 0 \(SPAN_KIND_UNSPECIFIED\)/),
      expect.stringMatching(/status.code 7 is not one of/),
      expect.stringMatching(/spanId must be 8 bytes/),
      expect.stringMatching(/ends \(1000\) before it starts \(2000\)/),
      expect.stringMatching(/non-zero traceId/),
      expect.stringMatching(/a span must be an object/),
    ])
    expect(res.partialSuccess).toEqual({
      rejected: 6,
      errorMessage: expect.stringMatching(/^6 spans refused: /),
    })
    expect(await rows(`traces | sort by span_id asc | project span_id`)).toEqual([
      ['0000000000000001'],
      ['0000000000000008'],
    ])
    // The protobuf response carries the count.
    const type = protobuf.Root.fromJSON(OTLP_DESCRIPTOR as protobuf.INamespace).lookupType(
      'opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse',
    )
    const decoded = type.toObject(type.decode(encodeResponse('traces', res.partialSuccess)), {
      longs: Number,
    })
    expect(decoded.partialSuccess.rejectedSpans).toBe(6)
  })

  it('refuses a malformed body whole, with a stable code', async () => {
    const cases: [Uint8Array, object, string, number][] = [
      [Uint8Array.of(0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f, 1), {}, 'otlp_invalid_protobuf', 400],
      [json({ resourceSpans: [] }).subarray(0, 9), JSON_TYPE, 'otlp_invalid_json', 400],
      [json([1, 2]), JSON_TYPE, 'otlp_invalid_json', 400],
      [json({ resourceSpans: { not: 'a list' } }), JSON_TYPE, 'otlp_invalid_json', 400],
      [json(request([span()])), { contentType: 'text/csv' }, 'otlp_unsupported_media_type', 415],
    ]
    for (const [body, opts, code, status] of cases) {
      const err = await store.ingestOtlp('traces', body, opts).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(OtlpError)
      expect([(err as OtlpError).code, (err as OtlpError).status]).toEqual([code, status])
    }
    expect(await rows(`traces | count`)).toEqual([[0]])
  })
})
