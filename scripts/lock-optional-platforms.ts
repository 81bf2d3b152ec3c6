// scripts/lock-optional-platforms.ts: restores lockfile entries for the per-platform binary
// packages of dependencies (Biome, DuckDB, …) that this workplace's registry mirror lacks: `npm
// install` drops them from package-lock.json, and `npm ci` then refuses the lockfile as out of sync.
// Takes an optional path to another lockfile (e.g. bench/peers/package-lock.json, whose chdb has
// per-platform libraries).
// Each restored entry carries os/cpu/libc read from the package name, so npm never fetches it on a
// machine it does not match. Run after any `npm install` that rewrites the lockfile:
//   node scripts/lock-optional-platforms.ts [path/to/package-lock.json]
import { readFileSync, writeFileSync } from 'node:fs'

const OSES = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openharmony']
const CPUS = ['x64', 'arm64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x']

/** os/cpu/libc of a platform package, from the tokens of its name; undefined when not one. */
function platformOf(name: string): { os: string; cpu: string; libc?: string } | undefined {
  const tokens = name.split('/').pop()?.split('-') ?? []
  const os = tokens.find((t) => OSES.includes(t))
  const cpu = tokens.find((t) => CPUS.includes(t))
  if (!os || !cpu) return undefined
  if (os !== 'linux') return { os, cpu }
  return { os, cpu, libc: tokens.includes('musl') ? 'musl' : 'glibc' }
}

const file = process.argv[2] ?? new URL('../package-lock.json', import.meta.url)
const lock = JSON.parse(readFileSync(file, 'utf8'))
const pkgs: Record<string, Record<string, unknown>> = lock.packages
let added = 0
for (const [key, entry] of Object.entries({ ...pkgs })) {
  const optional = entry.optionalDependencies as Record<string, string> | undefined
  if (!optional || key === '') continue
  for (const [dep, range] of Object.entries(optional)) {
    const depKey = `node_modules/${dep}`
    const platform = platformOf(dep)
    if (pkgs[depKey] || !platform) continue
    pkgs[depKey] = {
      version: range.replace(/^[\^~]/, ''),
      cpu: [platform.cpu],
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [platform.os],
      ...(platform.libc ? { libc: [platform.libc] } : {}),
    }
    added++
  }
}
lock.packages = Object.fromEntries(
  Object.entries(pkgs).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
)
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`lock-optional-platforms: added ${added} entries`)
