// exec/kernels/ip/ip-kernels.ts: the ip family's kernel table, keyed by the family's catalog kernel keys
// (catalog/scalar/ip.ts). Every kernel is a per-value function under the executor helper, so an IP
// column of dictionary strings is parsed once per entry; constant ranges and lists are parsed once per
// call (ip-lists.ts).
import { scalarKernel } from '../executor/index.ts'
import type { FamilyKernels } from '../kernel.ts'
import { geoInfo } from './geo-info.ts'
import { parsedList, parsedOne } from './ip-memo.ts'
import {
  compareIpv4,
  formatIpv4,
  inRange4,
  ipv4Long,
  ipv4OrNumber,
  isPrivate4,
  masked4,
  parseIpv4,
  prefixArg,
} from './ipv4.ts'
import {
  ipv4Needle,
  ipv4PrefixNeedle,
  matchesAddressOrRange,
  someIpv4InText,
  startsWithOctets,
} from './ipv4-in-text.ts'
import { compareIpv6, inRange6, parseIpv6 } from './ipv6.ts'

const v4 = parsedOne(parseIpv4)
const v6 = parsedOne(parseIpv6)
const v4List = parsedList(parseIpv4)
const v6List = parsedList(parseIpv6)
const needles = parsedList(ipv4PrefixNeedle)
const needle4 = parsedOne(ipv4Needle)
const prefixNeedle = parsedOne(ipv4PrefixNeedle)

/** A comparison of two address texts on a prefix argument (0..max, default max); null when invalid. */
function comparison<T>(parse: (s: string) => T | null, max: number, cmp: (x: T, y: T, p: number) => number) {
  return (a: string, b: string, prefix: number | undefined): number | null => {
    const x = parse(a)
    const y = parse(b)
    const p = prefixArg(prefix, max)
    return x === null || y === null || p === null ? null : cmp(x, y, p)
  }
}
const cmp4 = comparison(v4, 32, compareIpv4)
const cmp6 = comparison(v6, 128, compareIpv6)
const isZero = (c: number | null) => (c === null ? null : c === 0)

/** `format_ipv4(_mask)`: the address masked by the smaller of its own prefix and `prefix` (or ''). */
function formatMasked(ip: string, prefix: number | undefined, withSuffix: boolean): string {
  const p = prefixArg(prefix, 32)
  const a = ipv4OrNumber(ip)
  if (p === null || a === null) return ''
  const eff = Math.min(a.prefix, p)
  const text = formatIpv4(masked4(a.addr, eff))
  return withSuffix ? `${text}/${eff}` : text
}

/** Kernels of the ip family. */
export const IP_KERNELS: FamilyKernels<'ip'> = {
  parse_ipv4: scalarKernel({
    args: ['string'],
    returns: 'long',
    fn: (s) => {
      const a = parseIpv4(s)
      return a === null ? null : ipv4Long(a)
    },
  }),
  parse_ipv4_mask: scalarKernel({
    args: ['string', 'long'],
    returns: 'long',
    fn: (s, prefix) => {
      const a = parseIpv4(s)
      const p = prefixArg(prefix, 32)
      return a === null || p === null ? null : masked4(a.addr, Math.min(a.prefix, p))
    },
  }),
  format_ipv4: scalarKernel({
    args: ['string', 'long?'],
    returns: 'string',
    fn: (ip, prefix) => formatMasked(ip, prefix, false),
  }),
  format_ipv4_mask: scalarKernel({
    args: ['string', 'long?'],
    returns: 'string',
    fn: (ip, prefix) => formatMasked(ip, prefix, true),
  }),
  ipv4_compare: scalarKernel({ args: ['string', 'string', 'long?'], returns: 'long', fn: cmp4 }),
  ipv4_is_match: scalarKernel({
    args: ['string', 'string', 'long?'],
    returns: 'bool',
    fn: (a, b, prefix) => isZero(cmp4(a, b, prefix)),
  }),
  ipv4_is_in_range: scalarKernel({
    args: ['string', 'string'],
    returns: 'bool',
    fn: (ip, range) => {
      const a = parseIpv4(ip)
      const r = v4(range)
      return a === null || r === null ? null : inRange4(a, r)
    },
  }),
  ipv4_is_in_any_range: scalarKernel({
    args: ['string', 'dynamic'],
    returns: 'bool',
    fn: (ip, ranges) => {
      const a = parseIpv4(ip)
      const rs = v4List(ranges)
      if (a === null || rs === null || rs.some((r) => r === null)) return null
      return rs.some((r) => r !== null && inRange4(a, r))
    },
  }),
  ipv4_is_private: scalarKernel({
    args: ['string'],
    returns: 'bool',
    fn: (ip) => {
      const a = parseIpv4(ip)
      return a === null ? null : isPrivate4(a)
    },
  }),
  ipv4_netmask_suffix: scalarKernel({
    args: ['string'],
    returns: 'long',
    fn: (ip) => parseIpv4(ip)?.prefix ?? null,
  }),
  has_ipv4: scalarKernel({
    args: ['string', 'string'],
    returns: 'bool',
    fn: (text, ip) => {
      const needle = needle4(ip)
      return needle !== null && someIpv4InText(text, (addr) => addr === needle)
    },
  }),
  has_ipv4_prefix: scalarKernel({
    args: ['string', 'string'],
    returns: 'bool',
    fn: (text, prefix) => {
      const needle = prefixNeedle(prefix)
      return needle !== null && someIpv4InText(text, (_, octets) => startsWithOctets(octets, needle))
    },
  }),
  has_any_ipv4: scalarKernel({
    args: ['string', 'dynamic'],
    returns: 'bool',
    fn: (text, ips) => {
      const list = v4List(ips)
      if (list === null) return false
      return someIpv4InText(text, (addr) => list.some((ip) => ip !== null && matchesAddressOrRange(addr, ip)))
    },
  }),
  has_any_ipv4_prefix: scalarKernel({
    args: ['string', 'dynamic'],
    returns: 'bool',
    fn: (text, prefixes) => {
      const list = needles(prefixes)
      if (list === null) return false
      return someIpv4InText(text, (_, octets) => list.some((p) => p !== null && startsWithOctets(octets, p)))
    },
  }),
  ipv6_compare: scalarKernel({ args: ['string', 'string', 'long?'], returns: 'long', fn: cmp6 }),
  ipv6_is_match: scalarKernel({
    args: ['string', 'string', 'long?'],
    returns: 'bool',
    fn: (a, b, prefix) => isZero(cmp6(a, b, prefix)),
  }),
  ipv6_is_in_range: scalarKernel({
    args: ['string', 'string'],
    returns: 'bool',
    fn: (ip, range) => {
      const a = parseIpv6(ip)
      const r = v6(range)
      return a === null || r === null ? null : inRange6(a, r)
    },
  }),
  ipv6_is_in_any_range: scalarKernel({
    args: ['string', 'dynamic'],
    returns: 'bool',
    fn: (ip, ranges) => {
      const a = parseIpv6(ip)
      const rs = v6List(ranges)
      if (a === null || rs === null || rs.some((r) => r === null)) return null
      return rs.some((r) => r !== null && inRange6(a, r))
    },
  }),
  geo_info_from_ip_address: scalarKernel({ args: ['string'], returns: 'dynamic', fn: geoInfo }),
}
