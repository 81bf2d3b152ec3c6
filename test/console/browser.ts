// test/console/browser.ts: shared fixture of the console tests: builds the console when its files are
// missing, starts Debian's headless Chromium through puppeteer-core with a fresh profile and no
// background traffic, and records every request a page makes. Not a test.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import { buildConsole } from '../../scripts/build-console.ts'
import { CONSOLE_DIR } from '../../src/http/console-assets.ts'

/** Debian's Chromium (`apt-get install chromium`, done by .ci/run). */
export const CHROMIUM = process.env.APLDB_CHROMIUM ?? '/usr/bin/chromium'

/** Builds dist/console unless it is there. */
export async function ensureConsoleBuilt(): Promise<void> {
  if (!existsSync(path.join(CONSOLE_DIR, 'app.js'))) await buildConsole()
}

/** A headless browser with its own profile directory, removed on close. */
export async function launchBrowser(): Promise<{ browser: Browser; close(): Promise<void> }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'apldb-chromium-'))
  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      `--user-data-dir=${profile}`,
    ],
    defaultViewport: { width: 1280, height: 900 },
  })
  return {
    browser,
    close: async () => {
      await browser.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/** Every URL the page requests and every console message, recorded from now on. */
export function watch(page: Page): { urls: string[]; console: string[] } {
  const out = { urls: [] as string[], console: [] as string[] }
  page.on('request', (r) => out.urls.push(r.url()))
  page.on('console', (m) => out.console.push(`${m.type()}: ${m.text()}`))
  page.on('pageerror', (e) => out.console.push(`pageerror: ${(e as Error).message}`))
  return out
}
