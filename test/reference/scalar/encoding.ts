// test/reference/scalar/encoding.ts: the reference's encoding functions, row at a time: base64 to and
// from text and byte arrays, code points, url_encode/url_decode, parse_url, parse_urlquery,
// format_url, parse_csv, parse_path. Written from Axiom's pages (Kusto's where silent; rules S10–S14).

import type { Json, Value } from '../values.ts'
import { type FamilyImpls, strict, text } from './define.ts'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

/** RFC 4648 encoding, written out (rule S10). */
function encode64(bytes: readonly number[]): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = bytes.slice(i, i + 3)
    const n = (chunk[0] << 16) | ((chunk[1] ?? 0) << 8) | (chunk[2] ?? 0)
    const chars = [18, 12, 6, 0].map((s) => ALPHABET[(n >> s) & 63])
    out += chars.slice(0, chunk.length + 1).join('') + '='.repeat(3 - chunk.length)
  }
  return out
}

/** RFC 4648 decoding of padded text; null when it is not that (rule S10). */
function decode64(s: string): number[] | null {
  if (s.length % 4 !== 0) return null
  const out: number[] = []
  for (let i = 0; i < s.length; i += 4) {
    const quad = s.slice(i, i + 4)
    const pad = quad.endsWith('==') ? 2 : quad.endsWith('=') ? 1 : 0
    if (pad > 0 && i + 4 !== s.length) return null
    const idx = [...quad.slice(0, 4 - pad)].map((c) => ALPHABET.indexOf(c))
    if (idx.some((k) => k < 0)) return null
    const n = idx.reduce((acc, k, j) => acc | (k << (18 - 6 * j)), 0)
    out.push(...[(n >> 16) & 255, (n >> 8) & 255, n & 255].slice(0, 3 - pad))
  }
  return out
}

const utf8 = (s: string): number[] => [...new TextEncoder().encode(s)]

function utf8Text(bytes: readonly number[]): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes))
  } catch {
    return null
  }
}

const isArray = (v: Value): v is readonly Json[] => Array.isArray(v)
/** A JSON element read back from a reference value (a long element is a bigint). */
const num = (x: unknown): number | null =>
  typeof x === 'bigint' ? Number(x) : typeof x === 'number' ? x : null

/** Rule S11: RFC 3986 unreserved characters stay, all else `%XX` of its UTF-8 bytes. */
function percentEncode(s: string): string {
  return [...s]
    .map((ch) =>
      /^[A-Za-z0-9_.~-]$/.test(ch)
        ? ch
        : utf8(ch)
            .map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`)
            .join(''),
    )
    .join('')
}

/** Rule S11: `%XX` to bytes, the bytes as UTF-8; null when malformed. */
function percentDecode(s: string): string | null {
  const bytes: number[] = []
  const chars = [...s]
  for (let i = 0; i < chars.length; i++) {
    if (chars[i] !== '%') {
      bytes.push(...utf8(chars[i]))
      continue
    }
    const hex = (chars[i + 1] ?? '') + (chars[i + 2] ?? '')
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return null
    bytes.push(Number.parseInt(hex, 16))
    i += 2
  }
  return utf8Text(bytes)
}

/** Rule S12. */
function urlParts(s: string): Value {
  const m = /^([A-Za-z][-A-Za-z0-9+.]*):\/\/([^/?#]*)(.*)$/s.exec(s)
  if (m === null) return {}
  let rest = m[3]
  let fragment = ''
  let query = ''
  const hash = rest.indexOf('#')
  if (hash >= 0) [rest, fragment] = [rest.slice(0, hash), rest.slice(hash + 1)]
  const q = rest.indexOf('?')
  if (q >= 0) [rest, query] = [rest.slice(0, q), rest.slice(q + 1)]
  const auth = m[2]
  const userEnd = auth.lastIndexOf('@')
  const [userinfo, hostport] = userEnd >= 0 ? [auth.slice(0, userEnd), auth.slice(userEnd + 1)] : ['', auth]
  const [username, ...pw] = userinfo.split(':')
  const port = /:([0-9]*)$/.exec(hostport)
  let host = port ? hostport.slice(0, hostport.length - port[0].length) : hostport
  if (/^\[.*\]$/.test(host)) host = host.slice(1, -1)
  return {
    scheme: m[1],
    host,
    port: port ? port[1] : '',
    path: rest,
    username,
    password: pw.join(':'),
    query,
    fragment,
  }
}

/** Rule S13. */
function queryParams(s: string): Value {
  const out: Record<string, Json> = {}
  for (const pair of s.replace(/^\?/, '').split('&')) {
    if (pair === '') continue
    const [k, ...v] = pair.split('=')
    const dec = (x: string) => percentDecode(x.replaceAll('+', ' ')) ?? x
    const key = dec(k)
    if (!(key in out)) out[key] = dec(v.join('='))
  }
  return out
}

/** Rule S12 (format_url). */
function buildUrl(parts: Value): Value {
  if (parts === null || typeof parts !== 'object' || Array.isArray(parts)) return ''
  const entries = Object.entries(parts as Record<string, Json>)
  const get = (...names: string[]): string => {
    const hit = entries.find(([k]) => names.includes(k.toLowerCase()))
    if (hit === undefined || hit[1] === null) return ''
    return typeof hit[1] === 'object' ? JSON.stringify(hit[1]) : String(hit[1])
  }
  const host = get('host')
  if (host === '') return ''
  const rawQuery = entries.find(([k]) => ['query', 'query parameters'].includes(k.toLowerCase()))?.[1]
  const query =
    rawQuery !== null && typeof rawQuery === 'object' && !Array.isArray(rawQuery)
      ? Object.entries(rawQuery)
          .map(
            ([k, v]) =>
              `${percentEncode(k)}=${percentEncode(v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v))}`,
          )
          .join('&')
      : get('query', 'query parameters')
  const scheme = get('scheme')
  const user = get('username', 'user')
  const password = get('password')
  const path = get('path')
  return [
    scheme === '' ? '//' : `${scheme}://`,
    user === '' ? '' : password === '' ? `${user}@` : `${user}:${password}@`,
    host.includes(':') ? `[${host}]` : host,
    get('port') === '' ? '' : `:${get('port')}`,
    path === '' ? '' : path.startsWith('/') ? path : `/${path}`,
    query === '' ? '' : `?${query}`,
    get('fragment') === '' ? '' : `#${get('fragment')}`,
  ].join('')
}

/** Rule S14: one CSV record. */
function csvFields(s: string): string[] {
  const out: string[] = []
  let cur = ''
  let state: 'start' | 'plain' | 'quoted' | 'quote-seen' = 'start'
  for (const ch of s) {
    if (state === 'quoted') {
      if (ch === '"') state = 'quote-seen'
      else cur += ch
    } else if (state === 'quote-seen' && ch === '"') {
      cur += '"'
      state = 'quoted'
    } else if (ch === ',') {
      out.push(cur)
      cur = ''
      state = 'start'
    } else if (state === 'start' && ch === '"') state = 'quoted'
    else {
      cur += ch
      state = 'plain'
    }
  }
  out.push(cur)
  return out
}

/** Rule S14: Kusto's parse_path fields. */
function pathParts(s: string): Value {
  const url = /^([A-Za-z][-A-Za-z0-9+.]*):\/\/([^/\\]*)/.exec(s)
  const unc = /^\\\\([^\\/]*)/.exec(s)
  const drive = /^[A-Za-z]:/.exec(s)
  const scheme = url ? url[1] : ''
  const root = url ? url[2] : unc ? unc[1] : drive ? drive[0] : ''
  const sep = Math.max(s.lastIndexOf('/'), s.lastIndexOf('\\'))
  const dir = sep >= 0 ? s.slice(0, sep) : ''
  let file = s.slice(sep + 1)
  let stream = ''
  const colon = file.indexOf(':')
  if (colon >= 0 && !(sep < 0 && /^[A-Za-z]:/.test(file)))
    [file, stream] = [file.slice(0, colon), file.slice(colon + 1)]
  const dirName = dir.split(/[\\/]/).pop() ?? ''
  const dot = file.lastIndexOf('.')
  return {
    Scheme: scheme,
    RootPath: root,
    DirectoryPath: dir,
    DirectoryName: dirName,
    Filename: file,
    Extension: dot >= 0 ? file.slice(dot + 1) : '',
    AlternateDataStreamName: stream,
  }
}

/** The encoding family. */
export const ENCODING: FamilyImpls<'encoding'> = {
  base64_encode_tostring: strict(([s]) => encode64(utf8(text(s)))),
  base64_decode_tostring: strict(([s]) => {
    const bytes = decode64(text(s))
    return bytes === null ? null : utf8Text(bytes)
  }),
  base64_decode_toarray: strict(([s]) => decode64(text(s)) ?? []),
  base64_encode_fromarray: strict(([a]) => {
    if (!isArray(a)) return ''
    const bytes = a.map(num)
    return bytes.every((b) => b !== null && Number.isInteger(b) && b >= 0 && b <= 255)
      ? encode64(bytes as number[])
      : ''
  }),
  unicode_codepoints_from_string: strict(([s]) =>
    [...text(s)].map((ch) => {
      const c = ch.codePointAt(0) as number
      return c >= 0xd800 && c < 0xe000 ? 0xfffd : c
    }),
  ),
  unicode_codepoints_to_string: strict(([a]) => {
    if (!isArray(a)) return null
    const cps = a.map(num)
    const ok = cps.every(
      (c) => c !== null && Number.isInteger(c) && c >= 0 && c <= 0x10ffff && !(c >= 0xd800 && c < 0xe000),
    )
    return ok ? String.fromCodePoint(...(cps as number[])) : null
  }),
  url_encode: strict(([s]) => percentEncode(text(s))),
  url_decode: strict(([s]) => percentDecode(text(s))),
  parse_url: strict(([s]) => urlParts(text(s))),
  parse_urlquery: strict(([s]) => queryParams(text(s))),
  format_url: strict(([p]) => buildUrl(p)),
  parse_csv: strict(([s]) => csvFields(text(s))),
  parse_path: strict(([s]) => pathParts(text(s))),
}
