// bench/otlp-ingest.bench.ts: OTLP trace ingest throughput (issue 19). N seeded otel-demo-traces spans
// (bench/otel-traces-gen.ts) in export requests of 1,000 spans, protobuf and JSON, through
// `store.ingestOtlp` into an on-disk store (durability 'fsync'), then a flush that seals the rest.
// Prints spans/s per encoding, and the split between decoding + mapping and the ordinary ingest.
// Run: node bench/otlp-ingest.bench.ts [N] (default 200,000).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { openStore } from '../src/index.ts'
import { otlpEvents, readOtlpRequest } from '../src/otlp/ingest-otlp.ts'
import { otelSpans, otlpJsonRequest, otlpProtobufRequest } from './otel-traces-gen.ts'

const N = Number(process.argv[2] ?? 200_000)
const PER_REQUEST = 1000
const spans = otelSpans(N, { seed: 42 })
const requests: Record<'protobuf' | 'json', Uint8Array[]> = { protobuf: [], json: [] }
for (let i = 0; i < N; i += PER_REQUEST) {
  const part = spans.slice(i, i + PER_REQUEST)
  requests.protobuf.push(otlpProtobufRequest(part))
  requests.json.push(new TextEncoder().encode(JSON.stringify(otlpJsonRequest(part))))
}
const CONTENT = { protobuf: 'application/x-protobuf', json: 'application/json' } as const

for (const encoding of ['protobuf', 'json'] as const) {
  const bodies = requests[encoding]
  const bytes = bodies.reduce((n, b) => n + b.byteLength, 0)
  // Decode + map alone (no store): what OTLP adds in front of the ordinary ingest path.
  const t0 = performance.now()
  let mapped = 0
  for (const b of bodies)
    mapped += otlpEvents('traces', readOtlpRequest('traces', b, CONTENT[encoding]), 0n).events.length
  const decodeMs = performance.now() - t0

  const dir = await mkdtemp(path.join(tmpdir(), 'apldb-otlp-bench-'))
  const store = await openStore({ path: dir })
  await store.datasets.create({ name: 'otel-demo-traces' })
  // Warm-up request (JIT, declarations), not timed.
  await store.ingestOtlp('otel-demo-traces', bodies[0], { contentType: CONTENT[encoding] })
  const t1 = performance.now()
  let ingested = 0
  for (const b of bodies)
    ingested += (await store.ingestOtlp('otel-demo-traces', b, { contentType: CONTENT[encoding] })).ingested
  await store.flush()
  const totalMs = performance.now() - t1
  await store.close()
  await rm(dir, { recursive: true, force: true })
  const perSec = (n: number, ms: number) => Math.round((n / ms) * 1000).toLocaleString('en-US')
  console.log(
    `otlp ${encoding.padEnd(8)} spans=${ingested.toLocaleString('en-US')} body=${(bytes / 1e6).toFixed(1)} MB ` +
      `ingest ${perSec(ingested, totalMs)} spans/s (decode+map alone ${perSec(mapped, decodeMs)} spans/s)`,
  )
}
