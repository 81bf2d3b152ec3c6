// service/router.ts: matches a request path against the route table's patterns (first matching
// row wins) and percent-decodes `{param}` segments. Knows nothing about auth or handlers.
import type { Route } from './route-types.ts'
import { badRequest } from './service-error.ts'

/** A matched route with its decoded path parameters. */
export interface RouteMatch {
  readonly route: Route
  readonly params: Readonly<Record<string, string>>
}

/** What matching found: a route, a path served under other methods (405), or nothing (404). */
export type MatchResult =
  | { readonly kind: 'route'; readonly match: RouteMatch }
  | { readonly kind: 'method'; readonly allow: readonly string[] }
  | { readonly kind: 'none' }

interface Compiled {
  readonly route: Route
  /** A literal segment, or `{name}` → the parameter name. */
  readonly parts: readonly { readonly literal?: string; readonly param?: string }[]
}

function compile(route: Route): Compiled {
  const parts = route.path
    .split('/')
    .slice(1)
    .map((s) => (s.startsWith('{') && s.endsWith('}') ? { param: s.slice(1, -1) } : { literal: s }))
  return { route, parts }
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw badRequest('invalid_path', 'the path has a malformed percent-encoding')
  }
}

/** A router over a fixed table. */
export class Router {
  readonly #table: readonly Compiled[]

  constructor(routes: readonly Route[]) {
    this.#table = routes.map(compile)
  }

  /** Matches `method` and `path` (without query string; one trailing slash is ignored). */
  match(method: string, path: string): MatchResult {
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
    const segs = trimmed.split('/').slice(1)
    const allow: string[] = []
    for (const c of this.#table) {
      const params = this.#params(c, segs)
      if (!params) continue
      if (c.route.method === method) return { kind: 'route', match: { route: c.route, params } }
      allow.push(c.route.method)
    }
    return allow.length > 0 ? { kind: 'method', allow } : { kind: 'none' }
  }

  #params(c: Compiled, segs: readonly string[]): Record<string, string> | undefined {
    if (c.parts.length !== segs.length) return undefined
    const params: Record<string, string> = Object.create(null)
    for (let i = 0; i < segs.length; i++) {
      const p = c.parts[i]
      if (p.literal !== undefined) {
        if (p.literal !== segs[i]) return undefined
      } else {
        if (segs[i] === '') return undefined
        params[p.param as string] = decode(segs[i])
      }
    }
    return params
  }
}
