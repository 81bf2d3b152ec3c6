// exec/kernels/conversion/dynamic-forms.ts: toarray(x) (arrays as is, a bag's values, a scalar wrapped,
// null as []) and dynamic_to_json(x) (containers as canonical JSON with sorted keys, scalars as their
// `tostring` text); Axiom's pages, reference rules M9–M10.
import type { CellJson } from '../../result.ts'
import { scalarKernel } from '../executor/index.ts'
import type { Kernel } from '../kernel.ts'
import { formatReal, toStringKernel } from './to-string.ts'

/** toarray of one JSON value. */
function asArray(v: CellJson | null): CellJson {
  if (v === null) return []
  if (Array.isArray(v)) return v
  if (typeof v === 'object') return Object.values(v)
  return [v]
}

/** JSON text with object keys sorted by code unit, so equal documents have equal text. */
export function canonicalText(v: CellJson): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v)
  if (Array.isArray(v)) return `[${v.map(canonicalText).join(',')}]`
  const keys = Object.keys(v).sort()
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalText(v[k])}`).join(',')}}`
}

/** A dynamic cell's text: containers canonical, a number as a long (integral) or a real, else tostring. */
function dynamicText(v: CellJson | null): string {
  if (v === null) return ''
  if (typeof v === 'object') return canonicalText(v)
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : formatReal(v)
  return typeof v === 'boolean' ? String(v) : v
}

const dynamicToText = scalarKernel({ args: ['dynamic'], returns: 'string', nulls: 'call', fn: dynamicText })

/** dynamic_to_json(x): a typed (non-dynamic) argument is exactly its tostring; dynamic cells by the rules above. */
export const dynamicToJsonKernel: Kernel = (args, n, site) =>
  args[0].kind === 'dyn' || args[0].kind === 'mixed'
    ? dynamicToText(args, n, site)
    : toStringKernel(args, n, site)

export const toArrayKernel = scalarKernel({
  args: ['dynamic'],
  returns: 'dynamic',
  nulls: 'call',
  fn: asArray,
})
