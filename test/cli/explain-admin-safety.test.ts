// test/cli/explain-admin-safety.test.ts: the CLI's commands beside query, through the real binary:
// explain (embedded and against a server), datasets info|fields|delete, tokens delete|regenerate, help
// CMD, --version/-V; ingest's Ctrl-C (what landed, exit 130), a failed --create leaves no dataset, the
// delete preview's block span.
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BIN, runCli, startServe, tempDir } from './cli-process.ts'

const tmp = tempDir()
const data = path.join(tmp.dir, 'data')
const run = (args: string[], input?: string) =>
  runCli(args, { cwd: tmp.dir, input, env: { APLDB_DATA: data } })

beforeAll(async () => {
  const events = Array.from({ length: 50 }, (_, i) => ({
    _time: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    user: `u${i % 5}`,
    n: i,
  }))
  writeFileSync(path.join(tmp.dir, 'e.ndjson'), events.map((e) => JSON.stringify(e)).join('\n'))
  expect((await run(['ingest', 'app', 'e.ndjson', '--create'])).code).toBe(0)
}, 60_000)
afterAll(() => tmp.cleanup())

describe('apldb explain', () => {
  it('prints block and row figures and the three plans', async () => {
    const r = await run([
      'explain',
      "['app'] | where user == 'u1' | count",
      '--start',
      '2026-01-01T00:00:00Z',
    ])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^blocks: 1 in the datasets read, 0 pruned, 1 examined/)
    expect(r.stdout).toMatch(/rows: +50 examined, 10 matched/)
    expect(r.stdout).toMatch(
      /logical plan:\n {2}CountRows[\s\S]*optimized:[\s\S]*physical operators:\n {2}CountExec/,
    )
    const json = JSON.parse((await run(['explain', "['app'] | count", '--json'])).stdout)
    expect(Object.keys(json)).toEqual(['logical', 'optimized', 'physical', 'blocks', 'rows', 'parallel'])
    const bad = await run(['explain', "['app'] | where usr == 1"])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/unknown field `usr`; did you mean `user`\?/)
  })
})

describe('datasets and tokens', () => {
  it('datasets info and fields', async () => {
    const info = await run(['datasets', 'info', 'app'])
    expect(info.stdout).toMatch(/^name +app\n[\s\S]*events +50\nfields +4\n$/)
    const fields = await run(['datasets', 'fields', 'app', '-f', 'json'])
    expect(JSON.parse(fields.stdout).map((f: { name: string }) => f.name)).toEqual(
      expect.arrayContaining(['_time', '_sysTime', 'user', 'n']),
    )
  })

  it('datasets delete asks, and removes the dataset with its events', async () => {
    expect((await run(['datasets', 'create', 'tmpds'])).code).toBe(0)
    const no = await run(['datasets', 'delete', 'tmpds'], 'n\n')
    expect(no.code).toBe(1)
    expect(no.stderr).toContain('aborted; nothing deleted')
    const yes = await run(['datasets', 'delete', 'tmpds'], 'y\n')
    expect(yes.stdout).toBe('deleted dataset tmpds (0 events)\n')
    expect((await run(['datasets', 'list', '-f', 'json'])).stdout).not.toContain('tmpds')
  })

  it('tokens regenerate and delete, against a server', async () => {
    const dir = path.join(tmp.dir, 'served')
    const server = await startServe(['--data', dir, '--port', '0'], { cwd: tmp.dir })
    try {
      const remote = ['--url', server.url, '--token', server.token ?? '']
      const created = await run(['tokens', 'create', 'ci', '--query', '*', ...remote])
      const id = /\(id (\S+)\)/.exec(created.stdout)?.[1] as string
      const secret = /token \(shown once.*\): (\S+)/.exec(created.stdout)?.[1] as string
      const regen = await run(['tokens', 'regenerate', id, ...remote])
      expect(regen.code).toBe(0)
      const fresh = /: (xaat-\S+)\n$/.exec(regen.stdout)?.[1] as string
      expect(fresh).toMatch(/^xaat-/)
      // The old secret stopped at once (default --old-expires-at now); the new one works.
      const oldUse = await run(['datasets', 'list', '--url', server.url, '--token', secret])
      expect(oldUse.code).toBe(1)
      const newId = /as (\S+)\n/.exec(regen.stdout)?.[1] as string
      const del = await run(['tokens', 'delete', newId, ...remote])
      expect(del.stdout).toBe(`deleted token ${newId}\n`)
      const list = await run(['tokens', 'list', '-f', 'json', ...remote])
      expect(list.stdout).not.toContain(newId)
    } finally {
      await server.stop()
    }
  }, 60_000)
})

describe('help and version', () => {
  it('help CMD is CMD --help; --version and -V', async () => {
    const a = await run(['help', 'query'])
    const b = await run(['query', '--help'])
    expect(a.code).toBe(0)
    expect(a.stdout).toBe(b.stdout)
    expect(a.stdout).toMatch(
      /--format FORMAT +table \(default\), json, ndjson, csv, tsv, markdown or vertical/,
    )
    const sub = await run(['help', 'datasets', 'delete'])
    expect(sub.stdout).toMatch(/^Usage: apldb datasets delete NAME/)
    for (const flag of ['--version', '-V']) {
      const v = await run([flag])
      expect(v.stdout).toMatch(/^apldb \d+\.\d+\.\d+ \(node v\d+/)
    }
  })
})

describe('ingest safety', () => {
  it('a failed ingest into a dataset it created leaves no dataset behind', async () => {
    writeFileSync(path.join(tmp.dir, 'bad.txt'), 'not json at all\n')
    const r = await run(['ingest', 'ghost', 'bad.txt', '--create'])
    expect(r.code).toBe(1)
    expect((await run(['datasets', 'list', '-f', 'json'])).stdout).not.toContain('ghost')
    const allBad = path.join(tmp.dir, 'allbad.ndjson')
    writeFileSync(allBad, '{"a":\n{"b":\n')
    expect((await run(['ingest', 'ghost2', allBad, '--create'])).code).toBe(1)
    expect((await run(['datasets', 'list', '-f', 'json'])).stdout).not.toContain('ghost2')
  })

  it('Ctrl-C during ingest prints what landed and exits 130', async () => {
    const child = spawn(
      process.execPath,
      [BIN, 'ingest', 'live', '-', '--create', '--format', 'ndjson', '--batch-bytes', '200', '--progress'],
      {
        cwd: tmp.dir,
        env: { ...process.env, APLDB_DATA: data },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    )
    let out = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d
    })
    // The forced progress bar (stderr) shows the acknowledged event count: Ctrl-C once it is > 0,
    // whatever the machine's load (no fixed sleep).
    const landedSome = new Promise<void>((resolve) => {
      let err = ''
      child.stderr.setEncoding('utf8').on('data', (d: string) => {
        err += d
        if (/(^|\s)[1-9][\d,]* events\b/.test(err)) resolve()
      })
    })
    const lines = Array.from({ length: 40 }, (_, i) => JSON.stringify({ _time: '2026-01-01T00:00:00Z', i }))
    child.stdin.write(`${lines.join('\n')}\n`)
    // Stdin stays open (a live feed); once the first chunks landed, Ctrl-C.
    await landedSome
    child.kill('SIGINT')
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)))
    expect(code).toBe(130)
    const m =
      /^interrupted: ([\d,]+) events? ingested into live before Ctrl-C \(they stay; .* read\)\n$/.exec(out)
    expect(m).not.toBeNull()
    const landed = Number(m?.[1])
    expect(landed).toBeGreaterThan(0)
    const count = await run(['query', "['live'] | count", '-f', 'csv', '--no-header', '--no-footer'])
    expect(Number(count.stdout.trim())).toBe(landed)
  }, 30_000)
})

describe('delete preview', () => {
  it('shows the span of the blocks that go, not only the matches', async () => {
    const r = await run([
      'delete',
      '--apl',
      "['app'] | where user == 'u3'",
      '--start',
      '2026-01-01T00:00:00Z',
      '--end',
      '2026-01-02T00:00:00Z',
      '--dry-run',
    ])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/first match +2026-01-01 00:03:00 \+0000 UTC/)
    expect(r.stdout).toMatch(
      /deleted span +2026-01-01 00:00:00 \+0000 UTC … 2026-01-01 00:49:00 \+0000 UTC \(every event of the affected blocks\)/,
    )
  })
})
