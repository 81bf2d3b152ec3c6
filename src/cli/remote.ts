// cli/remote.ts: the command line's HTTP client for a running apldb (or Axiom) server: bearer token,
// JSON in and out, errors turned into RemoteError with the server's message. No retries.

import { parseJsonExact } from '../util/json-exact.ts'
import { CliError } from './errors.ts'

/** A non-2xx answer: HTTP status, the server's `message`, and the parsed body when it was JSON. */
export class RemoteError extends Error {
  override readonly name = 'RemoteError'
  readonly status: number
  readonly body: unknown
  constructor(status: number, message: string, body: unknown) {
    super(message)
    this.status = status
    this.body = body
  }
}

/** A request body: JSON (an object) or raw bytes/text with their content type. */
export type RemoteBody =
  | { readonly json: unknown }
  | {
      readonly raw: string | Uint8Array
      readonly contentType: string
      /** Extra request headers (`X-Axiom-CSV-Fields`). */
      readonly headers?: Readonly<Record<string, string>>
    }

/** Talks to one server with one token. */
export class RemoteClient {
  /** Base URL without a trailing slash. */
  readonly url: string
  readonly #token: string

  constructor(url: string, token: string) {
    this.url = url.replace(/\/+$/, '')
    this.#token = token
  }

  /** Sends a request and returns the response text (empty for 204); throws RemoteError when not 2xx. */
  async text(method: string, route: string, body?: RemoteBody): Promise<string> {
    return (await this.request(method, route, body)).text
  }

  /** Sends a request; the response text and headers. Throws RemoteError when not 2xx. */
  async request(
    method: string,
    route: string,
    body?: RemoteBody,
  ): Promise<{ text: string; headers: Headers }> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.#token}`,
      accept: 'application/json',
    }
    let payload: string | Uint8Array | undefined
    if (body !== undefined && 'json' in body) {
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(body.json)
    } else if (body !== undefined) {
      Object.assign(headers, body.headers)
      headers['content-type'] = body.contentType
      payload = body.raw
    }
    let res: Response
    try {
      res = await fetch(this.url + route, { method, headers, body: payload })
    } catch (e) {
      const cause = (e as { cause?: { code?: string; message?: string } }).cause
      const why = cause?.code ?? cause?.message ?? (e instanceof Error ? e.message : String(e))
      throw new CliError(`cannot reach ${this.url} (${why}); is \`apldb serve\` running there?`, { cause: e })
    }
    const text = await res.text()
    if (res.ok) return { text, headers: res.headers }
    throw remoteError(method, route, res.status, text)
  }

  /** Sends a request and parses the JSON answer (big integers kept exact); undefined for an empty body. */
  async json(method: string, route: string, body?: RemoteBody): Promise<unknown> {
    const text = await this.text(method, route, body)
    return text === '' ? undefined : parseJsonExact(text)
  }
}

function remoteError(method: string, route: string, status: number, text: string): RemoteError {
  let body: unknown = text
  let message = text.trim()
  try {
    body = JSON.parse(text)
    const m = (body as { message?: unknown } | null)?.message
    if (typeof m === 'string' && m !== '') message = m
  } catch {
    // not JSON: keep the raw text as the message
  }
  const path = route.split('?')[0]
  return new RemoteError(status, `${method} ${path} failed with ${status}: ${message || 'no message'}`, body)
}
