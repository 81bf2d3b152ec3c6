// test/cli/launcher.test.ts: bin/apldb.js works whatever `node` runs it: this Node (type stripping)
// runs the CLI in-process; an older system Node (no type stripping) re-executes it with the project's
// pinned Node 24. Skipped when no older Node is on PATH.

import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import * as path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli, tempDir } from './cli-process.ts'

/** A `node` on PATH outside node_modules that cannot strip types, or undefined. */
function olderNode(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, process.platform === 'win32' ? 'node.exe' : 'node')
    if (dir.includes('node_modules') || !existsSync(candidate)) continue
    const strips = execFileSync(candidate, ['-p', 'Boolean(process.features.typescript)'], {
      encoding: 'utf8',
    })
    if (strips.trim() === 'false') return candidate
  }
  return undefined
}

const older = olderNode()
const tmp = tempDir()
afterAll(tmp.cleanup)

describe('bin/apldb.js', () => {
  it('runs with the Node of the tests', async () => {
    const r = await runCli(['--version'], { cwd: tmp.dir })
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(`${r.stdout.split(' (')[0]} (node ${process.version})\n`)
  })

  it.skipIf(older === undefined)(
    're-executes itself with the pinned Node under an older system Node',
    async () => {
      const r = await runCli(['--version'], { cwd: tmp.dir, node: older })
      expect(r.code).toBe(0)
      // The version line names the Node that ran the CLI: the pinned one, not the older launcher.
      expect(r.stdout).toMatch(/\(node v2[4-9]\./)
      const usage = await runCli(['query'], { cwd: tmp.dir, node: older })
      expect(usage.code).toBe(2)
      expect(usage.stderr).toContain('missing query')
    },
  )
})
