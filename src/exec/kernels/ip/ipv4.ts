// exec/kernels/ip/ipv4.ts: IPv4 text as numbers: the dotted-quad parser with its optional
// IP-prefix (CIDR) suffix, masks, and the dotted text of a number. Per-value functions the ip
// kernels share; no allocation beyond the parsed pair.

/** A parsed IPv4 text: the address as an unsigned 32-bit number and its prefix (32 without `/n`). */
export interface Ipv4 {
  readonly addr: number
  readonly prefix: number
}

const DOT = 46
const SLASH = 47
const ZERO = 48

/**
 * `a.b.c.d` or `a.b.c.d/n`: four decimal octets of 1–3 digits, each ≤ 255, and a prefix of 1–2
 * digits ≤ 32; anything else (spaces, signs, hex, fewer octets) is null.
 */
export function parseIpv4(s: string): Ipv4 | null {
  const n = s.length
  let i = 0
  let addr = 0
  for (let octet = 0; octet < 4; octet++) {
    if (octet > 0) {
      if (s.charCodeAt(i) !== DOT) return null
      i++
    }
    const start = i
    let v = 0
    while (i < n && i - start < 4) {
      const d = s.charCodeAt(i) - ZERO
      if (d < 0 || d > 9) break
      v = v * 10 + d
      i++
    }
    if (i === start || i - start > 3 || v > 255) return null
    addr = addr * 256 + v
  }
  if (i === n) return { addr, prefix: 32 }
  if (s.charCodeAt(i) !== SLASH) return null
  const prefix = smallInt(s, i + 1, 2)
  return prefix === null || prefix > 32 ? null : { addr, prefix }
}

/** The decimal number of 1..`maxDigits` digits filling `s` from `from` to its end, or null. */
export function smallInt(s: string, from: number, maxDigits: number): number | null {
  const len = s.length - from
  if (len < 1 || len > maxDigits) return null
  let v = 0
  for (let i = from; i < s.length; i++) {
    const d = s.charCodeAt(i) - ZERO
    if (d < 0 || d > 9) return null
    v = v * 10 + d
  }
  return v
}

/** The netmask of a prefix length 0–32, as an unsigned 32-bit number. */
export function mask4(prefix: number): number {
  return prefix <= 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0
}

/** `addr` with the bits after `prefix` cleared. */
export function masked4(addr: number, prefix: number): number {
  return (addr & mask4(prefix)) >>> 0
}

/** The dotted-quad text of an unsigned 32-bit number. */
export function formatIpv4(addr: number): string {
  return `${Math.floor(addr / 16777216)}.${(addr >>> 16) & 255}.${(addr >>> 8) & 255}.${addr & 255}`
}

/** A prefix argument 0..max as an integer, or null (a fraction, negative or too large). */
export function prefixArg(p: number | undefined, max: number): number | null {
  if (p === undefined) return max
  return Number.isInteger(p) && p >= 0 && p <= max ? p : null
}

/**
 * `format_ipv4`'s input: a dotted-quad text (with its prefix), or a number written as decimal digits
 * (a long argument reads as its text) in 0 .. 2^32-1 with prefix 32; else null.
 */
export function ipv4OrNumber(s: string): Ipv4 | null {
  if (s.length > 0 && s.length <= 10 && /^[0-9]+$/.test(s)) {
    const v = Number(s)
    return v <= 0xffffffff ? { addr: v, prefix: 32 } : null
  }
  return parseIpv4(s)
}

/** The long representation of an IPv4 text: its address masked by its own prefix. */
export function ipv4Long(ip: Ipv4): number {
  return masked4(ip.addr, ip.prefix)
}

/** -1, 0 or 1: `a` against `b`, both masked by the smallest of their prefixes and `prefix`. */
export function compareIpv4(a: Ipv4, b: Ipv4, prefix: number): number {
  const p = Math.min(a.prefix, b.prefix, prefix)
  const x = masked4(a.addr, p)
  const y = masked4(b.addr, p)
  return x < y ? -1 : x > y ? 1 : 0
}

/** True when `ip`'s long representation lies in `range` (its address and prefix). */
export function inRange4(ip: Ipv4, range: Ipv4): boolean {
  return masked4(ipv4Long(ip), range.prefix) === masked4(range.addr, range.prefix)
}

/** RFC 1918 blocks: 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16. */
const PRIVATE: readonly Ipv4[] = [
  { addr: 0x0a000000, prefix: 8 },
  { addr: 0xac100000, prefix: 12 },
  { addr: 0xc0a80000, prefix: 16 },
]

/** True when the whole block `ip` denotes (address and prefix) lies in a private range. */
export function isPrivate4(ip: Ipv4): boolean {
  for (const b of PRIVATE) if (ip.prefix >= b.prefix && masked4(ip.addr, b.prefix) === b.addr) return true
  return false
}
