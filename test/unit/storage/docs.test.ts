// Documents survive a reopen, replace whole, and refuse bad names.
import * as fs from 'node:fs/promises'
import * as os from 'node:os'
import * as path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Store } from '../../../src/storage/store.ts'

const dirs: string[] = []
afterEach(async () => {
  for (const d of dirs.splice(0)) await fs.rm(d, { recursive: true, force: true })
})

describe('DocStore', () => {
  it('reads back what was written, across a reopen', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'apldb-docs-'))
    dirs.push(dir)
    let s = await Store.open({ path: dir })
    expect(await s.docs.readJson('tokens', [])).toEqual([])
    await Promise.all([s.docs.writeJson('tokens', [1]), s.docs.writeJson('tokens', [1, 2])])
    expect(await s.docs.readJson('tokens', [])).toEqual([1, 2])
    await s.close()
    s = await Store.open({ path: dir })
    expect(await s.docs.readJson('tokens', [])).toEqual([1, 2])
    expect(await fs.readdir(path.join(dir, 'tmp'))).toEqual([])
    await s.close()
  })

  it('works in memory and refuses names that could escape the folder', async () => {
    const s = await Store.open()
    await s.docs.writeJson('annotations', { a: 1 })
    expect(await s.docs.readJson('annotations', {})).toEqual({ a: 1 })
    await expect(s.docs.writeJson('../x', 1)).rejects.toThrow(/bad document name/)
    await s.close()
  })
})
