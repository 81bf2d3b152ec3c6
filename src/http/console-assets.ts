// http/console-assets.ts: serves the web console (`dist/console/`, built by `npm run build:console`)
// at `/` and `/console/*`: files found relative to this module, so the source tree and the installed
// package both work; a strict Content-Security-Policy; nothing but GET/HEAD of the listed files.
import { randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import * as path from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Where the built console lives: `<package>/dist/console/`. From the source tree this module is
 * `src/http/` (two levels below the package); built, it is `dist/src/http/` (two levels below `dist/`).
 */
export const CONSOLE_DIR = fileURLToPath(
  new URL(import.meta.url.endsWith('.ts') ? '../../dist/console/' : '../../console/', import.meta.url),
)

/**
 * Scripts only from this origin, calls only to it, no frames, no inline script: the console holds a
 * token, so nothing else may run beside it. Styles: this origin, plus the editor's generated style
 * sheet, allowed by a nonce fresh for each page load (CodeMirror puts it on its <style> element).
 */
export function consoleCsp(nonce: string): string {
  return CSP.replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`)
}

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
}

/** The console's files by URL path, read once; undefined when the console was never built. */
function loadAssets(dir: string): Map<string, { body: Buffer; type: string }> | undefined {
  if (!existsSync(path.join(dir, 'index.html'))) return undefined
  const files = new Map<string, { body: Buffer; type: string }>()
  for (const name of readdirSync(dir)) {
    const type = TYPES[path.extname(name)]
    if (type === undefined) continue
    files.set(`/console/${name}`, { body: readFileSync(path.join(dir, name)), type })
  }
  const index = files.get('/console/index.html')
  if (index) files.set('/', index)
  return files
}

/** A request handler for the console's paths; returns false for any other path (the API's). */
export type ConsoleServer = (req: IncomingMessage, res: ServerResponse, pathname: string) => boolean

/** The console server over the built assets in `dir`. */
export function consoleServer(dir: string = CONSOLE_DIR): ConsoleServer {
  const assets = loadAssets(dir)
  return (req, res, pathname) => {
    if (pathname !== '/' && pathname !== '/console' && !pathname.startsWith('/console/')) return false
    const nonce = randomBytes(16).toString('base64')
    const headers: Record<string, string> = {
      'content-security-policy': consoleCsp(nonce),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-cache',
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' })
      res.end('method not allowed\n')
      return true
    }
    const file = assets?.get(pathname === '/console' ? '/' : pathname)
    if (file === undefined) {
      const status = assets === undefined ? 503 : 404
      const text =
        assets === undefined
          ? `the web console is not built: run \`npm run build:console\` (looked in ${dir})\n`
          : 'not found\n'
      res.writeHead(status, { ...headers, 'content-type': 'text/plain; charset=utf-8' })
      res.end(text)
      return true
    }
    const body = file.type.startsWith('text/html')
      ? Buffer.from(file.body.toString('utf8').replace('__CSP_NONCE__', nonce))
      : file.body
    res.writeHead(200, { ...headers, 'content-type': file.type, 'content-length': String(body.length) })
    res.end(req.method === 'HEAD' ? undefined : body)
    return true
  }
}
