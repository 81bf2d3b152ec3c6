// Browser: the web console in real headless Chromium against `serve` with the demo data: sign in,
// run a query, see the table (virtualised, null apart from ""), a drawn chart, a zoom that rewrites
// the window, explain, an error under its span, history, the CSP header; and no request leaves the
// server's origin, no CSP violation is reported.
import type { Page } from 'puppeteer-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadDemo } from '../../src/cli/demo.ts'
import { type RunningServer, serve } from '../../src/http/index.ts'
import { type Apldb, openStore } from '../../src/index.ts'
import { ensureConsoleBuilt, launchBrowser, watch } from './browser.ts'

// The page's globals as the probes below use them (they run in Chromium; the project has no DOM lib).
// biome-ignore lint/suspicious/noExplicitAny: page objects, typed by the browser, not by this program
type Dom = any
declare const document: Dom
declare const sessionStorage: Dom
declare const localStorage: Dom
type HTMLElement = Dom
type HTMLInputElement = Dom
type HTMLSelectElement = Dom
type HTMLCanvasElement = Dom
type CanvasRenderingContext2D = Dom

const ROOT = 'xaat-console-test-root-token-0123456789ab'
let db: Apldb
let srv: RunningServer
let browser: Awaited<ReturnType<typeof launchBrowser>>
let page: Page
let seen: ReturnType<typeof watch>

beforeAll(async () => {
  await ensureConsoleBuilt()
  db = await openStore()
  await loadDemo(db, 5_000, Date.now())
  await db.datasets.create({ name: 'nulls' })
  await db.ingest('nulls', [{ k: 'a', v: '' }, { k: 'b' }, { k: 'c', v: 'x', r: 0.12345678901234566 }])
  srv = await serve(db, { port: 0, rootToken: ROOT })
  browser = await launchBrowser()
  page = await browser.browser.newPage()
  seen = watch(page)
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await srv?.close()
})

/** Replaces the editor's text by typing it (as a person would), then presses Run. */
async function setQuery(apl: string, closePopup = true) {
  await page.click('#editor .cm-content')
  await page.keyboard.down('Control')
  await page.keyboard.press('a')
  await page.keyboard.up('Control')
  await page.keyboard.press('Backspace')
  await page.keyboard.type(apl)
  if (closePopup) await page.keyboard.press('Escape')
}

async function runQuery(apl: string) {
  await setQuery(apl)
  await page.click('#run')
  await page.waitForFunction(() => !document.querySelector('#stats')?.classList.contains('running'))
}

/**
 * Waits until the results table has drawn `n` rows: it draws them on the animation frame after the
 * result arrives (console/src/results-table.ts), and the previous table is gone by then.
 */
async function rowsDrawn(n: number) {
  await page.waitForFunction((k) => document.querySelectorAll('.rt-row').length >= k, {}, n)
}

describe('web console', () => {
  it('serves the page with a strict CSP and signs in with a token', async () => {
    const res = await page.goto(srv.url, { waitUntil: 'networkidle0' })
    const csp = res?.headers()['content-security-policy'] ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("connect-src 'self'")
    expect(csp).not.toContain('unsafe-inline')
    await page.type('#token', 'xaat-wrong')
    await page.click('#signin button')
    await page.waitForFunction(() => document.querySelector('#signin-error')?.textContent !== '')
    expect(await page.$eval('#signin-error', (e) => e.textContent)).toMatch(/not valid/)
    await page.$eval('#token', (e) => {
      ;(e as HTMLInputElement).value = ''
    })
    await page.type('#token', ROOT)
    await page.click('#signin button')
    await page.waitForSelector('#editor .cm-content')
    // The token lives in this tab's session storage, never in local storage.
    expect(await page.evaluate(() => sessionStorage.getItem('apldb.token'))).toBe(ROOT)
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(ROOT)
    const options = await page.$$eval('#dataset option', (os) => os.map((o) => o.textContent))
    expect(options).toEqual(expect.arrayContaining(['sample-http-logs', 'nulls']))
  }, 60_000)

  it('runs a query: the stats, the table and a drawn time chart', async () => {
    await runQuery("['sample-http-logs'] | summarize count() by bin(_time, 1h), status")
    const stats = await page.$eval('#stats', (e) => e.textContent ?? '')
    expect(stats).toMatch(
      /rows · [\d,]+ rows examined · [\d,]+ matched · \d+ blocks examined, \d+ pruned · [\d.]+ ms/,
    )
    const rows = await page.$eval('.results-table', (e) => Number((e as HTMLElement).dataset.rows))
    expect(rows).toBeGreaterThan(100)
    // Virtualised: far fewer rows in the DOM than in the result (drawn on the next animation frame).
    await rowsDrawn(6)
    const inDom = await page.$$eval('.rt-row', (r) => r.length)
    expect(inDom).toBeGreaterThan(5)
    expect(inDom).toBeLessThan(rows)
    await page.waitForSelector('#chart canvas')
    const painted = await page.$eval('#chart canvas', (c) => {
      const canvas = c as HTMLCanvasElement
      const data = (canvas.getContext('2d') as CanvasRenderingContext2D).getImageData(
        0,
        0,
        canvas.width,
        canvas.height,
      ).data
      let n = 0
      for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) n++
      return n
    })
    expect(painted).toBeGreaterThan(1000)
  }, 60_000)

  it('zooming the time chart rewrites the window to absolute times and runs again', async () => {
    const box = await (await page.$('#chart .u-over'))?.boundingBox()
    if (!box) throw new Error('no plot area')
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 5 })
    await page.mouse.up()
    await page.waitForFunction(
      () => (document.querySelector('#time-preset') as HTMLSelectElement).value === 'custom',
    )
    await page.waitForFunction(() => !document.querySelector('#stats')?.classList.contains('running'))
    const start = await page.$eval('#time-start', (e) => (e as HTMLInputElement).value)
    expect(start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/)
  }, 60_000)

  it('render draws the chart it names (a pie as SVG slices)', async () => {
    await page.select('#time-preset', '6')
    await runQuery(
      "['sample-http-logs'] | summarize n = count() by method | render piechart with (title='methods')",
    )
    await page.waitForSelector('#chart svg path.slice')
    const slices = await page.$$eval('#chart svg path.slice', (p) => p.length)
    expect(slices).toBeGreaterThan(3)
    expect(await page.$eval('#chart figcaption', (e) => e.textContent)).toBe('methods')
  }, 60_000)

  it('shows null apart from the empty string, and every digit on hover', async () => {
    await runQuery("['nulls'] | project k, v, r | sort by k asc")
    await rowsDrawn(3)
    const cells = await page.$$eval('.rt-row', (rows) =>
      rows.map((r) =>
        [...r.querySelectorAll('.rt-td')].map(
          (c) => `${c.className}|${c.textContent}|${(c as HTMLElement).title}`,
        ),
      ),
    )
    expect(cells[0][1]).toBe('rt-td empty|""|empty string')
    expect(cells[1][1]).toBe('rt-td null|null|')
    // A real shows 6 significant digits; its tooltip holds every digit the wire carried.
    expect(cells[2][2]).toBe('rt-td num|0.123457|0.12345678901234566')
  }, 60_000)

  it('an error is shown under its span', async () => {
    await runQuery("['sample-http-logs'] | where stauts == '500'")
    await page.waitForSelector('.cm-apl-error-message')
    const marked = await page.$eval('.cm-apl-error', (e) => e.textContent)
    expect(marked).toBe('stauts')
    const message = await page.$eval('.cm-apl-error-message', (e) => e.textContent ?? '')
    expect(message).toMatch(/unknown field `stauts`; did you mean `status`\?/)
    // Indented to the span's column: the message starts under the mark.
    const [mark, msg] = await page.evaluate(() => [
      (document.querySelector('.cm-apl-error') as HTMLElement).getBoundingClientRect().left,
      (document.querySelector('.cm-apl-error-message span + span') as HTMLElement).getBoundingClientRect()
        .left,
    ])
    expect(Math.abs(mark - msg)).toBeLessThan(12)
  }, 60_000)

  it('explain shows the plans and the block figures', async () => {
    await runQuery("['sample-http-logs'] | where status == '500' | count")
    await page.click('#explain')
    await page.waitForSelector('.explain pre')
    const text = await page.$eval('.explain', (e) => e.textContent ?? '')
    expect(text).toMatch(/blocks: \d+ in the window's datasets, \d+ pruned, \d+ examined/)
    expect(text).toContain('CountRows')
  }, 60_000)

  it('keeps history in local storage and completes operators, functions and fields', async () => {
    const history = await page.evaluate(() => JSON.parse(localStorage.getItem('apldb.history') ?? '[]'))
    expect(history[0]).toBe("['sample-http-logs'] | where status == '500' | count")
    await page.select('#dataset', 'sample-http-logs')
    await setQuery("['sample-http-logs'] | summ", false)
    // The popup updates as keys arrive (a dataset list shows first while the name is typed).
    const offered = (label: string) =>
      page.waitForFunction(
        (want) =>
          [...document.querySelectorAll('.cm-completionLabel')].some((x: Dom) => x.textContent === want),
        {},
        label,
      )
    await offered('summarize')
    const ops = await page.$$eval('.cm-completionLabel', (l) => l.map((x) => x.textContent))
    expect(ops).toContain('summarize')
    await page.keyboard.press('Enter')
    await page.keyboard.type(' count(), avg(req_dur')
    await offered('req_duration_ms')
    const fields = await page.$$eval('.cm-completionLabel', (l) => l.map((x) => x.textContent))
    expect(fields).toContain('req_duration_ms')
  }, 60_000)

  it('made no request outside the server and met no CSP violation', () => {
    const origin = new URL(srv.url).origin
    expect(seen.urls.length).toBeGreaterThan(5)
    // data: URLs (the date picker's icon) never leave the page; anything on the network must go here.
    const network = seen.urls.filter((u) => !u.startsWith('data:'))
    expect(network.filter((u) => new URL(u).origin !== origin)).toEqual([])
    expect(seen.console.filter((m) => /Content Security Policy|pageerror|Refused/i.test(m))).toEqual([])
  })
})
