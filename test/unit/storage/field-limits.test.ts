// The bounded schema: a dataset keeps at most maxFields field names and an event carries at most
// maxEventFields; an event past either fails alone with a message naming the limit, the others of the
// same call are ingested, names are counted across calls and after a reopen.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type Apldb, openStore } from '../../../src/index.ts'

let db: Apldb | undefined
let dir: string | undefined
afterEach(async () => {
  await db?.close()
  db = undefined
  if (dir) await rm(dir, { recursive: true, force: true })
  dir = undefined
})

describe('field limits', () => {
  it('an event past the dataset limit fails alone; known fields stay usable', async () => {
    db = await openStore({ maxFields: 5 })
    await db.datasets.create({ name: 'd' })
    const r = await db.ingest('d', [
      { a: 1, b: 2, c: 3 },
      { d: 1, e: 2, f: 3 },
      { a: 2, d: 4, e: 5 },
      { g: 1 },
    ])
    expect(r).toMatchObject({ ingested: 2, failed: 2 })
    expect(r.failures[0].error).toMatch(
      /^dataset "d" has 3 fields and may have at most 5; this event adds 3 new \(such as "d"\)/,
    )
    const r2 = await db.ingest('d', [{ d: 9, e: 9 }, { z: 1 }])
    expect(r2).toMatchObject({ ingested: 1, failed: 1 })
    expect(db.fields('d').map((f) => f.name)).toEqual(['_sysTime', '_time', 'a', 'b', 'c', 'd', 'e'])
  })

  it('an event with more fields than maxEventFields fails alone', async () => {
    db = await openStore({ maxEventFields: 3 })
    await db.datasets.create({ name: 'd' })
    const r = await db.ingest('d', [
      { a: 1, b: { c: 1, d: 2 }, e: 1 },
      { a: 1, b: 2, c: 3 },
    ])
    expect(r).toMatchObject({ ingested: 1, failed: 1 })
    expect(r.failures[0].error).toBe('the event has 4 fields; an event may have at most 3')
  })

  it('fields are counted from sealed blocks and unsealed events after a reopen', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'apldb-fields-'))
    db = await openStore({ path: dir, maxFields: 4, blockRows: 2 })
    await db.datasets.create({ name: 'd' })
    await db.ingest('d', [{ a: 1 }, { b: 1 }, { c: 1 }])
    await db.close()
    db = await openStore({ path: dir, maxFields: 4, blockRows: 2 })
    const r = await db.ingest('d', [{ d: 1 }, { e: 1 }])
    expect(r).toMatchObject({ ingested: 1, failed: 1 })
  })
})
