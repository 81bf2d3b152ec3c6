// test/cli/query.test.ts: `apldb query` on a store directory through the real binary: the four
// output formats, a table fitted to $COLUMNS, the query window, stdin queries, and an APL error
// printed with a caret under its span (exit 1).

import { writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { displayWidth } from '../../src/cli/display-width.ts'
import { runCli, tempDir } from './cli-process.ts'

const tmp = tempDir()
const run = (args: string[], env?: Record<string, string>, input?: string) =>
  runCli(args, { cwd: tmp.dir, env, input })

const EVENTS = [
  { _time: '2026-01-01T00:00:00Z', status: '200', method: 'GET', uri: '/api/v1/users/list', ms: 1.5 },
  { _time: '2026-01-01T00:30:00Z', status: '500', method: 'POST', uri: '/api/v1/payment/commit', ms: 250 },
  { _time: '2026-01-01T01:00:00Z', status: '200', method: 'GET', uri: '/api/v1/search/get?q=a,b', ms: 3 },
  {
    _time: '2026-01-01T02:00:00Z',
    status: '404',
    method: 'GET',
    uri: '/missing',
    ms: 0.25,
    tags: ['x', 'y'],
  },
]

beforeAll(async () => {
  writeFileSync(path.join(tmp.dir, 'events.ndjson'), EVENTS.map((e) => JSON.stringify(e)).join('\n'))
  const r = await run(['ingest', 'logs', 'events.ndjson', '--create'])
  expect(r.code).toBe(0)
})
afterAll(tmp.cleanup)

describe('apldb query', () => {
  it('prints CSV with quoting and a header', async () => {
    const r = await run([
      'query',
      "['logs'] | sort by _time asc | project status, uri, ms",
      '--format',
      'csv',
    ])
    expect(r.code).toBe(0)
    expect(r.stdout).toBe(
      [
        'status,uri,ms',
        '200,/api/v1/users/list,1.5',
        '500,/api/v1/payment/commit,250',
        '200,"/api/v1/search/get?q=a,b",3',
        '404,/missing,0.25',
        '',
      ].join('\n'),
    )
    expect(r.stderr).toMatch(/^4 rows · /)
  })

  it('prints NDJSON rows and the whole JSON response', async () => {
    const apl = "['logs'] | summarize n = count() by status | sort by status asc"
    const nd = await run(['query', apl, '-f', 'ndjson'])
    expect(nd.stdout).toBe('{"status":"200","n":2}\n{"status":"404","n":1}\n{"status":"500","n":1}\n')
    const js = await run(['query', apl, '-f', 'json'])
    const body = JSON.parse(js.stdout)
    expect(body.format).toBe('tabular')
    expect(body.tables[0].columns).toEqual([
      ['200', '404', '500'],
      [2, 1, 1],
    ])
  })

  it('fits the table to $COLUMNS and reports the row count on stderr', async () => {
    const r = await run(['query', "['logs'] | sort by _time asc | project _time, status, uri, tags"], {
      COLUMNS: '50',
    })
    expect(r.code).toBe(0)
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines).toHaveLength(6)
    for (const l of lines) expect(displayWidth(l)).toBeLessThanOrEqual(50)
    expect(lines[0]).toMatch(/^_time +status +uri +tags$/)
    // Timestamps stay whole; the long text column gives way.
    expect(lines[2]).toMatch(/^2026-01-01T00:00:00Z {2}200 {5}\/api\/v1\S*…?/)
    expect(lines[5]).toContain('["x","y"]')
    expect(r.stderr).toMatch(/^4 rows · 4 rows examined · 1 block examined, 0 pruned · [\d.]+ (ms|s)\n$/)
  })

  it('honours --start and --end (half-open window)', async () => {
    const r = await run([
      'query',
      "['logs'] | count",
      '--start',
      '2026-01-01T00:30:00Z',
      '--end',
      '2026-01-01T02:00:00Z',
      '-f',
      'ndjson',
    ])
    expect(r.stdout).toBe('{"count_":2}\n')
  })

  it('reads the query from stdin with -', async () => {
    const r = await run(
      ['query', '-', '-f', 'ndjson'],
      undefined,
      "['logs']\n| where method == 'POST'\n| project uri\n",
    )
    expect(r.stdout).toBe('{"uri":"/api/v1/payment/commit"}\n')
  })

  it('shows an APL error with a caret under the span and exits 1', async () => {
    const r = await run(['query', "['logs'] | where stauts == '500' | count"])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toBe(
      [
        'error APL0301: line: 1, col: 18: unknown field `stauts`; did you mean `status`?',
        "  ['logs'] | where stauts == '500' | count",
        '                   ^^^^^^',
        '',
      ].join('\n'),
    )
  })

  it('points at the right line of a multi-line query', async () => {
    const r = await run(['query', "['logs']\n| summarize count() by\n  methd"])
    expect(r.code).toBe(1)
    expect(r.stderr.split('\n').slice(1, 3)).toEqual(['  3 |   methd', '    |   ^^^^^'])
  })

  it('a bad time is a usage error naming the flag (exit 2); a missing store exits 1', async () => {
    const bad = await run(['query', "['logs']", '--start', 'yesterday'])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/^apldb: --start must be an RFC 3339 time .*got "yesterday"/)
    const missing = await run(['query', "['logs']", '--data', 'nowhere'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/^apldb: no store at .*nowhere: pass --data DIR/)
  })
})
