// exec/kernels/ip/ipv6.ts: IPv6 text as eight 16-bit groups: the parser (`::` compression, an
// embedded dotted IPv4 tail, an optional `/n` prefix; an IPv4 text maps to ::ffff:a.b.c.d), and
// comparison under a prefix. Per-value functions the ip kernels share.
import { parseIpv4 } from './ipv4.ts'

/** A parsed IPv6 text: eight 16-bit groups, most significant first, and a prefix 0–128. */
export interface Ipv6 {
  readonly groups: readonly number[]
  readonly prefix: number
}

/** The groups of `a:b::c` (with an optional dotted IPv4 tail), or null. */
function groupsOf(s: string): number[] | null {
  const halves = s.split('::')
  if (halves.length > 2) return null
  const head = halves[0] === '' ? [] : halves[0].split(':')
  const tail = halves.length === 2 && halves[1] !== '' ? halves[1].split(':') : []
  const out: number[] = []
  const read = (parts: string[], last: boolean): boolean => {
    for (let k = 0; k < parts.length; k++) {
      const p = parts[k]
      if (last && k === parts.length - 1 && p.includes('.')) {
        const v4 = parseIpv4(p)
        if (v4 === null || v4.prefix !== 32) return false
        out.push(Math.floor(v4.addr / 65536), v4.addr & 0xffff)
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(p)) return false
        out.push(Number.parseInt(p, 16))
      }
    }
    return true
  }
  const tailIsLast = halves.length === 2
  if (!read(head, !tailIsLast)) return null
  const headLen = out.length
  if (!read(tail, true)) return null
  if (halves.length === 1) return out.length === 8 ? out : null
  const missing = 8 - out.length
  if (missing < 1) return null
  out.splice(headLen, 0, ...new Array<number>(missing).fill(0))
  return out
}

/** `s` as IPv6 (IPv4 texts map to ::ffff:0:0/96 with their prefix + 96), or null. */
export function parseIpv6(s: string): Ipv6 | null {
  const slash = s.indexOf('/')
  const body = slash < 0 ? s : s.slice(0, slash)
  let prefix = 128
  if (slash >= 0) {
    const p = s.slice(slash + 1)
    if (!/^[0-9]{1,3}$/.test(p)) return null
    prefix = Number(p)
  }
  if (!body.includes(':')) {
    const v4 = parseIpv4(body)
    if (v4 === null || v4.prefix !== 32 || (slash >= 0 && prefix > 32)) return null
    return {
      groups: [0, 0, 0, 0, 0, 0xffff, Math.floor(v4.addr / 65536), v4.addr & 0xffff],
      prefix: slash < 0 ? 128 : prefix + 96,
    }
  }
  if (prefix > 128) return null
  const groups = groupsOf(body)
  return groups === null ? null : { groups, prefix }
}

/** Group `g` (0–7) of `ip` with the bits after `prefix` cleared. */
function maskedGroup(ip: Ipv6, g: number, prefix: number): number {
  const bits = prefix - g * 16
  if (bits >= 16) return ip.groups[g]
  if (bits <= 0) return 0
  return ip.groups[g] & ((0xffff << (16 - bits)) & 0xffff)
}

/** -1, 0 or 1: `a` against `b` on their first `prefix` bits. */
export function compareIpv6Bits(a: Ipv6, b: Ipv6, prefix: number): number {
  for (let g = 0; g < 8; g++) {
    const x = maskedGroup(a, g, prefix)
    const y = maskedGroup(b, g, prefix)
    if (x !== y) return x < y ? -1 : 1
  }
  return 0
}

/** -1, 0 or 1: `a` against `b` under the smallest of their prefixes and `prefix`. */
export function compareIpv6(a: Ipv6, b: Ipv6, prefix: number): number {
  return compareIpv6Bits(a, b, Math.min(a.prefix, b.prefix, prefix))
}

/** True when `ip` (masked by its own prefix) lies in `range`. */
export function inRange6(ip: Ipv6, range: Ipv6): boolean {
  const own = { groups: ip.groups.map((_, g) => maskedGroup(ip, g, ip.prefix)), prefix: 128 }
  return compareIpv6Bits(own, range, range.prefix) === 0
}
