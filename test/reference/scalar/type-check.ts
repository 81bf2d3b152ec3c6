// test/reference/scalar/type-check.ts: the reference's type-check functions, row at a time: isnull,
// isnotnull, isempty, isnotempty, gettype and the is<type> checks (by the value's kind), isutf8, iscc,
// isimei, isascii. Written from the functions' documentation, never from engine code.

import { kindOf } from '../values.ts'
import { type FamilyImpls, type ScalarImpl, text } from './define.ts'

/** gettype's names of the value kinds (an object is a `dictionary`). */
const TYPE_NAME = {
  null: 'null',
  bool: 'bool',
  long: 'long',
  real: 'real',
  string: 'string',
  datetime: 'datetime',
  timespan: 'timespan',
  array: 'array',
  object: 'dictionary',
} as const

/** Luhn: doubling every second digit from the right, the digit sum is a multiple of 10. */
function luhnValid(digits: string): boolean {
  const sum = [...digits]
    .reverse()
    .map((c, k) => (k % 2 === 1 ? [0, 2, 4, 6, 8, 1, 3, 5, 7, 9][Number(c)] : Number(c)))
    .reduce((a, b) => a + b, 0)
  return sum % 10 === 0
}

/** True when the value's text passes `f`; null is false. */
const textCheck =
  (f: (s: string) => boolean): ScalarImpl =>
  ([v]) =>
    v !== null && f(text(v))

/** No unpaired UTF-16 surrogate: the text encodes as UTF-8 (and decodes back unchanged). */
const utf8 = (s: string) => new TextDecoder().decode(new TextEncoder().encode(s)) === s

/** The type-check family. */
export const TYPE_CHECK: FamilyImpls<'type-check'> = {
  isnull: ([v]) => v === null,
  isnotnull: ([v]) => v !== null,
  isempty: ([v]) => v === null || v === '',
  isnotempty: ([v]) => v !== null && v !== '',
  gettype: ([v]) => TYPE_NAME[kindOf(v)],
  isstring: ([v]) => kindOf(v) === 'string',
  isbool: ([v]) => kindOf(v) === 'bool',
  isreal: ([v]) => kindOf(v) === 'real',
  ismap: ([v]) => kindOf(v) === 'object',
  isarray: ([v]) => kindOf(v) === 'array',
  isutf8: textCheck(utf8),
  iscc: textCheck((s) => {
    const digits = s.split(/[ -]/)
    const joined = digits.join('')
    return (
      digits.every((d) => /^[0-9]+$/.test(d)) &&
      joined.length >= 12 &&
      joined.length <= 19 &&
      luhnValid(joined)
    )
  }),
  isimei: textCheck((s) => /^[0-9]{15}$/.test(s) && luhnValid(s)),
  isascii: ([v]) => (v === null ? null : [...text(v)].every((c) => c <= '\u007f')),
}
