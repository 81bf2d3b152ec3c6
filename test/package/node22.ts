// test/package/node22.ts: a Node 22 binary for the package test, installed from the npm registry (the
// `node` package, whose install step fetches the matching `node-<platform>` package) into a folder
// under the OS temp dir that later runs reuse.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import * as fs from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The cache folder (one per major version). */
const DIR = path.join(tmpdir(), 'apldb-test-node22')

/** The path of a Node 22 binary, installing it on first use. */
export async function node22(): Promise<string> {
  const bin = path.join(DIR, 'node_modules', 'node', 'bin', 'node')
  if (existsSync(bin)) {
    const { stdout } = await run(bin, ['--version']).catch(() => ({ stdout: '' }))
    if (stdout.startsWith('v22.')) return bin
  }
  await fs.rm(DIR, { recursive: true, force: true })
  await fs.mkdir(DIR, { recursive: true })
  // allowScripts: the `node` package's install script links the binary it fetched.
  const pkg = { name: 'apldb-test-node22', private: true, allowScripts: { node: true } }
  await fs.writeFile(path.join(DIR, 'package.json'), JSON.stringify(pkg))
  await run('npm', ['install', 'node@22', '--no-audit', '--no-fund', '--prefer-offline'], { cwd: DIR })
  const { stdout } = await run(bin, ['--version'])
  if (!stdout.startsWith('v22.')) throw new Error(`node@22 installed ${stdout.trim()}`)
  return bin
}
