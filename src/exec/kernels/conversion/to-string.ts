// exec/kernels/conversion/to-string.ts: tostring(x): the text of a value as apl-reference §3 says (Go
// float text, RFC 3339 times with ns, Go durations, JSON for dynamic, "" for null). Strings pass through.
import type { StrVec } from '../../vector.ts'
import { asText } from '../arg-views.ts'
import type { Kernel } from '../kernel.ts'

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

/** tostring(x): the `tostring` text of every layout (arg-views `asText`), with null as "". */
export const toStringKernel: Kernel = (args, n) => {
  const v = args[0].kind === 'str' ? (args[0] as StrVec) : asText(args[0], n)
  let hasNull = false
  for (let i = 0; i < n && !hasNull; i++) hasNull = v.codes[i] < 0
  if (!hasNull) return v
  const dict = [...v.dict, '']
  const codes = new Int32Array(n)
  for (let i = 0; i < n; i++) codes[i] = v.codes[i] < 0 ? v.dict.length : v.codes[i]
  return { kind: 'str', codes, dict } satisfies StrVec
}
