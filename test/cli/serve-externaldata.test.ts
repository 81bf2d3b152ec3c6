// test/cli/serve-externaldata.test.ts: `apldb serve --externaldata-root DIR` through the real binary
// and real HTTP: APL externaldata over the server reads file: URLs inside DIR only; without the
// flag it reads nothing (403 external_data_refused); a missing DIR is a usage error.
import { mkdirSync, writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, runCli, startServe, tempDir } from './cli-process.ts'

const tmp = tempDir()
let open: RunningServer
let closed: RunningServer
const inside = () => pathToFileURL(path.join(tmp.dir, 'ext', 'svc.csv')).href
const outside = () => pathToFileURL(path.join(tmp.dir, 'secret.csv')).href

beforeAll(async () => {
  mkdirSync(path.join(tmp.dir, 'ext'))
  writeFileSync(path.join(tmp.dir, 'ext', 'svc.csv'), 'name,n\nfrontend,3\ncart,4\n')
  writeFileSync(path.join(tmp.dir, 'secret.csv'), 'name,n\nroot,1\n')
  ;[open, closed] = await Promise.all([
    startServe(['--data', 'a', '--port', '0', '--externaldata-root', 'ext'], { cwd: tmp.dir }),
    startServe(['--data', 'b', '--port', '0'], { cwd: tmp.dir }),
  ])
})
afterAll(async () => {
  await Promise.all([open?.stop(), closed?.stop()])
  tmp.cleanup()
})

async function apl(s: RunningServer, href: string) {
  const res = await fetch(`${s.url}/v1/datasets/_apl?format=tabular`, {
    method: 'POST',
    headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      apl: `externaldata (name:string, n:long) ['${href}'] with (format='csv', ignoreFirstRecord=true) | summarize sum(n)`,
    }),
  })
  // biome-ignore lint/suspicious/noExplicitAny: reading the JSON answer
  return { status: res.status, body: (await res.json()) as any }
}

describe('apldb serve --externaldata-root', () => {
  it('reads file: URLs inside the root', async () => {
    const r = await apl(open, inside())
    expect(r.status).toBe(200)
    expect(r.body.tables[0].columns[0]).toEqual([7])
  })

  it('refuses a file outside the root, and every file without the flag', async () => {
    for (const r of [await apl(open, outside()), await apl(closed, inside())]) {
      expect(r.status).toBe(403)
      expect(r.body.message).toMatch(/externaldata: .*file: URLs are not allowed here|outside/)
    }
  })

  it('names a missing root as a usage error', async () => {
    const r = await runCli(['serve', '--data', 'c', '--port', '0', '--externaldata-root', 'nope'], {
      cwd: tmp.dir,
    })
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(/--externaldata-root: no directory nope/)
  })
})
