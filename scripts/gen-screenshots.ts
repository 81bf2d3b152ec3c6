// scripts/gen-screenshots.ts: the README's pictures: the web console in Debian's headless Chromium
// and a terminal chart (the CLI's ANSI text painted as a terminal), both over the seeded demo data
// at a fixed clock. Writes docs/img/{console,terminal-chart}.png and docs/img/screenshots.json, the
// hashes a test compares to tell when the pictures are stale. Run `node scripts/gen-screenshots.ts`.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import * as path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildChart, chartFor } from '../src/chart/chart-model.ts'
import { termChart } from '../src/cli/chart/term-chart.ts'
import { loadDemo } from '../src/cli/demo.ts'
import { type Apldb, openStore } from '../src/index.ts'
import type { TabularResponse } from '../src/wire/index.ts'

/** ANSI colour escapes (SGR): the escape character is what they are made of. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching terminal escapes is the point
const SGR_SPLIT = /(\u001b\[\d+m)/
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching terminal escapes is the point
const SGR_ONE = /^\u001b\[(\d+)m$/

const ROOT = fileURLToPath(new URL('..', import.meta.url))
/** Where the pictures and their manifest live. */
export const IMG_DIR = path.join(ROOT, 'docs/img')
/** The fixed "now" of the pictures' store (the demo's seven days end here). */
export const SHOT_NOW_MS = Date.UTC(2026, 0, 8)
/** The query both pictures show. */
export const SHOT_QUERY =
  "['sample-http-logs']\n| summarize count() by bin(_time, 1h), status\n| render timechart with (title='requests by status')"
const WINDOW = { startTime: '2026-01-07T00:00:00Z', endTime: '2026-01-08T00:00:00Z' }

/** The demo store at the fixed clock (in memory). */
export async function shotStore(): Promise<Apldb> {
  const db = await openStore({ clock: () => BigInt(SHOT_NOW_MS) * 1_000_000n })
  await loadDemo(db, 20_000, SHOT_NOW_MS)
  return db
}

/** The terminal chart of SHOT_QUERY as the CLI prints it on a 100-column terminal, in colour. */
export async function terminalChartText(db: Apldb): Promise<string> {
  const res = (await db.query(SHOT_QUERY, WINDOW)) as TabularResponse
  const t = res.tables[0]
  const model = buildChart(t, chartFor(t, res.visualization) ?? { type: 'timechart' }, 8)
  if (model === undefined) throw new Error('no chart')
  return termChart(model, { width: 100, height: 16, colour: true })
}

/** sha256 of the console's sources and the versions of the libraries it bundles. */
export function consoleSourceHash(): string {
  const h = createHash('sha256')
  const dir = path.join(ROOT, 'console/src')
  for (const f of readdirSync(dir).sort()) h.update(f).update(readFileSync(path.join(dir, f)))
  h.update(readFileSync(path.join(ROOT, 'console/index.html')))
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>
  }
  for (const p of [
    'uplot',
    '@codemirror/view',
    '@codemirror/state',
    '@codemirror/language',
    '@codemirror/autocomplete',
  ]) {
    h.update(`${p}@${lock.packages[`node_modules/${p}`]?.version}`)
  }
  return h.digest('hex')
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex')

const COLOURS: Record<string, string> = {
  '32': '#3fb950',
  '34': '#58a6ff',
  '33': '#d29922',
  '35': '#bc8cff',
  '36': '#39c5cf',
  '31': '#f85149',
  '37': '#e6edf3',
  '90': '#8b949e',
}

/** ANSI text → an HTML page looking like a dark terminal (no scripts): one fixed-width cell per character. */
function terminalHtml(text: string, command: string): string {
  const esc = (c: string) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c)
  const lines = `$ ${command}\n${text}`.trimEnd().split('\n')
  const rows = lines.map((line) => {
    let colour = '#e6edf3'
    let html = ''
    for (const part of line.split(SGR_SPLIT)) {
      const code = SGR_ONE.exec(part)?.[1]
      if (code !== undefined) colour = code === '0' ? '#e6edf3' : (COLOURS[code] ?? '#e6edf3')
      else for (const ch of part) html += `<span style="color:${colour}">${esc(ch)}</span>`
    }
    return `<div>${html || '&nbsp;'}</div>`
  })
  // Each character gets one cell, so glyphs from a fallback font (braille) cannot widen a line.
  const css =
    'body{margin:0;background:#0d1117}#t{display:inline-block;padding:14px 16px;font:14px/1.25 "DejaVu Sans Mono",monospace;color:#e6edf3}#t span{display:inline-block;width:8.5px;text-align:center;overflow:hidden;white-space:pre}'
  return `<!doctype html><meta charset="utf-8"><style>${css}</style><body><div id="t">${rows.join('')}</div></body>`
}

async function main() {
  const { ensureConsoleBuilt, launchBrowser } = await import('../test/console/browser.ts')
  const { serve } = await import('../src/http/index.ts')
  await ensureConsoleBuilt()
  const db = await shotStore()
  const text = await terminalChartText(db)
  const token = 'xaat-screenshot-root-token-0000000000000'
  const srv = await serve(db, { port: 0, rootToken: token })
  const browser = await launchBrowser()
  try {
    const page = await browser.browser.newPage()
    await page.setViewport({ width: 1280, height: 860, deviceScaleFactor: 1 })
    await page.goto(srv.url, { waitUntil: 'networkidle0' })
    await page.type('#token', token)
    await page.click('#signin button')
    await page.waitForSelector('#editor .cm-content')
    await page.select('#time-preset', '3')
    await page.click('#editor .cm-content')
    await page.keyboard.down('Control')
    await page.keyboard.press('a')
    await page.keyboard.up('Control')
    await page.keyboard.press('Backspace')
    for (const [i, line] of SHOT_QUERY.split('\n').entries()) {
      if (i > 0) await page.keyboard.press('Enter')
      await page.keyboard.type(line)
      await page.keyboard.press('Escape')
    }
    await page.click('#run')
    await page.waitForSelector('#chart canvas')
    await new Promise((r) => setTimeout(r, 500))
    await page.screenshot({ path: path.join(IMG_DIR, 'console.png') })
    const term = await browser.browser.newPage()
    await term.setViewport({ width: 1000, height: 400, deviceScaleFactor: 1 })
    const command = `apldb query "${SHOT_QUERY.replace(/\n/g, ' ')}" --start now-24h`
    await term.setContent(terminalHtml(text, command))
    const pre = await term.$('#t')
    await pre?.screenshot({ path: path.join(IMG_DIR, 'terminal-chart.png') })
  } finally {
    await browser.close()
    await srv.close()
  }
  const manifest = { console: consoleSourceHash(), terminalChart: sha(text) }
  writeFileSync(path.join(IMG_DIR, 'screenshots.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  console.log('wrote docs/img/console.png, docs/img/terminal-chart.png, docs/img/screenshots.json')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
