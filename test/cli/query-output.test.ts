// CLI: what `apldb query` prints, through the real binary: every format (case-insensitive), --no-header,
// -o FILE, --file, --limit, time series oldest first, terminal charts for render and time-bucketed
// results (--chart / --no-chart, sized to $COLUMNS), the bar() column, the footer.
import { readFileSync, writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli, tempDir } from './cli-process.ts'

const tmp = tempDir()
const run = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, { cwd: tmp.dir, env: { APLDB_DATA: path.join(tmp.dir, 'data'), ...env } })

// 12 hours of events, one every 10 minutes, statuses 200/500 alternating by hour.
const events = Array.from({ length: 72 }, (_, i) => ({
  _time: new Date(Date.UTC(2026, 0, 1) + i * 600_000).toISOString(),
  status: Math.floor(i / 6) % 2 === 0 ? '200' : '500',
  ms: i,
  note: i === 0 ? '' : i === 1 ? null : `n${i}`,
}))
const WINDOW = ['--start', '2026-01-01T00:00:00Z', '--end', '2026-01-02T00:00:00Z']

beforeAll(async () => {
  writeFileSync(path.join(tmp.dir, 'e.ndjson'), events.map((e) => JSON.stringify(e)).join('\n'))
  expect((await run(['ingest', 'web', 'e.ndjson', '--create'])).code).toBe(0)
}, 60_000)
afterAll(() => tmp.cleanup())

const small = "['web'] | where ms < 3 | project ms, status, note | sort by ms asc"

describe('apldb query formats', () => {
  it('tsv, markdown and vertical; names are case-insensitive', async () => {
    const tsv = await run(['query', small, '-f', 'TSV', ...WINDOW])
    expect(tsv.stdout).toBe('ms\tstatus\tnote\n0\t200\t\n1\t200\t\n2\t200\tn2\n')
    const md = await run(['query', small, '--format', 'Markdown', ...WINDOW])
    expect(md.stdout.split('\n').slice(0, 3)).toEqual([
      '| ms | status | note |',
      '| ---: | --- | --- |',
      '| 0 | 200 |  |',
    ])
    const v = await run(['query', small, '-f', 'vertical', ...WINDOW])
    expect(v.stdout.split('\n').slice(0, 5)).toEqual([
      '-[ RECORD 1 ]---',
      'ms     | 0',
      'status | 200',
      'note   | ',
      '-[ RECORD 2 ]---',
    ])
    // vertical tells null from the empty string
    expect(v.stdout).toContain('note   | null')
  })

  it('--no-header, -o FILE and --file', async () => {
    writeFileSync(path.join(tmp.dir, 'q.apl'), `${small}\n`)
    const r = await run(['query', '--file', 'q.apl', '-f', 'csv', '--no-header', '-o', 'out.csv', ...WINDOW])
    expect(r.code).toBe(0)
    expect(r.stdout).toBe('')
    expect(readFileSync(path.join(tmp.dir, 'out.csv'), 'utf8')).toBe('0,200,\n1,200,\n2,200,n2\n')
    const t = await run(['query', small, '--no-header', '--no-chart', ...WINDOW], { COLUMNS: '80' })
    expect(t.stdout.split('\n')[0]).toMatch(/^ *0 +200/)
  })

  it('--limit caps rows and says how to see more; the footer names rows, blocks and time', async () => {
    const r = await run(['query', "['web'] | project ms", '--limit', '5', '-f', 'csv', ...WINDOW])
    expect(r.stdout.trim().split('\n')).toHaveLength(6)
    expect(r.stderr).toMatch(/showing the first 5 rows; --limit N shows more \(--limit 0: all rows\)/)
    expect(r.stderr).toMatch(/5 rows · [\d,]+ rows examined · 1 block examined, 0 pruned · [\d.]+ m?s\n$/)
  })

  it('a time series reads oldest first in a table, unless the query sorts', async () => {
    const apl = "['web'] | summarize n = count() by bin(_time, 1h)"
    const t = await run(['query', apl, '--no-chart', ...WINDOW], { COLUMNS: '100' })
    const times = t.stdout
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((l) => l.split(/\s+/)[0])
    expect(times[0]).toBe('2026-01-01T00:00:00Z')
    expect(times).toEqual([...times].sort())
    const sorted = await run(['query', `${apl} | sort by _time desc`, '--no-chart', ...WINDOW])
    expect(sorted.stdout.split('\n')[2]).toMatch(/^2026-01-01T11:00:00Z/)
  })

  it('draws a time-bucketed result as a braille chart sized to $COLUMNS, with a legend', async () => {
    const r = await run(
      ['query', "['web'] | summarize count() by bin(_time, 30m), status", '--chart', ...WINDOW],
      {
        COLUMNS: '72',
      },
    )
    expect(r.code).toBe(0)
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines.some((l) => /[\u2801-\u28ff]/.test(l))).toBe(true)
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(72)
    expect(lines.some((l) => /^ +└─+$/.test(l))).toBe(true)
    expect(lines.some((l) => /00:00 .*11:30/.test(l))).toBe(true)
    expect(lines.at(-1)).toMatch(/● 200 +● 500/)
    // Off a terminal the default is the table.
    const table = await run(['query', "['web'] | summarize count() by bin(_time, 30m)", ...WINDOW])
    expect(table.stdout).toMatch(/^_time\s+count_\n/)
  })

  it('draws render: a bar chart with values, a pie as shares', async () => {
    const bar = await run(
      ['query', "['web'] | summarize n = count() by status | render barchart", '--chart', ...WINDOW],
      {
        COLUMNS: '60',
      },
    )
    expect(bar.stdout).toMatch(/^200 │█+ +36\n500 │█+ +36\n/m)
    const pie = await run(
      [
        'query',
        "['web'] | summarize n = count() by status | render piechart with (title='split')",
        '--chart',
        ...WINDOW,
      ],
      {
        COLUMNS: '60',
      },
    )
    expect(pie.stdout).toMatch(/^split\n200 │█+ +50\.0 %\n500 │█+ +50\.0 %\n$/)
    const col = await run(
      [
        'query',
        "['web'] | summarize n = count() by bin(_time, 2h), status | render columnchart with (kind=stacked)",
        '--chart',
        ...WINDOW,
      ],
      {
        COLUMNS: '80',
      },
    )
    expect(col.stdout).toMatch(/[▁▂▃▄▅▆▇█]/)
    expect(col.stdout).toMatch(/00:00 +02:00/)
  })

  it('--bar FIELD adds a bar() column scaled to the largest value', async () => {
    const r = await run([
      'query',
      "['web'] | where ms in (10, 20, 40) | project ms | sort by ms asc",
      '--bar',
      'ms',
      '--no-chart',
      ...WINDOW,
    ])
    const rows = r.stdout.split('\n').slice(2, 5)
    expect(rows[0]).toMatch(/^10 +█{7}▌$/)
    expect(rows[2]).toMatch(/^40 +█{30}$/)
    const bad = await run(['query', "['web'] | project ms", '--bar', 'nope', ...WINDOW])
    expect(bad.code).toBe(2)
    expect(bad.stderr).toMatch(/--bar nope: the result has no such field/)
  })
})
