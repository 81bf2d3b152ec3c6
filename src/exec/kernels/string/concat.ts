// exec/kernels/string/concat.ts: strcat and strcat_delim: the `tostring` text of every argument, null as ""
// (reference rule 33), joined per row into a per-call dictionary. Never null.
import { checkStringSize } from '../../guard.ts'
import type { StrVec, Vec } from '../../vector.ts'
import { asText, StringInterner } from '../arg-views.ts'
import type { Kernel } from '../kernel.ts'

/** Text of row `i` of a text view, "" for null. */
const textAt = (v: StrVec, i: number): string => (v.codes[i] < 0 ? '' : v.dict[v.codes[i]])

/** The parts of each row joined by the delimiter's text at that row ("" when absent). */
function join(parts: readonly Vec[], delimiter: Vec | null, n: number, fn: string): StrVec {
  const texts = parts.map((p) => asText(p, n))
  const delim = delimiter === null ? null : asText(delimiter, n)
  const out = new StringInterner()
  const codes = new Int32Array(n)
  for (let i = 0; i < n; i++) {
    const d = delim === null ? '' : textAt(delim, i)
    // The size is known before the string is made: refuse one past the maximum without making it.
    let chars = d.length * (texts.length - 1)
    for (let k = 0; k < texts.length; k++) chars += textAt(texts[k], i).length
    checkStringSize(chars, fn)
    let s = ''
    for (let k = 0; k < texts.length; k++) s = k === 0 ? textAt(texts[k], i) : s + d + textAt(texts[k], i)
    codes[i] = out.code(s)
  }
  return { kind: 'str', codes, dict: out.dict }
}

/** Concatenation kernels keyed by scalar kernel key. */
export const CONCAT_KERNELS = {
  strcat: (args, n) => join(args, null, n, 'strcat'),
  strcat_delim: (args, n) => join(args.slice(1), args[0], n, 'strcat_delim'),
} as const satisfies Record<string, Kernel>
