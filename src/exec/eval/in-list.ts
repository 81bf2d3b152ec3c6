// exec/eval/in-list.ts: an `in` / `!in` list of constants as ONE constant array per query expression
// (a dynamic array literal contributes its elements), so the kernel compiles it to a set once
// instead of receiving thousands of full-length constant vectors per batch.
import type { BoundExpr } from '../../plan/index.ts'
import { constantVec, literalCell } from '../kernels/constants.ts'
import type { Cell } from '../result.ts'
import type { Vec } from '../vector.ts'

type InList = Extract<BoundExpr, { kind: 'InList' }>

/** Kernels that take a list as its flattened values (kernels/set-membership.ts). */
const FLATTENING = new Set(['in', 'not_in'])

const LISTS = new WeakMap<InList, Cell[] | null>()

/** The list's constants flattened, or null when a value is not a literal (or the kernel is another). */
function flatList(e: InList): Cell[] | null {
  let list = LISTS.get(e)
  if (list !== undefined) return list
  list = null
  if (FLATTENING.has(e.kernel) && e.values.every((v) => v.kind === 'Literal')) {
    list = []
    for (const v of e.values) {
      if (v.kind !== 'Literal') continue
      const c = literalCell(v.type, v.value)
      if (Array.isArray(c)) for (const x of c as Cell[]) list.push(x)
      else list.push(c)
    }
  }
  LISTS.set(e, list)
  return list
}

/** The list of `e` as one constant array vector of `n` rows, or undefined when it must be read per row. */
export function constantListVec(e: InList, n: number): Vec | undefined {
  const list = flatList(e)
  return list === null ? undefined : constantVec('dynamic', list as never, n)
}
