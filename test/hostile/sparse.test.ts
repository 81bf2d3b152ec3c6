// Hostile sparse wide block (issue 28 item 5) against the real `apldb serve` as a child process with
// a 512 MiB V8 heap and a 192 MiB memory budget: 65,536 events over 1,024 field names seal into one
// block of sparse columns; `take 3` and `count` answer, health answers throughout, RSS stays bounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ChildServer, startChild } from './child-server.ts'
import { SPARSE_EVENTS, SPARSE_WIDE_ATTACK } from './sparse-wide-attack.ts'
import { survive } from './survive.ts'

const MiB = 1 << 20
const MEMORY = 192 * MiB
let s: ChildServer

beforeAll(async () => {
  s = await startChild({ heapMb: 512, args: ['--memory', String(MEMORY)] })
})
afterAll(() => s?.dispose())

describe('hostile sparse wide block', () => {
  it('4c: 65,536 events over 1,024 fields seal; take 3 and count answer within the RSS bound', async () => {
    const r = await survive(s, SPARSE_WIDE_ATTACK, MEMORY)
    expect(r.note).toMatch(/^sealed /)
    expect(r.replies.every((x) => x.status === 200)).toBe(true)
    const [take, count] = r.replies.slice(-2)
    expect(take.json.tables[0].columns[0].length).toBe(3)
    expect(count.json.tables[0].columns[0][0]).toBe(SPARSE_EVENTS)
    // Every ingested event was kept (1,024 fields is the dataset limit, not past it).
    expect(r.replies.slice(0, -2).every((x) => x.json.failed === 0)).toBe(true)
  }, 120_000)
})
