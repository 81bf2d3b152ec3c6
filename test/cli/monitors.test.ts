// test/cli/monitors.test.ts: `apldb monitors list|create|history` through the real binary, on a
// store directory and against a server: create (bad APL shows a caret), list as a table and as JSON,
// the history of state changes and the run log after runs on a stepped clock.
import { writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { serve } from '../../src/http/index.ts'
import { openStore } from '../../src/index.ts'
import { runCli, tempDir } from './cli-process.ts'

const tmp = tempDir()
const run = (args: string[]) => runCli([...args, '--data', 'store'], { cwd: tmp.dir })
afterAll(tmp.cleanup)

// The CLI creates the monitor on the system clock; its runs happen on a stepped clock after that.
const T0 = Math.floor(Date.now() / 60_000) * 60_000 + 5 * 60_000
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z')
let id = ''

describe('apldb monitors', () => {
  it('creates a monitor; bad APL shows the query with a caret', async () => {
    expect((await run(['datasets', 'create', 'web'])).code).toBe(0)
    const events = [0, 1, 2, 3].map((i) =>
      JSON.stringify({ _time: new Date(T0 + 30_000 + i).toISOString(), status: 502 }),
    )
    writeFileSync(path.join(tmp.dir, 'ev.ndjson'), `${events.join('\n')}\n`)
    expect((await run(['ingest', 'web', 'ev.ndjson'])).code).toBe(0)
    const apl = "['web'] | where status >= 500 | summarize count()"
    const ok = await run([
      'monitors',
      'create',
      'errors',
      '--apl',
      apl,
      '--operator',
      'AboveOrEqual',
      '--threshold',
      '3',
      '--interval',
      '1',
    ])
    expect(ok.stderr).toBe('')
    expect(ok.stdout).toMatch(/^created monitor errors \(id mon_[0-9a-f]{24}\)\n$/)
    id = /id (mon_\w+)/.exec(ok.stdout)?.[1] ?? ''
    const bad = await run([
      'monitors',
      'create',
      'typo',
      '--apl',
      "['web'] | summarize count() by stauts",
      '--threshold',
      '1',
      '--operator',
      'Above',
    ])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toContain('unknown field `stauts`')
    expect(bad.stderr).toMatch(/\^{6}/)
    const usage = await run(['monitors', 'create', 'x'])
    expect(usage.code).toBe(2)
    expect(usage.stderr).toMatch(/--apl is required/)
  })

  it('lists monitors as a table and as JSON', async () => {
    const table = await run(['monitors'])
    expect(table.code).toBe(0)
    const lines = table.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^id +name +type +every \/ range +enabled +query$/)
    expect(lines[2]).toMatch(new RegExp(`^${id} +errors +Threshold +1m / 1m +yes +\\['web'\\]`))
    const json = JSON.parse((await run(['monitors', 'list', '--format', 'json'])).stdout)
    expect(json).toMatchObject([
      { id, name: 'errors', operator: 'AboveOrEqual', threshold: 3, intervalMinutes: 1 },
    ])
  })

  it('shows the history and the runs after the monitor ran', async () => {
    let now = T0 + 61_000
    const db = await openStore({
      path: path.join(tmp.dir, 'store'),
      clock: () => now,
      monitors: { scheduler: 'manual' },
    })
    await db.monitors.runDue()
    now += 60_000
    await db.monitors.runDue()
    await db.close()
    const h = await run(['monitors', 'history', id])
    expect(h.code).toBe(0)
    const lines = h.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^timestamp +state +name +check$/)
    expect(lines.slice(2).map((l) => l.split(/ +/).slice(0, 3).join(' '))).toEqual([
      `${iso(T0 + 61_000)} open errors`,
      `${iso(T0 + 121_000)} closed errors`,
    ])
    const runs = await run(['monitors', 'history', id, '--runs', '-f', 'json'])
    expect(JSON.parse(runs.stdout).map((r: { outcome: string }) => r.outcome)).toEqual(['triggered', 'ok'])
  })

  it('talks to a server with --url', async () => {
    const db = await openStore({ path: path.join(tmp.dir, 'store'), monitors: { scheduler: 'manual' } })
    const srv = await serve(db, { port: 0, rootToken: 'xaat-cli-monitors-root-0123456789' })
    try {
      const remote = ['--url', srv.url, '--token', 'xaat-cli-monitors-root-0123456789']
      const list = await runCli(['monitors', 'list', '-f', 'json', ...remote], { cwd: tmp.dir })
      expect(JSON.parse(list.stdout).map((m: { id: string }) => m.id)).toEqual([id])
      const h = await runCli(
        ['monitors', 'history', id, '-f', 'json', '--start', iso(T0 + 120_000), ...remote],
        {
          cwd: tmp.dir,
        },
      )
      expect(JSON.parse(h.stdout).map((x: { state: string }) => x.state)).toEqual(['closed'])
      const made = await runCli(
        [
          'monitors',
          'create',
          'm2',
          '--type',
          'MatchEvent',
          '--apl',
          "['web'] | where status == 502",
          ...remote,
        ],
        { cwd: tmp.dir },
      )
      expect(made.stdout).toMatch(/^created monitor m2 /)
    } finally {
      await srv.close()
    }
  })
})
