// String values read back character for character wherever they are read: from the write-ahead log's
// tail, from sealed blocks (whole dictionaries, and a top-N's late columns that decode only the rows
// they return), after a reopen, in-process and in parallel. A leading U+FEFF is a character like any
// other (a default TextDecoder drops it); a lone surrogate reads as U+FFFD (what UTF-8 can hold).
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Apldb, openStore } from '../../../src/index.ts'

const window = { startTime: '2026-01-01T00:00:00Z', endTime: '2026-01-02T00:00:00Z' }
const VALUES = ['\ufeffabc', 'x\ufeffy', '\ufeff', 'é😀', '', 'plain', 'a\ud800b']
const READ_BACK = VALUES.map((v) => v.replace('\ud800', '\ufffd'))

async function column(db: Apldb, apl: string, parallel: 'on' | 'off'): Promise<unknown[]> {
  return (await db.queryResult(apl, { ...window, parallel })).tables[0].columns[0] as unknown[]
}

describe('string fidelity', () => {
  let dir: string
  let db: Apldb
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'apldb-strings-'))
    db = await openStore({ path: dir, blockRows: 3 })
    await db.datasets.create({ name: 's' })
    await db.ingest(
      's',
      VALUES.map((v, i) => ({ _time: `2026-01-01T00:00:0${i}Z`, i, v })),
    )
  })
  afterAll(async () => {
    await db.close()
    await rm(dir, { recursive: true, force: true })
  })

  const reads = {
    whole: `['s'] | order by i asc | project v`,
    late: `['s'] | top 7 by i asc | project v`,
    lengths: `['s'] | order by i asc | project n = strlen(v)`,
  }

  for (const stage of ['tail', 'sealed', 'reopened'] as const) {
    for (const parallel of ['off', 'on'] as const) {
      it(`reads every character back (${stage}, parallel ${parallel})`, async () => {
        if (stage === 'sealed') await db.flush()
        if (stage === 'reopened') {
          await db.close()
          db = await openStore({ path: dir, blockRows: 3 })
        }
        expect(await column(db, reads.whole, parallel)).toEqual(READ_BACK)
        expect(await column(db, reads.late, parallel)).toEqual(READ_BACK)
        // strlen counts characters (code points): the emoji is one.
        expect(await column(db, reads.lengths, parallel)).toEqual(READ_BACK.map((v) => [...v].length))
      })
    }
  }
})
