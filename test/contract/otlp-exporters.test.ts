// OTLP/HTTP ingest through the official OpenTelemetry JS exporters (issue 19): spans made by the SDK
// are sent by @opentelemetry/exporter-trace-otlp-proto (protobuf, gzip) and -http (JSON) to the real
// `apldb serve`, into the dataset named by X-Axiom-Dataset, and come back by APL in the
// otel-demo-traces shape: ids, kind, a timespan `duration`, status, service, resource, semantic
// attributes flattened and custom ones in the `attributes.custom` map field.
import { SpanKind, SpanStatusCode } from '@opentelemetry/api'
import { OTLPTraceExporter as HttpExporter } from '@opentelemetry/exporter-trace-otlp-http'
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto'
import { resourceFromAttributes } from '@opentelemetry/resources'
import { SimpleSpanProcessor, type SpanExporter, TracerProvider } from '@opentelemetry/sdk-trace'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, startServe, tempDir } from '../cli/cli-process.ts'

const tmp = tempDir()
let server: RunningServer

// biome-ignore lint/suspicious/noExplicitAny: test convenience for reading JSON bodies
async function api(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(server.url + path, {
    method,
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  })
  const text = await res.text()
  return { status: res.status, json: text === '' ? undefined : JSON.parse(text) }
}

async function apl(q: string): Promise<{ fields: { name: string; type: string }[]; rows: unknown[][] }> {
  const r = await api('POST', '/v1/datasets/_apl?format=tabular', { apl: q, startTime: 'now-1d' })
  expect(r.status, JSON.stringify(r.json)).toBe(200)
  const t = r.json.tables[0]
  const rows = (t.columns[0] ?? []).map((_: unknown, i: number) => t.columns.map((c: unknown[]) => c[i]))
  return { fields: t.fields, rows }
}

/** Sends spans made by the SDK through `exporter`: a server span with a client child, the child failing. */
async function sendSpans(exporter: SpanExporter, service: string): Promise<void> {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': service,
      'host.name': 'node-1',
      'deployment.tier': 'blue',
    }),
    spanProcessors: [new SimpleSpanProcessor({ exporter })],
  })
  const tracer = provider.getTracer('checkout-lib', '1.2.3')
  const start = Date.now() - 1000
  const root = tracer.startSpan('HTTP GET', {
    kind: SpanKind.SERVER,
    startTime: start,
    attributes: { 'http.request.method': 'GET', 'http.route': '/api/cart', 'app.user.id': 'u-42' },
  })
  const ctxApi = await import('@opentelemetry/api')
  const child = tracer.startSpan(
    'charge',
    { kind: SpanKind.CLIENT, startTime: start + 10, attributes: { 'app.payment.amount': 12.5 } },
    ctxApi.trace.setSpan(ctxApi.context.active(), root),
  )
  child.addEvent('charged', { 'feature_flag.variant': 'on' }, start + 20)
  child.setStatus({ code: SpanStatusCode.ERROR, message: 'card declined' })
  child.end(start + 610)
  root.end(start + 750)
  await provider.forceFlush()
  await provider.shutdown()
}

beforeAll(async () => {
  server = await startServe(['--data', 'store', '--port', '0'], { cwd: tmp.dir })
  expect((await api('POST', '/v2/datasets', { name: 'otel' })).status).toBe(200)
  const headers = { authorization: `Bearer ${server.token}`, 'X-Axiom-Dataset': 'otel' }
  process.env.OTEL_EXPORTER_OTLP_TRACES_COMPRESSION = 'gzip'
  const proto = new ProtoExporter({ url: `${server.url}/v1/traces`, headers })
  delete process.env.OTEL_EXPORTER_OTLP_TRACES_COMPRESSION
  await sendSpans(proto, 'checkout')
  await sendSpans(new HttpExporter({ url: `${server.url}/v1/traces`, headers }), 'frontend')
})
afterAll(async () => {
  await server?.stop()
  tmp.cleanup()
})

describe('OTLP/HTTP from the official exporters', () => {
  it('stores every span, from both encodings', async () => {
    const r = await apl(`['otel'] | summarize count() by ['service.name'] | sort by ['service.name'] asc`)
    expect(r.rows).toEqual([
      ['checkout', 2],
      ['frontend', 2],
    ])
  })

  it('spans have the otel-demo-traces shape', async () => {
    const r = await apl(
      `['otel'] | where ['service.name'] == 'checkout' | sort by name asc | project name, kind, duration, error, ['status.code'], ['status.message'], ['scope.name'], ['scope.version'], ['resource.host.name'], ['attributes.http.route'], trace_id, span_id, parent_span_id`,
    )
    expect(r.fields.find((f) => f.name === 'duration')?.type).toBe('timespan')
    const [get, charge] = r.rows
    expect(charge.slice(0, 10)).toEqual([
      'charge',
      'client',
      '600ms',
      true,
      'ERROR',
      'card declined',
      'checkout-lib',
      '1.2.3',
      'node-1',
      null,
    ])
    expect(get.slice(0, 10)).toEqual([
      'HTTP GET',
      'server',
      '750ms',
      false,
      null,
      null,
      'checkout-lib',
      '1.2.3',
      'node-1',
      '/api/cart',
    ])
    expect(charge[10]).toMatch(/^[0-9a-f]{32}$/)
    expect(charge[10]).toBe(get[10])
    expect(charge[12]).toBe(get[11])
    expect(get[12]).toBeNull()
  })

  it('custom attributes live in the attributes.custom map field, readable by key', async () => {
    const r = await apl(
      `['otel'] | where isnotnull(['attributes.custom']['app.user.id']) | project ['service.name'], u = tostring(['attributes.custom']['app.user.id']), m = ['resource.custom']['deployment.tier'] | sort by ['service.name'] asc`,
    )
    expect(r.rows).toEqual([
      ['checkout', 'u-42', 'blue'],
      ['frontend', 'u-42', 'blue'],
    ])
    expect((await api('GET', '/v2/datasets/otel/mapfields')).json).toEqual([
      'attributes.custom',
      'resource.custom',
    ])
    const amount = await apl(
      `['otel'] | where name == 'charge' | summarize sum(todouble(['attributes.custom']['app.payment.amount']))`,
    )
    expect(amount.rows).toEqual([[25]])
  })

  it('durations filter and aggregate as timespans; events keep their attributes', async () => {
    const slow = await apl(`['otel'] | where duration > 700ms | count`)
    expect(slow.rows).toEqual([[2]])
    const avg = await apl(`['otel'] | summarize avg(duration), max(duration) by kind | sort by kind asc`)
    expect(avg.rows).toEqual([
      ['client', '600ms', '600ms'],
      ['server', '750ms', '750ms'],
    ])
    const ev = await apl(
      `['otel'] | where name == 'charge' | take 1 | project n = array_length(events), e = events[0].name, v = events[0].attributes['feature_flag.variant']`,
    )
    expect(ev.rows).toEqual([[1, 'charged', 'on']])
  })
})
