// test/cli/ingest.test.ts: `apldb ingest` through the real binary: NDJSON, gzip, JSON arrays, CSV
// with quoted line breaks, and stdin, each cut into several chunks; no progress bar when stderr is
// not a terminal; a one-line summary; failures listed with exit 1.

import { writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { httpLogs } from '../../src/cli/demo-data.ts'
import { type CliRun, runCli, tempDir } from './cli-process.ts'

const N = 3000
const tmp = tempDir()
const run = (args: string[], input?: string | Uint8Array) => runCli(args, { cwd: tmp.dir, input })
const file = (name: string) => path.join(tmp.dir, name)
const events = httpLogs(N, { seed: 7 })
const ndjson = events.map((e) => JSON.stringify(e)).join('\n')

/** The per-method counts of `dataset` as CSV (the content check shared by every format). */
const byMethod = async (dataset: string) =>
  (await run(['query', `['${dataset}'] | summarize count() by method | sort by method asc`, '-f', 'csv']))
    .stdout

const NO_TIME =
  'apldb: warning: the input has no "_time" field (name yours with --timestamp-field); events get the time they are received\n'

function expectSummary(r: CliRun, count: number, dataset: string, stderr = ''): void {
  expect(r.stderr).toBe(stderr)
  expect(r.code).toBe(0)
  expect(r.stdout).toMatch(
    new RegExp(
      `^ingested ${count.toLocaleString('en-US')} events into ${dataset} \\([\\d.]+ (B|KiB|MiB) in [\\d.]+ m?s, [\\d,]+ events/s\\)\\n$`,
    ),
  )
}

beforeAll(() => {
  writeFileSync(file('logs.ndjson'), ndjson)
  writeFileSync(file('logs.ndjson.gz'), gzipSync(ndjson))
  writeFileSync(file('logs.json'), JSON.stringify(events))
  const csv = [
    'method,uri,note',
    ...events.map((e, i) => `${e.method},${e.uri},"line one\nline ""${i}"""`),
  ].join('\r\n')
  writeFileSync(file('logs.csv.gz'), gzipSync(csv))
})
afterAll(tmp.cleanup)

describe('apldb ingest', () => {
  let reference = ''

  it('streams NDJSON in chunks, without a progress bar off a terminal', async () => {
    const r = await run(['ingest', 'nd', 'logs.ndjson', '--create', '--batch-bytes', '50000'])
    expectSummary(r, N, 'nd')
    // No carriage returns or escape sequences: nothing was drawn.
    expect(r.stdout + r.stderr).not.toContain('\r')
    expect(r.stdout + r.stderr).not.toContain('\u001b')
    reference = await byMethod('nd')
    expect(reference.split('\n').length).toBeGreaterThan(5)
  })

  it('reads gzip, JSON arrays and stdin to the same events', async () => {
    expectSummary(
      await run(['ingest', 'gz', 'logs.ndjson.gz', '--create', '--batch-bytes', '20000']),
      N,
      'gz',
    )
    expectSummary(await run(['ingest', 'arr', 'logs.json', '--create']), N, 'arr')
    expectSummary(
      await run(['ingest', 'in', '-', '--create', '--batch-bytes', '30000'], gzipSync(ndjson)),
      N,
      'in',
    )
    for (const ds of ['gz', 'arr', 'in']) expect(await byMethod(ds)).toBe(reference)
  })

  it('cuts CSV only between records: quoted line breaks stay inside their cell', async () => {
    // This CSV has no time column: the warning says so once.
    const ran = await run(['ingest', 'csv', 'logs.csv.gz', '--create', '--batch-bytes', '10000'])
    expectSummary(ran, N, 'csv', NO_TIME)
    expect(await byMethod('csv')).toBe(reference)
    const r = await run([
      'query',
      "['csv'] | where note == 'line one\\nline \"1234\"' | project method, uri",
      '-f',
      'ndjson',
    ])
    expect(r.stdout).toBe(`${JSON.stringify({ method: events[1234].method, uri: events[1234].uri })}\n`)
  })

  it('draws progress when asked even off a terminal', async () => {
    const r = await run(['ingest', 'nd', 'logs.ndjson', '--progress', '--batch-bytes', '50000'])
    expect(r.code).toBe(0)
    expect(r.stderr).toMatch(/\r\[[#.]+\] +\d+% .* events\/s/)
  })

  it('lists failed events and exits 1', async () => {
    writeFileSync(file('bad.ndjson'), '{"a":1}\n{"a":\n{"a":3}\n')
    const r = await run(['ingest', 'nd', 'bad.ndjson'])
    expect(r.code).toBe(1)
    expect(r.stdout).toMatch(/^ingested 2 events into nd .*; 1 failed\n$/)
    expect(r.stderr).toMatch(
      /^apldb: warning: the input has no "_time" field.*\n {2}failed: line 2: invalid JSON/,
    )
  })

  it('refuses a missing dataset unless --create is given, and a missing file', async () => {
    const r = await run(['ingest', 'nope', 'logs.ndjson'])
    expect(r.code).toBe(1)
    expect(r.stderr).toContain(
      'dataset "nope" does not exist: create it with `apldb datasets create nope` or pass --create',
    )
    const missing = await run(['ingest', 'nd', 'no-such-file.ndjson'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toBe('apldb: no such file: no-such-file.ndjson\n')
  })

  it('reports a corrupt gzip input', async () => {
    const gz = gzipSync(ndjson)
    writeFileSync(file('torn.ndjson.gz'), gz.subarray(0, gz.length >> 1))
    const r = await run(['ingest', 'nd', 'torn.ndjson.gz'])
    expect(r.code).toBe(1)
    expect(r.stderr).toMatch(/^apldb: cannot decompress the gzip input: /)
  })
})
