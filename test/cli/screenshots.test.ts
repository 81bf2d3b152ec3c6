// The README's pictures are not stale: the terminal chart the CLI draws today and the console's
// sources hash to what docs/img/screenshots.json recorded when `node scripts/gen-screenshots.ts`
// last painted them (the pictures themselves depend on fonts, so the inputs are compared).

import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { consoleSourceHash, IMG_DIR, shotStore, terminalChartText } from '../../scripts/gen-screenshots.ts'

describe('README screenshots', () => {
  it('match the current console sources and terminal chart (else run node scripts/gen-screenshots.ts)', async () => {
    const manifest = JSON.parse(readFileSync(path.join(IMG_DIR, 'screenshots.json'), 'utf8'))
    const db = await shotStore()
    const text = await terminalChartText(db)
    await db.close()
    const hint = 'stale: run `node scripts/gen-screenshots.ts` and commit docs/img'
    expect(createHash('sha256').update(text).digest('hex'), hint).toBe(manifest.terminalChart)
    expect(consoleSourceHash(), hint).toBe(manifest.console)
    for (const f of ['console.png', 'terminal-chart.png']) {
      const png = readFileSync(path.join(IMG_DIR, f))
      expect(png.subarray(1, 4).toString()).toBe('PNG')
    }
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    expect(readme).toContain('](docs/img/console.png)')
    expect(readme).toContain('](docs/img/terminal-chart.png)')
  }, 60_000)
})
