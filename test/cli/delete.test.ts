// test/cli/delete.test.ts: `apldb delete` through the real binary: the preview comes first and
// changes nothing; declining deletes nothing (exit 1); `y` or --yes deletes whole blocks; a query
// with other operators is refused with a caret.

import { writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli, tempDir } from './cli-process.ts'

const tmp = tempDir()
const run = (args: string[], input?: string) => runCli(args, { cwd: tmp.dir, input })
const WINDOW = ['--start', '2026-01-01T00:00:00Z', '--end', '2026-02-01T00:00:00Z']
const count = async (ds: string) =>
  JSON.parse((await run(['query', `['${ds}'] | count`, '-f', 'ndjson'])).stdout).count_ as number

beforeAll(async () => {
  // Two datasets of 10 events; in `a`, events 3 and 7 have user u-42.
  const events = Array.from({ length: 10 }, (_, i) => ({
    _time: `2026-01-01T00:00:${String(i).padStart(2, '0')}Z`,
    user: i === 3 || i === 7 ? 'u-42' : `u-${i}`,
  }))
  writeFileSync(path.join(tmp.dir, 'ev.ndjson'), events.map((e) => JSON.stringify(e)).join('\n'))
  for (const ds of ['a', 'b']) expect((await run(['ingest', ds, 'ev.ndjson', '--create'])).code).toBe(0)
})
afterAll(tmp.cleanup)

describe('apldb delete', () => {
  const apl = (ds: string) => ['--apl', `['${ds}'] | where user == 'u-42'`]

  it('--dry-run shows the preview and deletes nothing', async () => {
    const r = await run(['delete', ...apl('a'), ...WINDOW, '--dry-run'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(
      /^Preview \(nothing deleted yet\):\n {2}matching events {3}2\n {2}events to delete {2}10 /,
    )
    expect(r.stdout).toContain('  first match       2026-01-01 00:00:03 +0000 UTC\n')
    expect(r.stdout).toContain('  last match        2026-01-01 00:00:07 +0000 UTC\n')
    expect(await count('a')).toBe(10)
  })

  it('asks, and answering no (or nothing) deletes nothing and exits 1', async () => {
    for (const input of ['n\n', '']) {
      const r = await run(['delete', ...apl('a'), ...WINDOW], input)
      expect(r.code).toBe(1)
      expect(r.stderr).toContain('Delete 10 events for good? [y/N] ')
      expect(r.stderr).toContain('aborted; nothing deleted')
    }
    expect(await count('a')).toBe(10)
  })

  it('answering y deletes the blocks holding matches', async () => {
    const r = await run(['delete', ...apl('a'), ...WINDOW], 'y\n')
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/\ndeleted 10 events \(1 block\)\n$/)
    expect(await count('a')).toBe(0)
    expect(await count('b')).toBe(10)
  })

  it('--yes deletes without asking, unless nothing matches', async () => {
    const none = await run(['delete', '--apl', "['b'] | where user == 'nobody'", ...WINDOW, '--yes'])
    expect(none.code).toBe(0)
    expect(none.stdout).toMatch(/matching events {3}0\n[\s\S]*nothing matches; nothing deleted\n$/)
    expect(await count('b')).toBe(10)
    const r = await run(['delete', ...apl('b'), '--start', '2026-01-01T00:00:00Z', '--yes'])
    expect(r.code).toBe(0)
    expect(r.stderr).toBe('')
    expect(r.stdout).toMatch(/\ndeleted 10 events \(1 block\)\n$/)
    expect(await count('b')).toBe(0)
  })

  it('refuses operators other than where and search, with a caret', async () => {
    const r = await run(['delete', '--apl', "['a'] | take 3", ...WINDOW, '--yes'])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^error APL0322: line: 1, col: 9: `take` is not allowed in a block deletion/)
    expect(r.stderr).toContain("\n  ['a'] | take 3\n          ^^^^^^\n")
  })
})
