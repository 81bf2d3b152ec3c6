// CLI: a 200,000-row NDJSON export streams: the rows arrive page by page (no request asks for more
// than a page), the first row long before the last, every row exactly once, newest first, with the
// same rows as one in-process query; prints time to first row, total time and peak memory.
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import * as path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FIRST_PAGE_ROWS, PAGE_ROWS, queryPages } from '../../src/cli/query-pages.ts'
import { embeddedRunner } from '../../src/cli/query-target.ts'
import { openStore } from '../../src/index.ts'
import { BIN, tempDir } from './cli-process.ts'

const N = 200_000
const tmp = tempDir()
const data = path.join(tmp.dir, 'data')
const T0 = Date.UTC(2026, 0, 1)

beforeAll(async () => {
  const db = await openStore({ path: data, durability: 'none' })
  await db.datasets.create({ name: 'big' })
  // Many events share a second (and some a nanosecond): page boundaries must not lose or repeat them.
  for (let off = 0; off < N; off += 20_000) {
    const batch = Array.from({ length: 20_000 }, (_, k) => {
      const i = off + k
      return { _time: new Date(T0 + Math.floor(i / 3) * 1000).toISOString(), i, s: `v${i % 7}` }
    })
    await db.ingest('big', batch)
  }
  await db.close()
}, 180_000)
afterAll(() => tmp.cleanup())

describe('streamed export', () => {
  it('pages never exceed the page size and cover every row once', async () => {
    const db = await openStore({ path: data })
    try {
      const sizes: number[] = []
      const run = embeddedRunner(db)
      const counting: typeof run = async (apl, w, limit) => {
        sizes.push(limit ?? -1)
        return run(apl, w, limit)
      }
      const seen = new Set<number>()
      for await (const page of queryPages(
        counting,
        "['big'] | project _time, i",
        {},
        Number.POSITIVE_INFINITY,
      )) {
        const t = page.response.tables[0]
        for (const v of t.columns?.[t.fields.findIndex((f) => f.name === 'i')] ?? []) seen.add(Number(v))
      }
      expect(seen.size).toBe(N)
      expect(sizes[0]).toBe(FIRST_PAGE_ROWS)
      expect(Math.max(...sizes)).toBe(PAGE_ROWS)
      expect(sizes.length).toBeGreaterThan(N / PAGE_ROWS)
    } finally {
      await db.close()
    }
  }, 180_000)

  it('apldb query --limit 0 -f ndjson writes the first row before the last page is fetched', async () => {
    const started = performance.now()
    const child = spawn(
      process.execPath,
      [BIN, 'query', "['big'] | project _time, i", '--limit', '0', '-f', 'ndjson', '-o', 'out.ndjson'],
      {
        cwd: tmp.dir,
        env: { ...process.env, APLDB_DATA: data },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    // Watch the output file grow and the process's peak memory while it runs.
    let firstRowMs: number | undefined
    let peakKiB = 0
    const out = path.join(tmp.dir, 'out.ndjson')
    const sampler = setInterval(() => {
      try {
        if (firstRowMs === undefined && readFileSync(out).length > 0) firstRowMs = performance.now() - started
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
        peakKiB = Math.max(peakKiB, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0))
      } catch {
        // not started yet, or already gone
      }
    }, 20)
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d
    })
    const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)))
    clearInterval(sampler)
    const totalMs = performance.now() - started
    expect(code, stderr).toBe(0)
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n')
    expect(lines).toHaveLength(N)
    const rows = lines.map((l) => JSON.parse(l) as { _time: string; i: number })
    expect(new Set(rows.map((r) => r.i)).size).toBe(N)
    for (let k = 1; k < rows.length; k++) expect(rows[k]._time <= rows[k - 1]._time).toBe(true)
    expect(stderr).toMatch(/^200,000 rows · /)
    console.log(
      `stream-export rows=${N} first_row_ms=${firstRowMs?.toFixed(0)} total_ms=${totalMs.toFixed(0)} peak_rss_mib=${(peakKiB / 1024).toFixed(0)}`,
    )
    expect(firstRowMs).toBeDefined()
    expect(firstRowMs as number).toBeLessThan(totalMs)
  }, 180_000)
})
