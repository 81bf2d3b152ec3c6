// Hostile ingest (issue 28, attacks 4, 5 and 9) against the real `apldb serve` as a child process
// with a 512 MiB V8 heap and a 192 MiB memory budget: field explosions stop at the dataset's field
// limit with a per-event failure, concurrent decompression bombs share one byte budget (429 past
// it), oversized annotations are refused and each annotation is stored as its own record.
import { readdirSync } from 'node:fs'
import * as path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ATTACKS, type Attack, apl } from './attacks.ts'
import { type ChildServer, startChild } from './child-server.ts'
import { survive } from './survive.ts'

const MiB = 1 << 20
const MEMORY = 192 * MiB
let s: ChildServer

beforeAll(async () => {
  s = await startChild({ heapMb: 512, args: ['--memory', String(MEMORY)] })
})
afterAll(() => s?.dispose())

function attack(id: string): Attack {
  const a = ATTACKS.find((x) => x.id === id)
  if (!a) throw new Error(`no attack ${id}`)
  return a
}

describe('hostile ingest', () => {
  it('4a: 10,000 events with their own field each: 1,024 fields kept, the rest fail per event; take 3 answers', async () => {
    const r = await survive(s, attack('4a-fields-take'), MEMORY)
    expect(r.status).toBe('200')
    expect(r.replies[0].json.tables[0].fields.length).toBeLessThanOrEqual(1024 + 2)
    const fields = await s.call('GET', '/v2/datasets/wide/fields')
    expect(fields.json.length).toBeLessThanOrEqual(1024 + 2)
  })

  it('4b: 30,000 field names: every event past the limit fails alone with a message naming it', async () => {
    await s.call('DELETE', '/v2/datasets/wide')
    const r = await survive(s, attack('4b-fields-count'), MEMORY)
    const ingests = r.replies.slice(0, -1)
    expect(ingests.every((x) => x.status === 200)).toBe(true)
    expect(ingests[0].json.ingested).toBe(1024)
    expect(ingests[0].json.failures[0].error).toMatch(/may have at most 1024; this event adds 1 new/)
    expect(r.replies.at(-1)?.json.tables[0].columns[0][0]).toBe(1024)
  })

  it('5: 64 concurrent zstd bombs share the ingest byte budget: 400 or 429, never unbounded memory', async () => {
    const r = await survive(s, attack('5-zstd-concurrent'), MEMORY)
    for (const x of r.replies) {
      expect([400, 429]).toContain(x.status)
      if (x.status === 429) expect(Number(x.headers['retry-after'])).toBeGreaterThan(0)
      else expect(x.json.error).toBe('too_many_events')
    }
  })

  it('9: annotations: an oversized datasets list is refused; 150 creates each write one record', async () => {
    const r = await survive(s, attack('9-annotations'), MEMORY)
    expect(r.status).toBe('400×150')
    expect(r.codes).toEqual(['invalid_annotation'])
    const body = { type: 'deploy', title: 't', datasets: ['d'], description: 'x'.repeat(500) }
    const made = []
    for (let i = 0; i < 150; i++) made.push(await s.call('POST', '/v2/annotations', { body }))
    expect(made.every((x) => x.status >= 200 && x.status < 300)).toBe(true)
    const records = readdirSync(path.join(s.dir, 'store', 'docs', 'annotations'))
    expect(records.filter((f) => f.endsWith('.json'))).toHaveLength(150)
    const first = made[0].ms
    const last = made[149].ms
    console.log(`annotations: first create ${first.toFixed(1)} ms, 150th ${last.toFixed(1)} ms`)
    const list = await s.call('GET', '/v2/annotations')
    expect(list.json).toHaveLength(150)
  })

  it('an ingest-only token cannot get past the field limit either', async () => {
    const token = (
      await s.call('POST', '/v2/tokens', {
        body: { name: 'ingest', datasetCapabilities: { wide2: { ingest: ['create'] } } },
      })
    ).json.token as string
    await s.call('POST', '/v2/datasets', { body: { name: 'wide2' } })
    const lines = Array.from({ length: 2000 }, (_, i) => `{"g${i}":1}`).join('\n')
    const r = await s.call('POST', '/v1/datasets/wide2/ingest', {
      token,
      body: lines,
      headers: { 'content-type': 'application/x-ndjson' },
    })
    expect(r.json).toMatchObject({ ingested: 1024, failed: 976 })
    expect((await apl(s, `['wide2'] | count`)).json.tables[0].columns[0][0]).toBe(1024)
  })
})
