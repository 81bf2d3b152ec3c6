// test/reference/scalar/conversion.ts: the reference's conversion functions, row at a time: todouble,
// toint, tostring, todatetime, totimespan (the conversion rules of convert.ts). Written from the functions'
// documentation, never from engine code.

import { toDateTime, toLong, toReal, toText, toTimespan } from '../convert.ts'
import type { FamilyImpls } from './define.ts'

/** The conversion family. */
export const CONVERSION: FamilyImpls<'conversion'> = {
  todouble: ([v]) => toReal(v),
  toint: ([v]) => toLong(v),
  tostring: ([v]) => toText(v),
  todatetime: ([v]) => toDateTime(v),
  totimespan: ([v]) => toTimespan(v),
}
