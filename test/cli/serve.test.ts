// test/cli/serve.test.ts: `apldb serve --demo` through the real binary: the first start prints a root
// token whose curl, @axiomhq/js and apldb examples work as printed; the CLI then talks to the server
// (query, APL error caret, ingest beyond the per-request event cap, tokens, delete); SIGTERM stops
// it cleanly; a restart keeps the data and prints no token.

import { execFile } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningServer, runCli, startServe, tempDir } from './cli-process.ts'

const DEMO_EVENTS = 2000
const tmp = tempDir()
let server: RunningServer
let remote: string[]
const run = (args: string[], input?: string) => runCli(args, { cwd: tmp.dir, input })
const exec = promisify(execFile)

/** The indented lines after `heading` up to the next blank line, unindented. */
function section(out: string, heading: string): string[] {
  const lines = out.split('\n')
  const from = lines.indexOf(heading) + 1
  const to = lines.indexOf('', from)
  return lines.slice(from, to).map((l) => l.replace(/^ {2}/, ''))
}

beforeAll(async () => {
  server = await startServe(
    ['--data', 'store', '--port', '0', '--demo', '--demo-events', String(DEMO_EVENTS)],
    {
      cwd: tmp.dir,
    },
  )
  remote = ['--url', server.url, '--token', server.token ?? '']
})
afterAll(async () => {
  await server?.stop()
  tmp.cleanup()
})

describe('apldb serve', () => {
  it('loads the demo and prints the root token once, with examples', () => {
    expect(server.stdout()).toMatch(/^loaded 2,000 demo events into sample-http-logs\n/)
    expect(server.token).toMatch(/^xaat-[\w-]{20,}$/)
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
  })

  it('the printed apldb commands run as printed (the launcher as this shell reaches it)', async () => {
    const [line, shell] = section(server.stdout(), 'Or with apldb:')
    // Run from outside the source tree: the launcher is named by its absolute path.
    const m = /^(\S+) query "(.*)" --start now-1d --url \S+ --token \S+$/.exec(line)
    expect(m).not.toBeNull()
    expect(m![1]).toMatch(/\/bin\/apldb\.js$/)
    expect(shell).toMatch(/^\S+ shell --url \S+ --token \S+$/)
    const { stdout } = await exec('sh', ['-c', `${line} -f csv`], { cwd: tmp.dir })
    const counts = stdout
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => Number(l.split(',')[1]))
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThan(DEMO_EVENTS / 10)
    expect(server.stdout()).toContain(`Web console: ${server.url}/ (sign in with an API token)`)
  })

  it('the printed curl command works as printed', async () => {
    const command = section(server.stdout(), 'Query with curl:').join('\n')
    const { stdout } = await exec('sh', ['-c', command])
    const body = JSON.parse(stdout)
    expect(body.format).toBe('tabular')
    expect(body.tables[0].fields.map((f: { name: string }) => f.name)).toEqual(['status', 'count_'])
  })

  it('the printed @axiomhq/js snippet works as printed', async () => {
    const snippet = section(server.stdout(), 'Or with @axiomhq/js (npm install @axiomhq/js):').join('\n')
    // Same code; only the package specifier is resolved to this checkout's copy.
    const file = path.join(tmp.dir, 'snippet.mjs')
    writeFileSync(file, snippet.replace("'@axiomhq/js'", `'${import.meta.resolve('@axiomhq/js')}'`))
    const { stdout } = await exec(process.execPath, [file])
    expect(stdout).toContain("name: '0'")
    expect(stdout).toContain("'count_'")
  })

  it('queries over HTTP and shows a server-side APL error with a caret', async () => {
    const ok = await run(['query', "['sample-http-logs'] | count", '-f', 'ndjson', ...remote])
    expect(ok.stdout).toBe(`{"count_":${DEMO_EVENTS}}\n`)
    const bad = await run(['query', "['sample-http-logs'] | where stauts == 1", ...remote])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain(
      "  ['sample-http-logs'] | where stauts == 1\n                               ^",
    )
    const denied = await run(['query', "['sample-http-logs']", '--url', server.url, '--token', 'xaat-wrong'])
    expect(denied.code).toBe(1)
    expect(denied.stderr).toMatch(/^apldb: POST \/v1\/datasets\/_apl failed with 401/)
    // The served directory is locked: the CLI says to go through the server.
    const locked = await run(['query', "['sample-http-logs'] | count", '--data', 'store'])
    expect(locked.code).toBe(1)
    expect(locked.stderr).toMatch(
      /is locked by process \d+[\s\S]*is `apldb serve` running on .*store\? Use --url/,
    )
  })

  it('ingests more events than one request may carry', async () => {
    const lines = Array.from({ length: 12_345 }, (_, i) =>
      JSON.stringify({ _time: '2026-01-01T00:00:00Z', i }),
    )
    writeFileSync(path.join(tmp.dir, 'big.ndjson'), lines.join('\n'))
    const r = await run(['ingest', 'big', 'big.ndjson', '--create', ...remote])
    expect(r.stderr).toBe('')
    expect(r.stdout).toMatch(/^ingested 12,345 events into big /)
    const count = await run(['query', "['big'] | count", '-f', 'ndjson', ...remote])
    expect(count.stdout).toBe('{"count_":12345}\n')
  })

  it('creates and lists tokens; a query-only token can query but not ingest', async () => {
    const created = await run(['tokens', 'create', 'reader', '--query', 'big', ...remote])
    expect(created.code).toBe(0)
    const secret = /token \(shown once; it is stored only as a hash\): (\S+)/.exec(created.stdout)?.[1]
    expect(secret).toMatch(/^xaat-/)
    const list = await run(['tokens', 'list', '-f', 'json', ...remote])
    expect(JSON.parse(list.stdout).map((t: { name: string }) => t.name)).toContain('reader')
    const reader = ['--url', server.url, '--token', secret!]
    expect((await run(['query', "['big'] | count", '-f', 'ndjson', ...reader])).stdout).toBe(
      '{"count_":12345}\n',
    )
    const refused = await run(['ingest', 'big', 'big.ndjson', ...reader])
    expect(refused.code).toBe(1)
    expect(refused.stderr).toMatch(/failed with 403/)
  })

  it("an ingest-only token ingests without reading the dataset first (README's token)", async () => {
    writeFileSync(path.join(tmp.dir, 'few.ndjson'), '{"_time":"2026-01-01T00:00:00Z","i":-1}\n')
    expect((await run(['ingest', 'few', 'few.ndjson', '--create', ...remote])).code).toBe(0)
    const created = await run(['tokens', 'create', 'writer', '--ingest', 'few', ...remote])
    const secret = /token \(shown once; it is stored only as a hash\): (\S+)/.exec(created.stdout)?.[1]
    expect(secret).toMatch(/^xaat-/)
    const writer = ['--url', server.url, '--token', secret!]
    const r = await run(['ingest', 'few', 'few.ndjson', ...writer])
    expect(r.stderr).toBe('')
    expect(r.stdout).toMatch(/^ingested 1 event into few /)
    const count = await run(['query', "['few'] | count", '-f', 'ndjson', ...remote])
    expect(count.stdout).toBe('{"count_":2}\n')
    // A missing dataset is still named plainly (the ingest's 404 says which).
    const missing = await run(['ingest', 'nope', 'few.ndjson', ...remote])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/dataset "nope" does not exist: create it .* or pass --create/)
  })

  it('deletes over HTTP after the preview', async () => {
    const r = await run([
      'delete',
      '--apl',
      "['big'] | where i == 7",
      '--start',
      '2025-12-01T00:00:00Z',
      '--yes',
      ...remote,
    ])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^Preview \(nothing deleted yet\):\n {2}matching events {3}1\n/)
    // Whole blocks go: all 12,345 events share the one block holding the match.
    expect(r.stdout).toMatch(/\ndeleted 12,345 events \(1 block\)\n$/)
    const after = await run(['query', "['big'] | count", '-f', 'ndjson', ...remote])
    expect(after.stdout).toBe('{"count_":0}\n')
  })

  it('stops cleanly on SIGTERM; a restart keeps the data and prints no token', async () => {
    expect(await server.stop()).toBe(0)
    server = await startServe(['--data', 'store', '--port', '0', '--demo'], { cwd: tmp.dir })
    expect(server.token).toBeUndefined()
    expect(server.stdout()).not.toContain('loaded')
    expect(server.stdout()).toContain('Use the root token printed on the first start')
    const r = await run([
      'query',
      "['sample-http-logs'] | count",
      '-f',
      'ndjson',
      '--url',
      server.url,
      ...remote.slice(2),
    ])
    expect(r.stdout).toBe(`{"count_":${DEMO_EVENTS}}\n`)
  })
})
