// exec/kernels/ip/ipv4-in-text.ts: finding IPv4 addresses inside free text (has_ipv4 and its
// prefix/any forms): an address counts only when it is a valid dotted quad delimited by
// non-alphanumeric characters, and a trailing `.` followed by a digit continues it (not an address).
import { type Ipv4, masked4, parseIpv4 } from './ipv4.ts'

const isDigit = (c: number) => c >= 48 && c <= 57
const isAlnum = (c: number) => isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)

/** Calls `visit(addr)` for each delimited IPv4 address in `text` until it returns true; returns that. */
export function someIpv4InText(
  text: string,
  visit: (addr: number, octets: readonly number[]) => boolean,
): boolean {
  const n = text.length
  const octets = [0, 0, 0, 0]
  let i = 0
  while (i < n) {
    const c = text.charCodeAt(i)
    const before = i === 0 ? 32 : text.charCodeAt(i - 1)
    if (!isDigit(c) || isAlnum(before) || before === 46) {
      i++
      continue
    }
    // Read a run of digits and dots starting here.
    let j = i
    while (j < n && (isDigit(text.charCodeAt(j)) || text.charCodeAt(j) === 46)) j++
    const after = j < n ? text.charCodeAt(j) : 32
    // A trailing dot ends a sentence, not the address.
    let end = j
    while (end > i && text.charCodeAt(end - 1) === 46) end--
    if (!isAlnum(after) && readOctets(text, i, end, octets)) {
      const addr = ((octets[0] << 24) | (octets[1] << 16) | (octets[2] << 8) | octets[3]) >>> 0
      if (visit(addr, octets)) return true
    }
    i = j
  }
  return false
}

/** Exactly four octets (1–3 digits, ≤ 255) filling `text[from, to)`, into `out`. */
function readOctets(text: string, from: number, to: number, out: number[]): boolean {
  let k = 0
  let v = 0
  let digits = 0
  for (let i = from; i <= to; i++) {
    const c = i < to ? text.charCodeAt(i) : 46
    if (c === 46) {
      if (digits === 0 || digits > 3 || v > 255 || k === 4) return false
      out[k++] = v
      v = 0
      digits = 0
    } else {
      v = v * 10 + (c - 48)
      digits++
    }
  }
  return k === 4
}

/** A has_ipv4 needle: a plain IPv4 address (no prefix), or null when invalid. */
export function ipv4Needle(ip: string): number | null {
  const p = parseIpv4(ip)
  return p === null || p.prefix !== 32 ? null : p.addr
}

/**
 * A has_ipv4_prefix needle: 1–3 leading octets (a trailing dot optional) or a whole address, as the
 * octet values, or null when invalid.
 */
export function ipv4PrefixNeedle(prefix: string): readonly number[] | null {
  const body = prefix.endsWith('.') ? prefix.slice(0, -1) : prefix
  const parts = body.split('.')
  if (parts.length < 1 || parts.length > 4 || (parts.length === 4 && body !== prefix)) return null
  const out: number[] = []
  for (const p of parts) {
    if (!/^[0-9]{1,3}$/.test(p) || Number(p) > 255) return null
    out.push(Number(p))
  }
  return out
}

/** True when `octets` starts with the needle's octets. */
export function startsWithOctets(octets: readonly number[], needle: readonly number[]): boolean {
  for (let k = 0; k < needle.length; k++) if (octets[k] !== needle[k]) return false
  return true
}

/** True when `addr` equals a plain address or lies in a CIDR range (`ip` parsed with its prefix). */
export function matchesAddressOrRange(addr: number, ip: Ipv4): boolean {
  return masked4(addr, ip.prefix) === masked4(ip.addr, ip.prefix)
}
