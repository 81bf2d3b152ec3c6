// exec/kernels/string/bytes.ts: format_bytes and parse_bytes, the byte-size texts of Axiom's pages: base 2
// (1024) by default or base 10 (1000); IEC names (`KiB`) always mean 1024; a number of decimal places.
import { scalarKernel } from '../executor/index.ts'

/** The auto-selected unit names per power, by base. */
const AUTO: Readonly<Record<2 | 10, readonly string[]>> = {
  2: ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'],
  10: ['Bytes', 'kB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'],
}

const PREFIXES = 'kmgtpezy'

/** A unit name's power and base (`KiB` → 1, 2; `kB` in base 10 → 1, 10), or undefined. */
function unitOf(name: string, base: 2 | 10): { power: number; base: 2 | 10 } | undefined {
  const u = name.trim().toLowerCase()
  if (u === 'b' || u === 'byte' || u === 'bytes') return { power: 0, base }
  const p = PREFIXES.indexOf(u[0] ?? '')
  if (p < 0) return undefined
  if (u.length === 3 && u.slice(1) === 'ib') return { power: p + 1, base: 2 }
  if (u.length === 2 && u[1] === 'b') return { power: p + 1, base }
  return undefined
}

const step = (base: 2 | 10): number => (base === 2 ? 1024 : 1000)

/**
 * `value` bytes as `<number> <unit>` with `precision` decimals: in `units` when it names one, else in
 * the largest unit of `base` not above the value. Null for a base other than 2 or 10, a negative
 * precision, or a value that is not finite.
 */
export function formatBytes(value: number, precision: number, units: string, base: number): string | null {
  if ((base !== 2 && base !== 10) || precision < 0 || precision > 20 || !Number.isFinite(value)) return null
  const unit = units === '' ? undefined : unitOf(units, base)
  let power: number
  let name: string
  let scale: number
  if (unit !== undefined) {
    power = unit.power
    name = power === 0 ? 'Bytes' : units.trim()
    scale = step(unit.base) ** power
  } else {
    const names = AUTO[base]
    power = 0
    while (power + 1 < names.length && Math.abs(value) >= step(base) ** (power + 1)) power++
    name = names[power]
    scale = step(base) ** power
  }
  return `${(value / scale).toFixed(precision)} ${name}`
}

const SIZE = /^\s*([+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?)\s*([a-z]*)\s*$/i

/**
 * A size text (`1 KB`, `2.5MB`, `512`, `1 KiB`) as whole bytes (truncated); 0 when it is not one
 * (Axiom's page), null for a base other than 2 or 10.
 */
export function parseBytes(text: string, base: number): number | null {
  if (base !== 2 && base !== 10) return null
  const b: 2 | 10 = base
  const m = SIZE.exec(text)
  if (m === null) return 0
  const unit = m[2] === '' ? { power: 0, base: b } : unitOf(m[2], b)
  if (unit === undefined) return 0
  const bytes = Math.trunc(Number(m[1]) * step(unit.base) ** unit.power)
  return Number.isSafeInteger(bytes) ? bytes : 0
}

/** Byte-size kernels keyed by scalar kernel key. */
export const BYTES_KERNELS = {
  format_bytes: scalarKernel({
    args: ['real', 'long?', 'string?', 'long?'],
    returns: 'string',
    fn: (v, p, u, b) => formatBytes(v, p ?? 0, u ?? '', b ?? 2),
  }),
  parse_bytes: scalarKernel({
    args: ['string', 'long?'],
    returns: 'long',
    fn: (s, b) => parseBytes(s, b ?? 2),
  }),
}
