// The worker pool never keeps the process alive: a child that ran a parallel query and closed its
// store (not the pool) exits by itself with code 0 (a hang is killed after 60 s and fails; the time
// from `done` to exit is printed, not asserted).
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const CHILD = fileURLToPath(new URL('./exit-child.ts', import.meta.url))

describe('worker pool lifetime', () => {
  it('lets the process exit once the query is answered', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'apldb-parallel-exit-'))
    try {
      const child = spawn(process.execPath, [CHILD, dir], { stdio: ['ignore', 'pipe', 'pipe'] })
      let out = ''
      let err = ''
      let doneAt = 0
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString()
        if (out.includes('done')) doneAt ||= performance.now()
      })
      child.stderr.on('data', (d: Buffer) => {
        err += d.toString()
      })
      const code = await new Promise<number | null>((resolve) => {
        const kill = setTimeout(() => child.kill('SIGKILL'), 60_000)
        child.on('exit', (c) => {
          clearTimeout(kill)
          resolve(c)
        })
      })
      const lingerMs = performance.now() - doneAt
      console.log(`exit code=${code} linger_ms=${lingerMs.toFixed(0)}`)
      expect(err).toBe('')
      expect(out.trim()).toBe('done 500')
      expect(code).toBe(0)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  }, 90_000)
})
