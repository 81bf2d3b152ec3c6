// Record collections (annotations, tokens): one file per record written durably; a change writes only
// its own record; ids are checked; an older store's whole annotations document is split on open.
import { mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type Apldb, openStore } from '../../../src/index.ts'
import { createService } from '../../../src/service/index.ts'

let db: Apldb | undefined
let dir: string | undefined
afterEach(async () => {
  await db?.close()
  db = undefined
  if (dir) await rm(dir, { recursive: true, force: true })
  dir = undefined
})

describe('DocCollection', () => {
  it('puts, reads back and deletes records; refuses ids that are not file-safe', async () => {
    db = await openStore()
    const c = db.storage.docs.collection('things')
    await c.put('a1', new TextEncoder().encode('{"x":1}'))
    await c.put('b2', new TextEncoder().encode('{"x":2}'))
    await c.delete('a1')
    await c.delete('missing')
    const all = await c.readAll()
    expect([...all.keys()]).toEqual(['b2'])
    await expect(c.put('../evil', new Uint8Array())).rejects.toMatchObject({ code: 'invalid_argument' })
  })

  it('annotations: each change rewrites one small file; a legacy whole document is split on open', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'apldb-docs-'))
    await mkdir(path.join(dir, 'docs'), { recursive: true })
    const legacy = {
      version: 1,
      annotations: [
        { id: 'ann_old1', datasets: ['d'], type: 'deploy', time: '2026-01-01T00:00:00Z' },
        { id: 'ann_old2', datasets: ['d'], type: 'deploy', time: '2026-01-02T00:00:00Z' },
      ],
    }
    await writeFile(path.join(dir, 'docs', 'annotations.json'), JSON.stringify(legacy))
    db = await openStore({ path: dir })
    const s = await createService(db, { rootToken: 'xaat-doc-collection-test-root' })
    expect((await s.annotations.list()).map((a) => a.id)).toEqual(['ann_old1', 'ann_old2'])
    const records = path.join(dir, 'docs', 'annotations')
    expect((await readdir(path.join(dir, 'docs'))).includes('annotations.json')).toBe(false)
    for (let i = 0; i < 50; i++)
      await s.annotations.create({ datasets: ['d'], type: 'deploy', title: `t${i}` })
    const files = await readdir(records)
    expect(files).toHaveLength(52)
    // Every record is its own small file: nothing grows with the number of annotations.
    for (const f of files) expect((await stat(path.join(records, f))).size).toBeLessThan(1024)
    await s.annotations.delete('ann_old1')
    expect(await readdir(records)).toHaveLength(51)
  })

  it('annotation fields are bounded: datasets list, names, title, description, url', async () => {
    db = await openStore()
    const s = await createService(db, { rootToken: 'xaat-doc-collection-test-root' })
    const base = { datasets: ['d'], type: 'deploy' }
    const cases: unknown[] = [
      { ...base, datasets: Array.from({ length: 101 }, (_, i) => `d${i}`) },
      { ...base, datasets: ['x'.repeat(129)] },
      { ...base, title: 'x'.repeat(257) },
      { ...base, description: 'x'.repeat(513) },
      { ...base, url: 'x'.repeat(513) },
    ]
    for (const c of cases) await expect(s.annotations.create(c)).rejects.toMatchObject({ status: 400 })
    await expect(
      s.annotations.create({ ...base, datasets: Array.from({ length: 100 }, (_, i) => `d${i}`) }),
    ).resolves.toMatchObject({ type: 'deploy' })
  })
})
