// query/external-access.ts: what externaldata may read, as the embedding application grants it:
// `file:` URLs inside a root directory (or anywhere, the in-process default; never for the HTTP server
// unless its options say so), `http(s):` URLs only through a fetch function the application supplies.
// Each source is capped (default 5 MiB, Axiom's externaldata limit).
import { open, realpath } from 'node:fs/promises'
import { sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ExecError, type ExternalReader } from '../exec/context.ts'

/** externaldata access for one query. */
export interface ExternalDataAccess {
  /**
   * `file:` URLs: a directory they must resolve inside (symlinks followed), `'any'` for any path, or
   * null to refuse them. The in-process API defaults to `'any'`; the HTTP server to null.
   */
  readonly fileRoot?: string | 'any' | null
  /** Reads an `http:`/`https:` URL the application allows (throw to refuse); absent: refused. */
  readonly fetch?: (url: URL, maxBytes: number) => Promise<Uint8Array | string>
  /** Most bytes read from one source (default 5 MiB). */
  readonly maxBytes?: number
}

/** Axiom's limit on one externaldata source. */
export const EXTERNAL_MAX_BYTES = 5 * 1024 * 1024

const refused = (message: string) => new ExecError('external_data_refused', `externaldata: ${message}`)
const invalid = (message: string) => new ExecError('external_data_invalid', `externaldata: ${message}`)

/** The reader of `access` (see module header). */
export function externalReader(access: ExternalDataAccess): ExternalReader {
  const max = access.maxBytes ?? EXTERNAL_MAX_BYTES
  return async (href) => {
    const url = new URL(href)
    if (url.protocol === 'file:') return readFile(url, access.fileRoot ?? null, max)
    if (access.fetch === undefined) throw refused(`${href}: remote URLs are not allowed here`)
    const body = await access.fetch(url, max)
    const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body
    if (bytes.byteLength > max) throw invalid(`${href} is larger than ${max} bytes`)
    return bytes
  }
}

async function readFile(url: URL, root: string | null, max: number): Promise<Uint8Array> {
  if (root === null) throw refused(`${url.href}: file: URLs are not allowed here`)
  let path: string
  try {
    path = await realpath(fileURLToPath(url))
  } catch (e) {
    throw invalid(`${url.href} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`)
  }
  if (root !== 'any') {
    const base = await realpath(root)
    if (path !== base && !path.startsWith(base.endsWith(sep) ? base : base + sep)) {
      throw refused(`${url.href} is outside the directory externaldata may read`)
    }
  }
  const file = await open(path, 'r').catch((e: NodeJS.ErrnoException) => {
    throw invalid(`${url.href} cannot be read (${e.code ?? 'error'})`)
  })
  try {
    const size = (await file.stat()).size
    if (!(await file.stat()).isFile()) throw invalid(`${url.href} is not a file`)
    if (size > max) throw invalid(`${url.href} is ${size} bytes, more than the ${max} one source may have`)
    const buf = new Uint8Array(size)
    const { bytesRead } = await file.read(buf, 0, size, 0)
    return buf.subarray(0, bytesRead)
  } finally {
    await file.close()
  }
}
