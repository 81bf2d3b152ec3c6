// bench/otel-traces-gen.ts: seeded, deterministic OpenTelemetry demo spans (apl-reference §9b.2,
// Axiom's otel-demo-traces) as OTLP export requests: traces of 1–30 spans across the demo's services,
// server/client/internal/producer/consumer kinds, right-skewed durations (µs to seconds, a few over
// 500 ms and 1 s), errors with messages, semantic attributes (http.*, rpc.*, db.*) and custom ones
// (app.*, header.*) that land in `attributes.custom`, span events and links. Shared by tests and
// benchmarks; the JSON form goes to `ingestOtlp` as is, the protobuf form is encoded with protobufjs.
import protobuf from 'protobufjs'
import { rng } from '../src/cli/demo-data.ts'
import { OTLP_DESCRIPTOR } from '../src/otlp/otlp-descriptor.ts'

/** Options of `otelTraces`. */
export interface OtelTracesOptions {
  readonly seed?: number
  /** Epoch ms of the first trace's start (default 2026-01-01). */
  readonly startMs?: number
  /** Window the traces start in, ms (default one day). */
  readonly spanMs?: number
}

const SERVICES = [
  'frontend',
  'frontend-proxy',
  'cart',
  'checkout',
  'product-catalog',
  'recommendation',
  'currency',
  'payment',
  'shipping',
  'email',
  'ad',
  'quote',
  'fraud-detection',
  'accounting',
  'flagd',
  'load-generator',
] as const
const ROUTES = ['/api/cart', '/api/checkout', '/api/products', '/api/recommendations', '/api/currency', '/']
const OPS: Record<string, readonly string[]> = {
  frontend: ['HTTP GET', 'HTTP POST', 'render'],
  'frontend-proxy': ['ingress', 'router frontend egress'],
  cart: ['oteldemo.CartService/GetCart', 'oteldemo.CartService/AddItem', 'HGET', 'HMSET'],
  checkout: [
    'oteldemo.CheckoutService/PlaceOrder',
    'prepareOrderItemsAndShippingQuoteFromCart',
    'orders publish',
  ],
  'product-catalog': [
    'oteldemo.ProductCatalogService/GetProduct',
    'oteldemo.ProductCatalogService/ListProducts',
  ],
  recommendation: ['/oteldemo.RecommendationService/ListRecommendations', 'get_product_list'],
  currency: ['Currency/Convert', 'CurrencyService/GetSupportedCurrencies'],
  payment: ['oteldemo.PaymentService/Charge', 'charge'],
  shipping: ['oteldemo.ShippingService/GetQuote', 'oteldemo.ShippingService/ShipOrder'],
  email: ['/send_order_confirmation', 'send_email'],
  ad: ['oteldemo.AdService/GetAds'],
  quote: ['POST /getquote', 'calculate-quote'],
  'fraud-detection': ['orders process'],
  accounting: ['orders process', 'INSERT accounting'],
  flagd: ['resolveBoolean', 'resolveString'],
  'load-generator': ['GET', 'POST'],
}
const KINDS = [1, 2, 3, 4, 5] as const
const ERRORS = [
  'card declined',
  'connection refused',
  'deadline exceeded',
  'product not found',
  'invalid token',
]

/** One generated span, before encoding. */
export interface GenSpan {
  readonly traceId: string
  readonly spanId: string
  readonly parentSpanId: string
  readonly service: string
  readonly name: string
  readonly kind: number
  readonly startNs: bigint
  readonly durationNs: bigint
  readonly status: 0 | 1 | 2
  readonly message: string
  readonly attributes: Record<string, string | number | boolean>
  readonly events: readonly { name: string; atNs: bigint; attributes: Record<string, string> }[]
  readonly links: readonly { traceId: string; spanId: string }[]
}

function hex(rand: () => number, bytes: number): string {
  let s = ''
  for (let i = 0; i < bytes; i++)
    s += Math.floor(rand() * 256)
      .toString(16)
      .padStart(2, '0')
  return /^0+$/.test(s) ? `1${s.slice(1)}` : s
}

/** Right-skewed duration, ns: mostly 50 µs–50 ms, a tail to seconds (and a few minutes-long). */
function duration(rand: () => number): bigint {
  const u = rand()
  const ms = u < 0.02 ? 500 + rand() * 4500 : u < 0.001 ? 300_000 * rand() : 0.05 * Math.exp(rand() * 7)
  return BigInt(Math.max(1000, Math.round(ms * 1e6)))
}

/** `n` spans in traces of 1–30, in start order of their traces. */
export function otelSpans(n: number, opts: OtelTracesOptions = {}): GenSpan[] {
  const rand = rng(opts.seed ?? 1)
  const startMs = opts.startMs ?? Date.UTC(2026, 0, 1)
  const spanMs = opts.spanMs ?? 86_400_000
  const out: GenSpan[] = []
  let lastTrace: GenSpan | undefined
  while (out.length < n) {
    const traceId = hex(rand, 16)
    const size = Math.min(n - out.length, 1 + Math.floor(rand() * rand() * 30))
    const t0 = BigInt(Math.floor(startMs + rand() * spanMs)) * 1_000_000n + BigInt(Math.floor(rand() * 1e6))
    const trace: GenSpan[] = []
    for (let i = 0; i < size; i++) {
      const parent = i === 0 ? undefined : trace[Math.floor(rand() * i)]
      const service = SERVICES[Math.floor(rand() * SERVICES.length)]
      const ops = OPS[service]
      const kind = i === 0 ? 2 : KINDS[Math.floor(rand() * KINDS.length)]
      const status = rand() < 0.06 ? 2 : rand() < 0.3 ? 1 : 0
      const start = parent === undefined ? t0 : parent.startNs + BigInt(Math.floor(rand() * 1e6))
      const attributes: Record<string, string | number | boolean> = {}
      if (kind === 2 || kind === 3) {
        attributes['http.request.method'] = rand() < 0.7 ? 'GET' : 'POST'
        attributes['http.route'] = ROUTES[Math.floor(rand() * ROUTES.length)]
        attributes['http.response.status_code'] =
          status === 2 ? (rand() < 0.5 ? 500 : 504) : rand() < 0.1 ? 404 : 200
      }
      if (service === 'cart' || service === 'accounting')
        attributes['db.system'] = service === 'cart' ? 'redis' : 'postgresql'
      if (rand() < 0.5) attributes['rpc.system'] = 'grpc'
      // Custom attributes: no semantic convention names them, so they go to attributes.custom.
      attributes['app.product.id'] = `P${Math.floor(rand() * 40)}`
      if (rand() < 0.4) attributes['app.user.id'] = `u${Math.floor(rand() * 200)}`
      if (service === 'payment') attributes['app.payment.amount'] = Math.round(rand() * 50000) / 100
      if (rand() < 0.3) attributes['http.protocol'] = rand() < 0.8 ? 'HTTP/1.1' : 'HTTP/2'
      if (rand() < 0.2) attributes['app.cache.hit'] = rand() < 0.5
      const events =
        rand() < 0.3
          ? [
              {
                name: rand() < 0.5 ? 'Enqueued' : 'prepared',
                atNs: start + 1000n,
                attributes: { 'feature_flag.variant': rand() < 0.5 ? 'on' : 'off' },
              },
            ]
          : []
      const links =
        lastTrace !== undefined && rand() < 0.05
          ? [{ traceId: lastTrace.traceId, spanId: lastTrace.spanId }]
          : []
      const span: GenSpan = {
        traceId,
        spanId: hex(rand, 8),
        parentSpanId: parent?.spanId ?? '',
        service,
        name: ops[Math.floor(rand() * ops.length)],
        kind,
        startNs: start,
        durationNs: duration(rand),
        status,
        message: status === 2 ? ERRORS[Math.floor(rand() * ERRORS.length)] : '',
        attributes,
        events,
        links,
      }
      trace.push(span)
    }
    lastTrace = trace[0]
    out.push(...trace)
  }
  return out
}

function anyValue(v: string | number | boolean): Record<string, unknown> {
  if (typeof v === 'string') return { stringValue: v }
  if (typeof v === 'boolean') return { boolValue: v }
  return Number.isInteger(v) ? { intValue: String(v) } : { doubleValue: v }
}

function kvs(attrs: Record<string, string | number | boolean>): Record<string, unknown>[] {
  return Object.entries(attrs).map(([key, v]) => ({ key, value: anyValue(v) }))
}

/** The spans as one OTLP/JSON ExportTraceServiceRequest (one resource per service). */
export function otlpJsonRequest(spans: readonly GenSpan[]): Record<string, unknown> {
  const byService = new Map<string, GenSpan[]>()
  for (const s of spans) {
    const list = byService.get(s.service) ?? []
    list.push(s)
    byService.set(s.service, list)
  }
  return {
    resourceSpans: [...byService].map(([service, list]) => ({
      resource: {
        attributes: kvs({
          'service.name': service,
          'service.namespace': 'opentelemetry-demo',
          'host.name': `node-${service.length % 3}`,
          'k8s.node.name': `k8s-node-${service.length % 4}`,
          'telemetry.sdk.language': service === 'frontend' ? 'nodejs' : 'go',
        }),
      },
      scopeSpans: [
        {
          scope: { name: `${service}-instrumentation`, version: '1.0.0' },
          spans: list.map((s) => ({
            traceId: s.traceId,
            spanId: s.spanId,
            ...(s.parentSpanId !== '' ? { parentSpanId: s.parentSpanId } : {}),
            name: s.name,
            kind: s.kind,
            startTimeUnixNano: String(s.startNs),
            endTimeUnixNano: String(s.startNs + s.durationNs),
            attributes: kvs(s.attributes),
            events: s.events.map((e) => ({
              name: e.name,
              timeUnixNano: String(e.atNs),
              attributes: kvs(e.attributes),
            })),
            links: s.links.map((l) => ({ traceId: l.traceId, spanId: l.spanId })),
            status: { code: s.status, ...(s.message !== '' ? { message: s.message } : {}) },
          })),
        },
      ],
    })),
  }
}

let requestType: protobuf.Type | undefined

/** The spans as one protobuf ExportTraceServiceRequest (ids as bytes). */
export function otlpProtobufRequest(spans: readonly GenSpan[]): Uint8Array {
  requestType ??= protobuf.Root.fromJSON(OTLP_DESCRIPTOR as protobuf.INamespace).lookupType(
    'opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest',
  )
  const json = otlpJsonRequest(spans)
  // OTLP/JSON ids are hex; protobufjs reads bytes fields from base64 text.
  const b64 = (h: unknown) => (typeof h === 'string' ? Buffer.from(h, 'hex').toString('base64') : h)
  const text = JSON.stringify(json, (k, v) =>
    k === 'traceId' || k === 'spanId' || k === 'parentSpanId' ? b64(v) : v,
  )
  return requestType.encode(requestType.fromObject(JSON.parse(text))).finish()
}
