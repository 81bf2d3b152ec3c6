// Issue 28 item 10: token and annotation writes on a full disk answer 503 (the disk's fault, not the
// request's, and not a 500), and nothing half-written is listed afterwards. The store runs over the
// in-memory Fs with every write failing ENOSPC once the disk "fills".
import { afterEach, describe, expect, it } from 'vitest'
import { type Apldb, openStore } from '../../../src/index.ts'
import { createService } from '../../../src/service/index.ts'
import type { Fs } from '../../../src/storage/fs.ts'
import { createMemFs } from '../../../src/storage/mem-fs.ts'

const ROOT = 'xaat-unit-root-token-0000'
const auth = { authorization: `Bearer ${ROOT}` }
let db: Apldb | undefined
afterEach(async () => {
  await db?.close().catch(() => {})
  db = undefined
})

/** The memory Fs whose writes fail with ENOSPC while `full.on`. */
function fillableFs(full: { on: boolean }): Fs {
  const fs = createMemFs()
  const nospace = () => Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })
  return {
    ...fs,
    open: async (file, mode) => {
      const h = await fs.open(file, mode)
      return {
        append: async (data) => {
          if (full.on) throw nospace()
          return h.append(data)
        },
        read: (p, l) => h.read(p, l),
        sync: () => h.sync(),
        truncate: (n) => h.truncate(n),
        size: () => h.size(),
        close: () => h.close(),
      }
    },
    writeFile: async (file, data) => {
      if (full.on) throw nospace()
      return fs.writeFile(file, data)
    },
    createExclusive: async (file, data) => {
      if (full.on) throw nospace()
      return fs.createExclusive(file, data)
    },
  }
}

describe('a full disk', () => {
  it('answers token and annotation writes with 503, and lists nothing half-written', async () => {
    const full = { on: false }
    db = await openStore({ path: '/store', fs: fillableFs(full) })
    const s = await createService(db, { rootToken: ROOT })
    full.on = true
    const token = await s.handle({
      method: 'POST',
      path: '/v2/tokens',
      headers: auth,
      body: JSON.stringify({ name: 't', datasetCapabilities: { '*': { query: ['read'] } } }),
    })
    const annotation = await s.handle({
      method: 'POST',
      path: '/v2/annotations',
      headers: auth,
      body: JSON.stringify({ type: 'deploy', title: 't', datasets: ['x'] }),
    })
    console.log(`full disk: token create ${token.status}, annotation create ${annotation.status}`)
    expect(token.status).toBe(503)
    expect(annotation.status).toBe(503)
    full.on = false
    const tokens = await s.handle({ method: 'GET', path: '/v2/tokens', headers: auth })
    const annotations = await s.handle({ method: 'GET', path: '/v2/annotations', headers: auth })
    expect((tokens.body as { name: string }[]).filter((t) => t.name === 't')).toEqual([])
    expect(annotations.body).toEqual([])
  })
})
