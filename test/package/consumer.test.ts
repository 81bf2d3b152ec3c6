// test/package/consumer.test.ts: apldb as a real npm dependency. Packs this checkout (`npm pack`,
// whose prepack builds dist/), installs the tarball with its registry dependencies into a fresh
// project, then on Node 24 and Node 22: runs the consumer scenario (fixture/consumer.mjs) and the
// README's "Install in your project" example, type-checks a strict TypeScript consumer, and runs
// the installed `apldb` bin; on Node 24 also a copy of dist/ elsewhere, whole and without its
// worker entries. Prints the tarball and install sizes.
import { execFile } from 'node:child_process'
import * as fs from 'node:fs/promises'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { node22 } from './node22.ts'
import { readmeInstallExample } from './readme-install.ts'

const exec = promisify(execFile)
const ROOT = path.resolve(import.meta.dirname, '../..')
const FIXTURE = path.join(import.meta.dirname, 'fixture')

let work = ''
let app = ''
const nodes: Record<'24' | '22', string> = { '24': process.execPath, '22': '' }

/** Runs a command, failing with its output. */
async function sh(cmd: string, args: readonly string[], opts: { cwd: string; env?: NodeJS.ProcessEnv }) {
  const t0 = performance.now()
  try {
    const r = await exec(cmd, args, { ...opts, maxBuffer: 64 << 20, timeout: 300_000 })
    return { ...r, ms: performance.now() - t0 }
  } catch (e) {
    const x = e as { stdout?: string; stderr?: string; message: string }
    throw new Error(`${cmd} ${args.join(' ')} failed:\n${x.stdout ?? ''}\n${x.stderr ?? x.message}`)
  }
}

/** The installed size of a folder, bytes. */
async function sizeOf(dir: string): Promise<number> {
  let total = 0
  for (const e of await fs.readdir(dir, { withFileTypes: true, recursive: true }))
    if (e.isFile()) total += (await fs.stat(path.join(e.parentPath, e.name))).size
  return total
}

/** Runs `node` of `version` in the consumer project, with that Node first on PATH (for the bin). */
function onNode(version: '24' | '22', args: readonly string[]) {
  const bin = nodes[version]
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${path.dirname(bin)}${path.delimiter}${process.env.PATH}`,
  }
  for (const k of Object.keys(env)) if (k.startsWith('APLDB_')) delete env[k]
  return sh(bin, args, { cwd: app, env })
}

/** Per-step time limit: each step spawns Node processes (tsc checks all of @types/node). */
const STEP_MS = 300_000

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MiB`

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(tmpdir(), 'apldb-consumer-'))
  app = path.join(work, 'app')
  await fs.mkdir(app)
  const own = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8'))
  const installed = async (name: string) =>
    JSON.parse(await fs.readFile(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')).version
  const [packed, n22] = await Promise.all([
    sh('npm', ['pack', '--json', '--pack-destination', work], { cwd: ROOT }),
    node22(),
  ])
  nodes['22'] = n22
  const info = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as {
    filename: string
    size: number
    unpackedSize: number
    entryCount: number
  }[]
  const tarball = path.join(work, info[0].filename)
  await fs.writeFile(
    path.join(app, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  )
  const deps = [
    tarball,
    `@axiomhq/js@${await installed('@axiomhq/js')}`,
    `typescript@${await installed('typescript')}`,
    '@types/node@22',
  ]
  const install = await sh('npm', ['install', ...deps, '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: app,
  })
  for (const f of ['consumer.mjs', 'consumer.ts', 'copied-dist.mjs'])
    await fs.copyFile(path.join(FIXTURE, f), path.join(app, f))
  await fs.copyFile(path.join(FIXTURE, 'tsconfig.consumer.json'), path.join(app, 'tsconfig.json'))
  await fs.writeFile(path.join(app, 'readme-install.mjs'), await readmeInstallExample())
  const apldbSize = await sizeOf(path.join(app, 'node_modules', 'apldb'))
  const tree = await sizeOf(path.join(app, 'node_modules'))
  console.log(
    [
      `package: ${info[0].filename} ${mb(info[0].size)} packed, ${mb(info[0].unpackedSize)} unpacked, ${info[0].entryCount} files (npm pack ${(packed.ms / 1000).toFixed(1)} s, with the build)`,
      `installed: node_modules/apldb ${mb(apldbSize)}; the consumer's node_modules ${mb(tree)} (with typescript and @types/node; npm install ${(install.ms / 1000).toFixed(1)} s)`,
      `engines: ${own.engines.node}; Node 22: ${n22}`,
    ].join('\n'),
  )
}, 600_000)

afterAll(async () => {
  if (work) await fs.rm(work, { recursive: true, force: true })
})

/** Runs `step` on Node 24 and Node 22 side by side (the two are independent). */
async function onBoth(step: (version: '24' | '22') => Promise<void>): Promise<void> {
  await Promise.all((['24', '22'] as const).map(step))
}

describe('the installed package on Node 24 and Node 22', () => {
  it(
    'runs the consumer scenario: 200k events, parallel, seal worker, APL, rows, legacy, delete, reopen, HTTP',
    () =>
      onBoth(async (version) => {
        const r = await onNode(version, ['consumer.mjs', path.join(work, `data-${version}`)])
        console.log(r.stdout.trim())
        expect(r.stdout).toMatch(/: ok$/m)
        expect(r.stderr).toBe('')
      }),
    STEP_MS,
  )

  it(
    "runs the README's install example",
    () =>
      onBoth(async (version) => {
        const r = await onNode(version, ['readme-install.mjs'])
        expect(r.stdout).toContain("[ 'orders' ]")
        expect(r.stderr).toBe('')
      }),
    STEP_MS,
  )

  it(
    "loads from CommonJS too: require('apldb') (Node's require(esm))",
    () =>
      onBoth(async (version) => {
        const code = `const a = require('apldb'), h = require('apldb/http'); console.log(typeof a.openStore, typeof h.createHandler)`
        const r = await onNode(version, ['--input-type=commonjs', '-e', code])
        expect([r.stdout.trim(), r.stderr]).toEqual(['function function', ''])
      }),
    STEP_MS,
  )

  it(
    'type-checks a strict NodeNext consumer (skipLibCheck false, target ES2022 default lib)',
    () =>
      onBoth(async (version) => {
        const r = await onNode(version, [path.join('node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'])
        expect(r.stdout + r.stderr).toBe('')
      }),
    STEP_MS,
  )

  it(
    'runs the installed apldb bin: --version, ingest and a query',
    () =>
      onBoth(async (version) => {
        const bin = path.join('node_modules', '.bin', 'apldb')
        const v = await onNode(version, [bin, '--version'])
        expect(v.stdout).toMatch(new RegExp(`^apldb \\d+\\.\\d+\\.\\d+ \\(node v${version}\\.`))
        const data = path.join(work, `cli-${version}`)
        const input = path.join(work, `cli-${version}.ndjson`)
        await fs.writeFile(input, '{"status":200}\n{"status":500}\n{"status":500}\n')
        await onNode(version, [bin, 'ingest', 'web', input, '--create', '--data', data])
        const q = await onNode(version, [
          bin,
          'query',
          "['web'] | summarize n = count() by status | order by status asc",
          '--data',
          data,
          '--format',
          'ndjson',
        ])
        expect(
          q.stdout
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l)),
        ).toEqual([
          { status: 200, n: 1 },
          { status: 500, n: 2 },
        ])
      }),
    STEP_MS,
  )
})

describe('a copy of dist/ outside node_modules (as a bundler or deploy step leaves it)', () => {
  it(
    'starts its worker threads from the copy',
    async () => {
      const copy = path.join(app, 'vendor', 'intact')
      await fs.cp(path.join(app, 'node_modules', 'apldb', 'dist'), copy, { recursive: true })
      const r = await onNode('24', [
        'copied-dist.mjs',
        path.join(copy, 'src', 'index.js'),
        path.join(work, 'copy-intact'),
        'intact',
      ])
      console.log(r.stdout.trim())
    },
    STEP_MS,
  )

  it(
    'without its worker entries: says so once per kind through the logger and health(), answers right',
    async () => {
      const copy = path.join(app, 'vendor', 'broken')
      await fs.cp(path.join(app, 'node_modules', 'apldb', 'dist'), copy, { recursive: true })
      await fs.rm(path.join(copy, 'src', 'storage', 'seal', 'seal-worker.js'))
      await fs.rm(path.join(copy, 'src', 'exec', 'parallel', 'worker-entry.js'))
      const r = await onNode('24', [
        'copied-dist.mjs',
        path.join(copy, 'src', 'index.js'),
        path.join(work, 'copy-broken'),
        'broken',
      ])
      console.log(r.stdout.trim())
    },
    STEP_MS,
  )
})
