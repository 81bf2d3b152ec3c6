// exec/kernels/text.ts: tostring(x): the text of a value as apl-reference §3 says (Go float text,
// RFC 3339 times with ns, Go durations, JSON for dynamic, "" for null). Strings pass through.
import { formatGoDuration, formatRfc3339Nano } from '../../util/time/index.ts'
import type { StrVec } from '../vector.ts'
import { cellAt } from '../vector.ts'
import type { Kernel } from './kernel.ts'

/** A real as Go `strconv.FormatFloat(x, 'g', -1, 64)`: shortest digits, exponent form when exp < -4 or ≥ 6. */
export function formatReal(x: number): string {
  if (Number.isNaN(x)) return 'NaN'
  if (x === Number.POSITIVE_INFINITY) return '+Inf'
  if (x === Number.NEGATIVE_INFINITY) return '-Inf'
  if (x === 0) return Object.is(x, -0) ? '-0' : '0'
  const [mant, e] = x.toExponential().split('e')
  const exp = Number(e)
  // Go's shortest 'g' form uses an exponent when exp < -4 or exp >= 6; JS prints the rest the same way.
  if (exp < -4 || exp >= 6) return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`
  return String(x)
}

/** tostring(x). */
export const toStringKernel: Kernel = (args, n) => {
  const v = args[0]
  if (v.kind === 'str') {
    // Null becomes "" (tostring(null) = "").
    let hasNull = false
    for (let i = 0; i < n && !hasNull; i++) hasNull = v.codes[i] < 0
    if (!hasNull) return v
    const dict = [...v.dict, '']
    const codes = new Int32Array(n)
    for (let i = 0; i < n; i++) codes[i] = v.codes[i] < 0 ? v.dict.length : v.codes[i]
    return { kind: 'str', codes, dict } satisfies StrVec
  }
  const dict: string[] = []
  const ids = new Map<string, number>()
  const codes = new Int32Array(n)
  for (let i = 0; i < n; i++) {
    const c = cellAt(v, i)
    const s =
      c === null
        ? ''
        : v.kind === 'time'
          ? formatRfc3339Nano(c as bigint)
          : v.kind === 'span'
            ? formatGoDuration(c as bigint)
            : typeof c === 'number'
              ? v.kind === 'num' && v.type === 'long'
                ? String(c)
                : formatReal(c)
              : typeof c === 'object'
                ? JSON.stringify(c)
                : String(c)
    let id = ids.get(s)
    if (id === undefined) {
      id = dict.length
      ids.set(s, id)
      dict.push(s)
    }
    codes[i] = id
  }
  return { kind: 'str', codes, dict }
}
