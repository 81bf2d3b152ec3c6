// Issue 28 item 10: a stale LOCK whose pid now names an unrelated live process (a pid reused after a
// crash or reboot) does not keep the store closed: the LOCK records the owner's identity (boot id and
// start time), and a live pid with another identity is not the owner. A live owner still refuses.
import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openStore } from '../../../src/index.ts'
import { processIdentity } from '../../../src/storage/fs.ts'

const dirs: string[] = []
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true })
})

async function tmp(): Promise<string> {
  const d = await mkdtemp(path.join(tmpdir(), 'apldb-lock-'))
  dirs.push(d)
  return d
}

describe.runIf(processIdentity(process.pid) !== undefined)('LOCK owner identity', () => {
  it('records pid and identity; a LOCK naming a live unrelated process (other identity) is taken over', async () => {
    const dir = await tmp()
    const first = await openStore({ path: dir })
    const [pid, identity] = (await readFile(path.join(dir, 'LOCK'), 'utf8')).split('\n')
    expect(Number(pid)).toBe(process.pid)
    expect(identity).toBe(processIdentity(process.pid))
    await first.close()

    // An unrelated live process, and a LOCK that names its pid with the identity of an earlier owner.
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
    try {
      await writeFile(path.join(dir, 'LOCK'), `${other.pid}\n${processIdentity(process.pid)}-before-reboot\n`)
      const s = await openStore({ path: dir })
      expect((await readFile(path.join(dir, 'LOCK'), 'utf8')).split('\n')[0]).toBe(String(process.pid))
      await s.close()

      // The same live process with its own identity is the owner: refused.
      await writeFile(path.join(dir, 'LOCK'), `${other.pid}\n${processIdentity(other.pid as number)}\n`)
      await expect(openStore({ path: dir })).rejects.toMatchObject({ code: 'store_locked' })
    } finally {
      other.kill('SIGKILL')
    }
  })
})
