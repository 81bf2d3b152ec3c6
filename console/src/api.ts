// console/src/api.ts: every call the console makes: the same authenticated HTTP API the official
// clients use (same origin, Bearer token), JSON read with integers beyond 2^53 kept exact.

/** A refused call: HTTP status, the server's message and its APL detail (line, column, span). */
export class ApiError extends Error {
  readonly status: number
  readonly detail: { start?: number; length?: number; code?: string } | undefined
  constructor(status: number, message: string, detail?: ApiError['detail']) {
    super(message)
    this.status = status
    this.detail = detail
  }
}

/** JSON with exact big integers: a number beyond 2^53 becomes a BigInt from its source text. */
export function parseExact(text: string): unknown {
  // The reviver's third argument (the source text) is in Chromium 114+, Firefox 135+.
  return JSON.parse(text, (_k, v, ctx?: { source?: string }) =>
    typeof v === 'number' && Number.isInteger(v) && !Number.isSafeInteger(v) && ctx?.source
      ? BigInt(ctx.source)
      : v,
  )
}

/** A response: parsed body and headers. */
export interface ApiResponse<T> {
  readonly body: T
  readonly headers: Headers
}

/** The API with one token. */
export class Api {
  readonly #token: string
  constructor(token: string) {
    this.#token = token
  }

  /** `method path` with an optional JSON body; throws ApiError unless 2xx. */
  async call<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<ApiResponse<T>> {
    const res = await fetch(path, {
      method,
      headers: {
        authorization: `Bearer ${this.#token}`,
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'omit',
    })
    const text = await res.text()
    const parsed = text === '' ? undefined : parseExact(text)
    if (!res.ok) {
      const b = (parsed ?? {}) as { message?: string; detail?: ApiError['detail'] }
      throw new ApiError(res.status, b.message ?? `${method} ${path} failed with ${res.status}`, b.detail)
    }
    return { body: parsed as T, headers: res.headers }
  }
}
