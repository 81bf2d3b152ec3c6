// exec/kernels/dynamic/bag-functions.ts: property-bag functions: bag_has_key (a `$.a.b` path reaches
// nested keys), bag_keys, bag_zip (pairs to the shorter array, Axiom), and len (string code points or
// array elements). Rules 99–101 of test/reference/README.md.
import type { CellJson } from '../../result.ts'
import { follow, isBag, parsePath } from '../array/json-values.ts'
import { scalarKernel } from '../executor/index.ts'
import type { Kernel } from '../kernel.ts'

type Json = CellJson

/** bag_has_key: a plain key is a top-level key; `$…` a path that must exist; null for a non-bag. */
export function hasKey(bag: Json, key: string): boolean | null {
  if (!isBag(bag)) return null
  const steps = key.startsWith('$') ? parsePath(key) : [key]
  return steps !== null && follow(bag, steps) !== undefined
}

/** bag_zip: keys (strings only; others skipped) paired with values up to the shorter length. */
export function zip(keys: Json, values: Json): Json {
  if (!Array.isArray(keys) || !Array.isArray(values)) return null
  const entries: [string, Json][] = []
  for (let i = 0; i < Math.min(keys.length, values.length); i++) {
    const k = keys[i]
    if (typeof k === 'string') entries.push([k, values[i] as Json])
  }
  return Object.fromEntries(entries)
}

/** len: the code points of a string, the elements of an array; null for other values. */
function lengthOf(v: Json): number | null {
  if (typeof v === 'string') {
    let n = 0
    for (const _ of v) n++
    return n
  }
  return Array.isArray(v) ? v.length : null
}

const lengths = scalarKernel({ args: ['dynamic'], returns: 'long', fn: lengthOf })

/** len: datetimes and timespans are neither strings nor arrays (their JSON text must not count). */
const lenKernel: Kernel = (args, n, site) =>
  args[0].kind === 'time' || args[0].kind === 'span'
    ? { kind: 'num', type: 'long', values: new Float64Array(n), valid: new Uint8Array(n) }
    : lengths(args, n, site)

/** Bag kernels keyed by kernel key. */
export const BAG_KERNELS = {
  bag_has_key: scalarKernel({ args: ['dynamic', 'string'], returns: 'bool', fn: hasKey }),
  bag_keys: scalarKernel({
    args: ['dynamic'],
    returns: 'dynamic',
    fn: (b) => (isBag(b) ? Object.keys(b) : null),
  }),
  bag_zip: scalarKernel({ args: ['dynamic', 'dynamic'], returns: 'dynamic', fn: zip }),
  len: lenKernel,
} as const satisfies Record<string, Kernel>
