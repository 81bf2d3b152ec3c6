// The 10,000-event limit on raw ingest bodies: the cheap bound, the exact recount when the bound is
// over, and every input form (NDJSON, JSON array, CSV with and without a header). For NDJSON-shaped
// bodies the recount reads lines, not JSON: a property test holds it to the store's own count.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkIngestShape } from '../../../src/service/ingest-shape.ts'
import { parseInput } from '../../../src/storage/ingest/index.ts'

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31)
console.log(`ingest-shape seed=${seed}`)

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

describe('ingest event limit, NDJSON counted by lines', () => {
  const line = fc.oneof(
    { weight: 6, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify({ v })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', ' ', '\t', '\r', '{', '}', '"a": 1,', 'not json', '[1]', '7'),
    },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }).map((v) => JSON.stringify({ v }, null, 1)) },
  )
  it('refuses exactly the bodies the store would read as more than the limit', () => {
    fc.assert(
      fc.property(
        fc.array(line, { minLength: 1, maxLength: 30 }),
        fc.boolean(),
        fc.constantFrom('\n', '\r\n'),
        fc.integer({ min: 1, max: 12 }),
        (lines, bom, eol, limit) => {
          const text = (bom ? '\ufeff' : '') + lines.join(eol)
          const body = enc(text)
          let count: number | undefined
          try {
            const p = parseInput(body)
            count = p.events.length + p.errors.length
          } catch {
            count = undefined
          }
          const run = () => checkIngestShape(body, {}, limit)
          if (count !== undefined && count > limit) expect(run).toThrow(/at most/)
          else expect(run).not.toThrow()
        },
      ),
      { seed, numRuns: 400, interruptAfterTimeLimit: 4_000 },
    )
  })
})
