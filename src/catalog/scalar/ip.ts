// catalog/scalar/ip.ts: IP-address functions (ipv4_*, ipv6_*, parse_ipv4, has_ipv4, geo_info_from_ip_address, …).
// Rows only; kernels live in the executor (exec/kernels/ip). IPv4 texts may carry an IP-prefix
// (`10.1.0.0/16`); IPv6 texts likewise (`2001:db8::/32`).

import { q } from '../example.ts'
import { fixed, opt, param, sig } from '../signature.ts'
import { scalarFamily } from './define.ts'

const fn = scalarFamily('ip')

const ip = (name: string) => param(name, 'string')
const prefix4 = opt('prefix', 'long', { range: [0, 32] })
const prefix6 = opt('prefix', 'long', { range: [0, 128] })
const list = (name: string) => param(name, ['dynamic', 'string'])

/** ip rows. */
export const ipFunctions = [
  fn({
    name: 'parse_ipv4',
    tier: 'T3',
    signatures: [sig(ip('ipv4_address'))],
    returns: fixed('long'),
    description:
      'An IPv4 address (optionally with an IP-prefix, which masks it) as a long; null when invalid.',
    example: q("extend ip_long = parse_ipv4('192.168.1.1')"),
  }),
  fn({
    name: 'parse_ipv4_mask',
    tier: 'T3',
    signatures: [sig(ip('ip'), param('prefix', 'long', { range: [0, 32] }))],
    returns: fixed('long'),
    description: 'An IPv4 address masked to its first `prefix` bits (0–32) as a long; null when invalid.',
    example: q("extend masked_ip = parse_ipv4_mask('192.168.0.1', 24)"),
  }),
  fn({
    name: 'format_ipv4',
    tier: 'T3',
    signatures: [sig(param('ip', ['string', 'long']), prefix4)],
    returns: fixed('string'),
    description:
      'The dotted-decimal text of an IPv4 address (a string or a long), masked to `prefix` bits; empty when invalid.',
    example: q('extend formatted_ip = format_ipv4(3232235776)'),
  }),
  fn({
    name: 'format_ipv4_mask',
    tier: 'T3',
    signatures: [sig(param('ip', ['string', 'long']), prefix4)],
    returns: fixed('string'),
    description:
      'An IPv4 address (a string or a long) and a prefix (default 32) in CIDR notation, `192.168.1.0/24`; empty when invalid.',
    example: q("extend subnet = format_ipv4_mask('192.168.1.54', 24)"),
  }),
  fn({
    name: 'ipv4_compare',
    tier: 'T3',
    signatures: [sig(ip('ip1'), ip('ip2'), prefix4)],
    returns: fixed('long'),
    description:
      'Compares two IPv4 addresses as numbers (on the smallest of their prefixes and `prefix`): -1, 0 or 1; null when invalid.',
    example: q("extend comparison = ipv4_compare('192.168.1.1', '192.168.1.10')"),
  }),
  fn({
    name: 'ipv4_is_in_range',
    tier: 'T3',
    signatures: [sig(ip('ip'), ip('range'))],
    returns: fixed('bool'),
    description: 'True when an IPv4 address lies in a CIDR range; null when either is invalid.',
    example: q("extend in_range = ipv4_is_in_range('192.168.1.0', '192.168.1.0/24')"),
  }),
  fn({
    name: 'ipv4_is_in_any_range',
    tier: 'T3',
    signatures: [sig(ip('ip_address'), list('ranges'))],
    returns: fixed('bool'),
    description:
      'True when an IPv4 address lies in any CIDR range of a dynamic array; null when a string is invalid.',
    example: q(
      "extend is_in_range = ipv4_is_in_any_range('192.168.0.0', dynamic(['192.168.0.0/24', '10.0.0.0/8']))",
    ),
  }),
  fn({
    name: 'ipv4_is_private',
    tier: 'T3',
    signatures: [sig(ip('ip'))],
    returns: fixed('bool'),
    description:
      'True when an IPv4 address (or block) lies in a private range of RFC 1918; null when invalid.',
    example: q("extend is_private = ipv4_is_private('192.168.0.1')"),
  }),
  fn({
    name: 'ipv4_is_match',
    tier: 'T3',
    signatures: [sig(ip('ipaddress1'), ip('ipaddress2'), prefix4)],
    returns: fixed('bool'),
    description:
      'True when two IPv4 addresses are equal on the smallest of their prefixes and `prefix`; null when invalid.',
    example: q("extend is_match = ipv4_is_match('203.0.113.112', '203.0.113.112')"),
  }),
  fn({
    name: 'ipv4_netmask_suffix',
    tier: 'T3',
    signatures: [sig(ip('ipv4address'))],
    returns: fixed('long'),
    description: 'The prefix length of an IPv4 address in CIDR notation (32 without one); null when invalid.',
    example: q("extend netmask = ipv4_netmask_suffix('192.168.1.1/24')"),
  }),
  fn({
    name: 'has_ipv4',
    tier: 'T3',
    signatures: [sig(param('source', 'string'), ip('ip_address'))],
    returns: fixed('bool'),
    description:
      'True when a text contains the IPv4 address, delimited by non-alphanumeric characters; false for an invalid address.',
    example: q("extend has_ip = has_ipv4('Requests from: 192.168.1.1, 10.1.1.115.', '192.168.1.1')"),
  }),
  fn({
    name: 'has_ipv4_prefix',
    tier: 'T3',
    signatures: [sig(param('column_name', 'string'), param('prefix', 'string'))],
    returns: fixed('bool'),
    description:
      "True when a text contains an IPv4 address starting with the prefix's octets (`192.168.` or `192.168`).",
    example: q("extend has_prefix = has_ipv4_prefix('192.168.0.1', '192.168.')"),
  }),
  fn({
    name: 'has_any_ipv4',
    tier: 'T3',
    signatures: [sig(param('column', 'string'), list('ip_list'))],
    returns: fixed('bool'),
    description:
      'True when a text contains an IPv4 address equal to an address of the list or in one of its CIDR ranges.',
    example: q("extend has_ip = has_any_ipv4('192.168.1.1', dynamic(['192.168.1.1', '192.168.0.0/16']))"),
  }),
  fn({
    name: 'has_any_ipv4_prefix',
    tier: 'T3',
    signatures: [sig(param('ip_column', 'string'), list('prefixes'))],
    returns: fixed('bool'),
    description: 'True when a text contains an IPv4 address starting with any prefix of the list.',
    example: q("extend has_ip_prefix = has_any_ipv4_prefix('192.168.0.1', dynamic(['172.16.', '192.168.']))"),
  }),
  fn({
    name: 'ipv6_compare',
    tier: 'T3',
    signatures: [sig(ip('ipv6_1'), ip('ipv6_2'), prefix6)],
    returns: fixed('long'),
    description:
      'Compares two IPv6 (or IPv4) addresses on the smallest of their prefixes and `prefix`: -1, 0 or 1; null when invalid.',
    example: q("extend comparison = ipv6_compare('2001:db8::1', '2001:db8::abcd')"),
  }),
  fn({
    name: 'ipv6_is_match',
    tier: 'T3',
    signatures: [sig(ip('ipv6_address'), ip('ipv6_subnet'), prefix6)],
    returns: fixed('bool'),
    description:
      'True when two IPv6 addresses match on the smallest of their prefixes and `prefix` (an address in a subnet); null when invalid.',
    example: q("extend isInternal = ipv6_is_match('2001:db8:abcd::1', '2001:db8::/32')"),
  }),
  fn({
    name: 'ipv6_is_in_range',
    tier: 'T3',
    signatures: [sig(ip('ipv6'), ip('cidr_range'))],
    returns: fixed('bool'),
    description: 'True when an IPv6 address lies in a CIDR range; null when either is invalid.',
    example: q("extend inRange = ipv6_is_in_range('fd00::a1b2', 'fd00::/8')"),
  }),
  fn({
    name: 'ipv6_is_in_any_range',
    tier: 'T3',
    signatures: [sig(ip('ipv6_address'), list('ipv6_ranges'))],
    returns: fixed('bool'),
    description:
      'True when an IPv6 address lies in any CIDR range of a dynamic array; null when a string is invalid.',
    example: q(
      "extend inRange = ipv6_is_in_any_range('2001:db8::1234', dynamic(['2001:db8::/32', 'fd00::/8']))",
    ),
  }),
  fn({
    name: 'geo_info_from_ip_address',
    tier: 'T3',
    signatures: [sig(ip('ip_address'))],
    returns: fixed('dynamic'),
    description:
      'Country, state, city, latitude, longitude, country_iso and time_zone of an IPv4 or IPv6 address (GeoLite2 data); null when unknown.',
    example: q("extend geo_info = geo_info_from_ip_address('172.217.22.14')"),
  }),
]
