// exec/kernels/datetime/datetime-part.ts: datetime_part(part, datetime) → long, the part named by a
// constant (any case): the calendar parts on epoch ms (calendar/parts.ts), and the sub-second
// millisecond / microsecond / nanosecond fractions from the datetime's exact ms and ns.
import { ExecError } from '../../context.ts'
import { mod, PART_OF_MS, type PartOfMs } from '../calendar/parts.ts'
import { constantOf } from '../constants.ts'
import { scalarKernel } from '../executor/index.ts'
import type { Kernel } from '../kernel.ts'

/** The fraction of the second of (ms, sub-ms ns) in units of `unitNs`. */
const fraction =
  (unitNs: number) =>
  (ms: number, ns: number): number =>
    Math.floor((mod(ms, 1000) * 1_000_000 + ns) / unitNs)

/** A kernel per part: ms-based parts through the helper; the sub-millisecond ones read ms and ns. */
const BY_PART = new Map<string, Kernel>()
for (const [name, f] of Object.entries(PART_OF_MS) as [string, PartOfMs][]) {
  BY_PART.set(name, scalarKernel({ args: ['datetime_ms'], returns: 'long', fn: f }))
}
for (const [name, unit] of [
  ['microsecond', 1000],
  ['nanosecond', 1],
] as const) {
  const f = fraction(unit)
  BY_PART.set(name, (args, n) => {
    const v = args[0]
    const values = new Float64Array(n)
    if (v.kind !== 'time') return { kind: 'num', type: 'long', values, valid: new Uint8Array(n) }
    for (let i = 0; i < n; i++) values[i] = f(v.ms[i], v.ns[i])
    return { kind: 'num', type: 'long', values, valid: v.valid }
  })
}

/** datetime_part(part, datetime). */
export const datetimePartKernel: Kernel = (args, n, site) => {
  const part = constantOf(args[0])?.value
  if (part === null)
    return { kind: 'num', type: 'long', values: new Float64Array(n), valid: new Uint8Array(n) }
  if (typeof part !== 'string')
    throw new ExecError('not_supported', 'datetime_part: the part must be a constant string')
  const kernel = BY_PART.get(part.toLowerCase())
  if (kernel === undefined) throw new ExecError('not_supported', `datetime_part: unknown part '${part}'`)
  return kernel([args[1]], n, site)
}
