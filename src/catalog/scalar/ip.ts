// catalog/scalar/ip.ts: IP-address functions (ipv4_*, ipv6_*, parse_ipv4, geo_info_from_ip_address, …).
// Rows only; kernels live in the executor. Empty until the first row: write `const fn =
// scalarFamily('ip')` and add `fn({ … })` rows (see docs/contributing.md).

import type { ScalarFunctionDef } from './define.ts'

/** ip rows. */
export const ipFunctions = [] satisfies ScalarFunctionDef[]
