// scripts/lock-optional-platforms.ts: restores the lockfile entries of @biomejs/biome's
// platform binaries for other systems. This workplace's registry mirror lacks them, so `npm install`
// drops them from package-lock.json, and then `npm ci` refuses the lockfile as out of sync.
// The entries carry os/cpu/libc, so npm never fetches them on a machine they don't match.
// Run after any `npm install` that rewrites the lockfile: node scripts/lock-optional-platforms.ts
import { readFileSync, writeFileSync } from 'node:fs'

const file = new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(file, 'utf8'))
const pkgs: Record<string, Record<string, unknown>> = lock.packages
const biome = pkgs['node_modules/@biomejs/biome']
const version = biome.version as string
const platforms: Record<string, [string, string, string?]> = {
  'cli-android-arm64': ['android', 'arm64'],
  'cli-android-x64': ['android', 'x64'],
  'cli-darwin-arm64': ['darwin', 'arm64'],
  'cli-darwin-x64': ['darwin', 'x64'],
  'cli-linux-arm64': ['linux', 'arm64', 'glibc'],
  'cli-linux-arm64-musl': ['linux', 'arm64', 'musl'],
  'cli-linux-x64': ['linux', 'x64', 'glibc'],
  'cli-linux-x64-musl': ['linux', 'x64', 'musl'],
  'cli-win32-arm64': ['win32', 'arm64'],
  'cli-win32-x64': ['win32', 'x64'],
}
let added = 0
for (const [name, [os, cpu, libc]] of Object.entries(platforms)) {
  const key = `node_modules/@biomejs/${name}`
  if (pkgs[key]) continue
  pkgs[key] = {
    version,
    cpu: [cpu],
    dev: true,
    license: 'MIT OR Apache-2.0',
    optional: true,
    os: [os],
    ...(libc ? { libc: [libc] } : {}),
    engines: { node: '>=14.21.3' },
  }
  added++
}
lock.packages = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
)
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`lock-optional-platforms: added ${added} entries`)
