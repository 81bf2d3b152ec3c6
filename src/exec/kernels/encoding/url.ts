// exec/kernels/encoding/url.ts: url_encode / url_decode (percent-encoding of UTF-8, space as %20),
// parse_url (RFC 3986 components, no normalisation), parse_urlquery and format_url. Per-value
// functions on the helper; objects returned are fresh per value and never mutated after.
import type { CellJson } from '../../result.ts'
import { scalarKernel } from '../executor/index.ts'

const UNRESERVED = /[A-Za-z0-9\-_.~]/

/** Every byte but the unreserved ASCII characters as `%XX` (upper-case hex); space is `%20`. */
export function urlEncode(s: string): string {
  let out = ''
  for (const ch of s) {
    if (UNRESERVED.test(ch)) out += ch
    else for (const b of Buffer.from(ch, 'utf8')) out += `%${b.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

/** Percent-decoding (`+` stays `+`); null when a `%` is not followed by two hex digits or the bytes are not UTF-8. */
export function urlDecode(s: string): string | null {
  try {
    return decodeURIComponent(s)
  } catch {
    return null
  }
}

/** Percent-decoding of one query component (`+` is a space); the raw text when malformed. */
function queryComponent(s: string): string {
  return urlDecode(s.replace(/\+/g, ' ')) ?? s
}

const URL_PARTS = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s

/**
 * An absolute URL's components, as Axiom names them: scheme, host, port, path, username, password,
 * query (the raw text after `?`), fragment; "" for an absent one. `{}` for text that is not
 * `scheme://…`.
 */
export function parseUrl(s: string): CellJson {
  const m = URL_PARTS.exec(s)
  if (m === null) return {}
  const [, scheme, authority, path, query = '', fragment = ''] = m
  const at = authority.lastIndexOf('@')
  const userinfo = at < 0 ? '' : authority.slice(0, at)
  const hostport = at < 0 ? authority : authority.slice(at + 1)
  const colon = userinfo.indexOf(':')
  const portMatch = /:(\d*)$/.exec(hostport)
  const host = portMatch === null ? hostport : hostport.slice(0, portMatch.index)
  return {
    scheme,
    host: host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host,
    port: portMatch === null ? '' : portMatch[1],
    path,
    username: colon < 0 ? userinfo : userinfo.slice(0, colon),
    password: colon < 0 ? '' : userinfo.slice(colon + 1),
    query,
    fragment,
  }
}

/** `a=1&b=2` (a leading `?` optional) as an object of decoded values; the first of a repeated key wins. */
export function parseUrlQuery(s: string): CellJson {
  const out: Record<string, CellJson> = {}
  const body = s.startsWith('?') ? s.slice(1) : s
  if (body === '') return out
  for (const pair of body.split('&')) {
    if (pair === '') continue
    const eq = pair.indexOf('=')
    const key = queryComponent(eq < 0 ? pair : pair.slice(0, eq))
    if (!Object.hasOwn(out, key)) out[key] = queryComponent(eq < 0 ? '' : pair.slice(eq + 1))
  }
  return out
}

/** The value of the first key of `parts` equal to one of `names` ignoring case, as text ("" if absent). */
function part(parts: Record<string, CellJson>, names: readonly string[]): CellJson | undefined {
  for (const k of Object.keys(parts)) if (names.includes(k.toLowerCase())) return parts[k]
  return undefined
}

const partText = (v: CellJson | undefined): string =>
  v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v)

/** A query part: text as is, an object as `k=v&…` with components percent-encoded. */
function queryText(v: CellJson | undefined): string {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    return Object.entries(v)
      .map(([k, x]) => `${urlEncode(k)}=${urlEncode(partText(x))}`)
      .join('&')
  }
  return partText(v)
}

/**
 * A URL from parts shaped like parse_url's output (keys in any case; `user` for username, `query
 * parameters` for query): `scheme://user:password@host:port/path?query#fragment`; "" without a host.
 */
export function formatUrl(parts: CellJson): string | null {
  if (parts === null || typeof parts !== 'object' || Array.isArray(parts)) return ''
  const host = partText(part(parts, ['host']))
  if (host === '') return ''
  const scheme = partText(part(parts, ['scheme']))
  const user = partText(part(parts, ['username', 'user']))
  const password = partText(part(parts, ['password']))
  const port = partText(part(parts, ['port']))
  const path = partText(part(parts, ['path']))
  const query = queryText(part(parts, ['query', 'query parameters']))
  const fragment = partText(part(parts, ['fragment']))
  let out = scheme === '' ? '//' : `${scheme}://`
  if (user !== '') out += password === '' ? `${user}@` : `${user}:${password}@`
  out += host.includes(':') ? `[${host}]` : host
  if (port !== '') out += `:${port}`
  if (path !== '') out += path.startsWith('/') ? path : `/${path}`
  if (query !== '') out += `?${query}`
  if (fragment !== '') out += `#${fragment}`
  return out
}

/** URL kernels keyed by scalar kernel key. */
export const URL_KERNELS = {
  url_encode: scalarKernel({ args: ['string'], returns: 'string', fn: urlEncode }),
  url_decode: scalarKernel({ args: ['string'], returns: 'string', fn: urlDecode }),
  parse_url: scalarKernel({ args: ['string'], returns: 'dynamic', fn: parseUrl }),
  parse_urlquery: scalarKernel({ args: ['string'], returns: 'dynamic', fn: parseUrlQuery }),
  format_url: scalarKernel({ args: ['dynamic'], returns: 'string', fn: formatUrl }),
}
