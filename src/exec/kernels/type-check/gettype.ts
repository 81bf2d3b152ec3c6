// exec/kernels/type-check/gettype.ts: gettype(value): the runtime type name of each value: string, long,
// real, bool, datetime, timespan, array, dictionary, or null (Axiom's page); by layout, so a typed column
// needs no per-row work, and a mixed or dynamic column names each cell.
import type { Cell } from '../../result.ts'
import type { StrVec, Vec } from '../../vector.ts'
import { cellAt } from '../../vector.ts'
import type { Kernel } from '../kernel.ts'

const NAMES = [
  'null',
  'string',
  'long',
  'real',
  'bool',
  'datetime',
  'timespan',
  'array',
  'dictionary',
] as const
type TypeName = (typeof NAMES)[number]
const CODE: Readonly<Record<TypeName, number>> = Object.fromEntries(NAMES.map((n, i) => [n, i])) as Record<
  TypeName,
  number
>

/** The type name of a JSON or canonical cell (an integral number is a long unless `real`). */
export function cellTypeName(c: Cell, real: boolean): TypeName {
  if (c === null) return 'null'
  if (typeof c === 'string') return 'string'
  if (typeof c === 'boolean') return 'bool'
  if (typeof c === 'bigint') return 'long'
  if (typeof c === 'number') return real || !Number.isInteger(c) ? 'real' : 'long'
  return Array.isArray(c) ? 'array' : 'dictionary'
}

/** The name of a typed (non-mixed, non-dynamic) layout's valid rows. */
function layoutName(v: Exclude<Vec, { kind: 'dyn' | 'mixed' }>): TypeName {
  switch (v.kind) {
    case 'bool':
      return 'bool'
    case 'num':
      return v.type
    case 'time':
      return 'datetime'
    case 'span':
      return 'timespan'
    case 'str':
      return 'string'
  }
}

/** Row `i` of a split mixed vector's parts: the layout of the part holding it. */
function partName(parts: readonly Vec[], i: number): TypeName {
  for (const p of parts) {
    if (p.kind === 'dyn' || p.kind === 'mixed') {
      const c = cellAt(p, i)
      if (c !== null) return cellTypeName(c, false)
    } else if (cellAt(p, i) !== null) return layoutName(p)
  }
  return 'null'
}

/** gettype(value). */
export const gettypeKernel: Kernel = (args, n) => {
  const v = args[0]
  const codes = new Int32Array(n)
  if (v.kind === 'dyn') for (let i = 0; i < n; i++) codes[i] = CODE[cellTypeName(v.values[i], false)]
  else if (v.kind === 'mixed') {
    for (let i = 0; i < n; i++) {
      codes[i] =
        CODE[v.parts !== undefined ? partName(v.parts, i) : cellTypeName(v.values[i], v.reals?.[i] === 1)]
    }
  } else {
    const name = CODE[layoutName(v)]
    if (v.kind === 'str') for (let i = 0; i < n; i++) codes[i] = v.codes[i] < 0 ? CODE.null : name
    else for (let i = 0; i < n; i++) codes[i] = v.valid !== null && v.valid[i] === 0 ? CODE.null : name
  }
  return { kind: 'str', codes, dict: NAMES } satisfies StrVec
}
