// bench/peers/ensure.ts: the benchmark's peer engines that stay out of the main install (chdb, ~540
// MB): installs bench/peers/package.json's lockfile into bench/peers/node_modules on first use
// (`npm ci --prefix bench/peers`) and hands back a `require` that resolves from there.
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const HERE = fileURLToPath(new URL('.', import.meta.url))

/** A `require` rooted at bench/peers, after installing the peers when they are missing. */
export function ensurePeers(): NodeJS.Require {
  if (!existsSync(`${HERE}node_modules/chdb/package.json`)) {
    process.stderr.write('bench peers missing: npm ci --prefix bench/peers (chdb, ~540 MB) …\n')
    // npm from the same Node as this process (the project pins Node 24 through its devDependency).
    execFileSync('npm', ['ci', '--prefix', HERE, '--no-audit', '--no-fund'], { stdio: 'inherit' })
  }
  return createRequire(`${HERE}package.json`)
}
