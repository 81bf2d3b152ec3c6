// exec/kernels/type-check/runtime-type.ts: the runtime type of each row (typed layouts by their kind,
// mixed and dynamic cells one by one), and the kernels that read it: gettype (a dictionary string
// column, no per-row allocation), isstring, isbool, isreal, ismap, isarray. A null row's type is `null`.
import type { Vec } from '../../vector.ts'
import type { Kernel } from '../kernel.ts'

/** Runtime type names, as gettype answers them (the index is the row's code). */
export const RUNTIME_TYPES = [
  'null',
  'bool',
  'long',
  'real',
  'string',
  'datetime',
  'timespan',
  'array',
  'dictionary',
] as const
export type RuntimeType = (typeof RUNTIME_TYPES)[number]

const CODE = Object.fromEntries(RUNTIME_TYPES.map((t, i) => [t, i])) as Record<RuntimeType, number>

/** The type of a JSON value or canonical cell (a number is a long when a safe integer, not -0). */
function cellType(c: unknown, markedReal: boolean): number {
  if (c === null || c === undefined) return CODE.null
  switch (typeof c) {
    case 'boolean':
      return CODE.bool
    case 'bigint':
      return CODE.long
    case 'number':
      return !markedReal && Number.isSafeInteger(c) && !Object.is(c, -0) ? CODE.long : CODE.real
    case 'string':
      return CODE.string
    default:
      return Array.isArray(c) ? CODE.array : CODE.dictionary
  }
}

/** Per-row runtime type codes of `v`. */
export function typeCodes(v: Vec, n: number): Uint8Array {
  const out = new Uint8Array(n)
  switch (v.kind) {
    case 'str':
      for (let i = 0; i < n; i++) out[i] = v.codes[i] < 0 ? CODE.null : CODE.string
      return out
    case 'dyn':
      for (let i = 0; i < n; i++) out[i] = cellType(v.values[i], false)
      return out
    case 'mixed':
      for (let i = 0; i < n; i++) out[i] = cellType(v.values[i], v.reals?.[i] === 1)
      return out
    default: {
      const code =
        v.kind === 'bool'
          ? CODE.bool
          : v.kind === 'time'
            ? CODE.datetime
            : v.kind === 'span'
              ? CODE.timespan
              : v.type === 'long'
                ? CODE.long
                : CODE.real
      out.fill(code)
      if (v.valid) for (let i = 0; i < n; i++) if (v.valid[i] === 0) out[i] = CODE.null
      return out
    }
  }
}

/** gettype(x): the runtime type name, as dictionary codes over the fixed list of names. */
const gettype: Kernel = (args, n) => {
  const codes = new Int32Array(typeCodes(args[0], n))
  return { kind: 'str', codes, dict: [...RUNTIME_TYPES] }
}

/** A bool kernel true where the row's runtime type is one of `types` (false for null). */
function isType(...types: RuntimeType[]): Kernel {
  const want = new Uint8Array(RUNTIME_TYPES.length)
  for (const t of types) want[CODE[t]] = 1
  return (args, n) => {
    const values = typeCodes(args[0], n)
    for (let i = 0; i < n; i++) values[i] = want[values[i]]
    return { kind: 'bool', values, valid: null }
  }
}

/** The runtime-type kernels. */
export const RUNTIME_TYPE_KERNELS = {
  gettype,
  isstring: isType('string'),
  isbool: isType('bool'),
  isreal: isType('real'),
  ismap: isType('dictionary'),
  isarray: isType('array'),
}
