// exec/kernels/string/split.ts: split(source, delimiter) → a dynamic array of strings; an empty delimiter
// splits into code points (reference rule 33). A constant delimiter splits each dictionary entry
// once, and rows share that entry's array (dynamic values are never mutated).
import type { CellJson } from '../../result.ts'
import type { DynVec } from '../../vector.ts'
import { asText } from '../arg-views.ts'
import { constantOf } from '../constants.ts'
import type { Kernel } from '../kernel.ts'

/** One split: code points for an empty delimiter. */
const splitOne = (s: string, d: string): string[] => (d === '' ? [...s] : s.split(d))

/** split(source, delimiter). */
export const splitKernel: Kernel = (args, n) => {
  const s = asText(args[0], n)
  const d = asText(args[1], n)
  const values: (CellJson | null)[] = new Array(n).fill(null)
  if (n > 0 && constantOf(args[1]) !== undefined) {
    if (d.codes[0] < 0) return { kind: 'dyn', values } satisfies DynVec
    const delim = d.dict[d.codes[0]]
    const perEntry = s.dict.map((e) => splitOne(e, delim))
    for (let i = 0; i < n; i++) if (s.codes[i] >= 0) values[i] = perEntry[s.codes[i]]
    return { kind: 'dyn', values }
  }
  for (let i = 0; i < n; i++) {
    if (s.codes[i] >= 0 && d.codes[i] >= 0) values[i] = splitOne(s.dict[s.codes[i]], d.dict[d.codes[i]])
  }
  return { kind: 'dyn', values }
}
