// The 10,000-event limit on raw ingest bodies: the cheap bound, the exact recount when the bound is
// over, and every input form (NDJSON, JSON array, CSV with and without a header).
import { describe, expect, it } from 'vitest'
import { checkIngestShape } from '../../../src/service/ingest-shape.ts'

const enc = (s: string) => new TextEncoder().encode(s)
const ndjson = (n: number) => Array.from({ length: n }, (_, i) => `{"i":${i}}`).join('\n')

describe('ingest event limit', () => {
  it.each([
    ['NDJSON at the limit', ndjson(10), {}, true],
    ['NDJSON one over', ndjson(11), {}, false],
    ['NDJSON with blank lines', ndjson(10) + '\n\n\n\n', {}, true],
    ['array at the limit', JSON.stringify(Array.from({ length: 10 }, () => ({ a: { b: {} } }))), {}, true],
    ['array one over', JSON.stringify(Array.from({ length: 11 }, () => ({}))), {}, false],
    ['CSV with header at the limit', 'a\n' + '1\n'.repeat(10), { format: 'csv' as const }, true],
    ['CSV with header one over', 'a\n' + '1\n'.repeat(11), { format: 'csv' as const }, false],
    ['CSV without header one over', '1\n'.repeat(11), { format: 'csv' as const, csvFields: ['a'] }, false],
    [
      'pretty-printed single object',
      JSON.stringify({ a: Array.from({ length: 30 }, (_, i) => i) }, null, 1),
      {},
      true,
    ],
    ['unreadable input is the store’s to report', 'x\n'.repeat(50), {}, true],
  ])('%s', (_, body, opts, ok) => {
    const run = () => checkIngestShape(enc(body), opts, 10)
    if (ok) expect(run).not.toThrow()
    else expect(run).toThrow(/at most 10 events/)
  })
})
