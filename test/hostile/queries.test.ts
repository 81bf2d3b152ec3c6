// Hostile queries (issue 28, attacks 1–3 and 6) against the real `apldb serve` as a child process
// with a 512 MiB V8 heap and a 192 MiB memory budget (32 MiB per query): each gets its documented
// answer, the server stays alive and answers health, and its RSS stays under budget + margin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ATTACKS, type Attack, loadRows } from './attacks.ts'
import { type ChildServer, startChild } from './child-server.ts'
import { survive } from './survive.ts'

const MiB = 1 << 20
const MEMORY = 192 * MiB
let s: ChildServer

beforeAll(async () => {
  s = await startChild({
    heapMb: 512,
    args: ['--memory', String(MEMORY), '--query-memory', String(32 * MiB)],
  })
  await loadRows(s, 'd', 5000)
})
afterAll(() => s?.dispose())

function attack(id: string): Attack {
  const a = ATTACKS.find((x) => x.id === id)
  if (!a) throw new Error(`no attack ${id}`)
  // The data is loaded once for the file.
  return { ...a, prepare: undefined }
}

describe('hostile queries', () => {
  it('1: let + strcat doubling is refused at bind time (APL0205)', async () => {
    const r = await survive(s, attack('1-strcat-doubling'), MEMORY)
    expect(r.status).toBe('400')
    expect(r.codes).toEqual(['APL0205'])
  })

  it('1c: nested array_concat of a let is value_too_large before the array is built', async () => {
    const r = await survive(s, attack('1c-array-concat-doubling'), MEMORY)
    expect(r.status).toBe('400')
    expect(r.codes).toEqual(['value_too_large'])
  })

  it('1d: a response past the most characters of JSON is response_too_large, nothing half sent', async () => {
    const r = await survive(s, attack('1d-shared-array-response'), MEMORY)
    expect(r.status).toBe('400')
    expect(r.codes).toEqual(['response_too_large'])
  })

  it('2: a 4 MiB string built by strcat is value_too_large before it is built', async () => {
    const r = await survive(s, attack('2-strcat-rows'), MEMORY)
    expect(r.status).toBe('400')
    expect(r.codes).toEqual(['value_too_large'])
  })

  it('2b: strings under the maximum but past the query budget stop with query_memory_exceeded (432)', async () => {
    const r = await survive(s, attack('2b-strcat-rows-budget'), MEMORY)
    expect(r.status).toBe('432')
    expect(r.codes).toEqual(['query_memory_exceeded'])
    expect(r.replies[0].json.message).toMatch(/past this query's budget of 32 MiB/)
  })

  it('3a: a 2k × 2k cartesian join streams: 4,000,000 pairs counted', async () => {
    const r = await survive(s, attack('3a-cartesian-join'), MEMORY)
    expect(r.status).toBe('200')
    expect(r.replies[0].json.tables[0].columns[0][0]).toBe(4_000_000)
  })

  it('3b: an in-list of 30,000 constants is answered', async () => {
    const r = await survive(s, attack('3b-in-list'), MEMORY)
    expect(r.status).toBe('200')
    expect(r.replies[0].json.tables[0].columns[0][0]).toBe(2500)
  })

  it('3c: 2,000 chained extends stop at the query budget', async () => {
    const r = await survive(s, attack('3c-chained-extends'), MEMORY)
    expect(r.status).toBe('432')
    expect(r.codes).toEqual(['query_memory_exceeded'])
  })

  it('3d: take 1000000000 is clamped to the result maximum with a message', async () => {
    const r = await survive(s, attack('3d-take-huge'), MEMORY)
    expect(r.status).toBe('200')
    const body = r.replies[0].json
    expect(body.tables[0].columns[0]).toHaveLength(5000)
    expect(body.status.messages.map((m: { code: string }) => m.code)).toContain('apl_take_clamped')
  })

  it('6: a 10,000-stage pipeline runs', async () => {
    const r = await survive(s, attack('6-deep-pipeline'), MEMORY)
    expect(r.status).toBe('200')
    expect(r.replies[0].json.tables[0].columns[0][0]).toBe(5000)
  })

  it('6b: 2,500 extend stages run (within a request budget)', async () => {
    const r = await survive(s, attack('6b-deep-extend'), MEMORY)
    expect(r.status).toBe('200')
  })
})
