// CLI: the interactive shell on a real pseudo-terminal (util-linux `script`): `apldb` alone starts it,
// a query typed over several lines runs when complete, Tab completes an operator and a field, Up
// recalls the last query from history (kept in the history file across sessions), Ctrl-C drops the
// query being typed, dot commands (.help .datasets .fields .format .explain .quit), and errors with
// a caret do not end the session.
import { readFileSync, writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { runCli, tempDir } from './cli-process.ts'
import { runOnPty } from './pty.ts'

const tmp = tempDir()
const env = (): Record<string, string> => ({
  APLDB_DATA: path.join(tmp.dir, 'data'),
  APLDB_HISTORY: path.join(tmp.dir, 'history'),
})

beforeAll(async () => {
  const events = [
    { _time: '2026-01-01T00:00:00Z', status: '200', req_duration_ms: 1 },
    { _time: '2026-01-01T01:00:00Z', status: '500', req_duration_ms: 2 },
    { _time: '2026-01-01T02:00:00Z', status: '200', req_duration_ms: 3 },
  ]
  writeFileSync(path.join(tmp.dir, 'w.ndjson'), events.map((e) => JSON.stringify(e)).join('\n'))
  const r = await runCli(['ingest', 'web', 'w.ndjson', '--create'], { cwd: tmp.dir, env: env() })
  expect(r.code).toBe(0)
}, 60_000)
const running: ReturnType<typeof runOnPty>[] = []
afterEach(() => {
  for (const t of running.splice(0)) t.kill()
})
afterAll(() => tmp.cleanup())

describe('apldb shell on a terminal', () => {
  it('runs multi-line queries, completes with Tab, recalls history, survives errors and Ctrl-C', async () => {
    // `apldb` with no command on a terminal is the shell.
    const t = runOnPty([], tmp.dir, env())
    running.push(t)
    await t.waitFor(/apldb> /)
    let mark = t.output().length
    t.type('.help\r')
    await t.waitFor(/\.fields DATASET[\s\S]*apldb> /, mark)

    // A query over three lines: a trailing `|` continues it.
    mark = t.output().length
    t.type("['web'] |\r")
    await t.waitFor(/\.\.\.> /, mark)
    t.type('summarize n = count() by status |\r')
    t.type('sort by status asc\r')
    const table = await t.waitFor(/status\s+n[\s\S]*?apldb> /, mark)
    expect(table).toMatch(/200\s+2/)
    expect(table).toMatch(/500\s+1/)
    expect(table).toMatch(/2 rows · 3 rows examined · 1 block examined, 0 pruned/)

    // Tab completes an operator after `|` and a field of the dataset the query names.
    mark = t.output().length
    t.type("['web'] | summ\t")
    await t.waitFor(/summarize/, mark)
    t.type(' avg(req_dur\t')
    await t.waitFor(/req_duration_ms/, mark)
    t.type(')\r')
    await t.waitFor(/avg_req_duration_ms[\s\S]*\b2\b[\s\S]*apldb> /, mark)

    // An APL error shows a caret and the session goes on.
    mark = t.output().length
    t.type("['web'] | where stauts == '500'\r")
    await t.waitFor(/unknown field `stauts`; did you mean `status`\?[\s\S]*\^{6}[\s\S]*apldb> /, mark)

    // Ctrl-C drops the half-typed query.
    mark = t.output().length
    t.type("['web'] |\r")
    await t.waitFor(/\.\.\.> /, mark)
    t.type('\x03')
    await t.waitFor(/\^C[\s\S]*apldb> /, mark)

    // Dot commands.
    mark = t.output().length
    t.type('.datasets\r')
    await t.waitFor(/\bweb\b[\s\S]*apldb> /, mark)
    mark = t.output().length
    t.type('.fields web\r')
    await t.waitFor(/req_duration_ms\s+integer[\s\S]*apldb> /, mark)
    mark = t.output().length
    t.type('.format csv\r')
    t.type("['web'] | count\r")
    await t.waitFor(/count_\r?\n3[\s\S]*apldb> /, mark)
    mark = t.output().length
    t.type(".explain ['web'] | count\r")
    await t.waitFor(/physical operators:[\s\S]*CountExec[\s\S]*apldb> /, mark)

    // Up recalls the last query (the whole query, on one line).
    mark = t.output().length
    t.type('\x1b[A')
    await t.waitFor(/\.explain \['web'\] \| count/, mark)
    t.type('\x15.quit\r')
    expect(await t.exited).toBe(0)

    const history = readFileSync(path.join(tmp.dir, 'history'), 'utf8').split('\n')
    expect(history).toContain("['web'] | summarize n = count() by status | sort by status asc")
  }, 120_000)

  it('keeps the history file across sessions', async () => {
    const t = runOnPty(['shell'], tmp.dir, env())
    running.push(t)
    await t.waitFor(/apldb> /)
    const mark = t.output().length
    t.type('\x1b[A')
    await t.waitFor(/\.explain \['web'\] \| count/, mark)
    t.type('\x15\x04')
    expect(await t.exited).toBe(0)
  }, 60_000)
})
