// test/reference/scalar/string.ts: the reference's string functions, row at a time: strlen, substring,
// tolower, toupper, strcat, strcat_delim, split, indexof (code points, not UTF-16 units). Written from the
// functions' documentation, never from engine code.

import { toText } from '../convert.ts'
import { lower, upper } from '../strings.ts'
import type { Value } from '../values.ts'
import { type FamilyImpls, int, strict, text } from './define.ts'
import { STRING_EDITS } from './string-edits.ts'

/**
 * `indexof(source, lookup[, start[, length[, occurrence]]])` over code points: the start of the
 * n-th (overlapping) occurrence lying wholly inside `[start, start + length)` (length -1 = to the
 * end), else -1; start < 0, length < -1 or occurrence < 1 give null.
 */
function indexOf(args: readonly Value[]): Value {
  const source = [...text(args[0])]
  const lookup = [...text(args[1])]
  const start = args.length > 2 ? int(args[2]) : 0
  const length = args.length > 3 ? int(args[3]) : -1
  const occurrence = args.length > 4 ? int(args[4]) : 1
  if (start < 0 || length < -1 || occurrence < 1) return null
  const end = length === -1 ? source.length : Math.min(source.length, start + length)
  let seen = 0
  for (let i = start; i + lookup.length <= end; i++) {
    let same = true
    for (let k = 0; k < lookup.length && same; k++) same = source[i + k] === lookup[k]
    if (same && ++seen === occurrence) return BigInt(i)
  }
  return -1n
}

/** `substring(s, start[, length])` over code points; start clamped to [0, len], a negative length is 0. */
function substring(args: readonly Value[]): Value {
  const cps = [...text(args[0])]
  const start = Math.min(Math.max(int(args[1]), 0), cps.length)
  const length = args.length > 2 ? Math.max(int(args[2]), 0) : cps.length
  return cps.slice(start, start + length).join('')
}

/** The string family. */
export const STRING: FamilyImpls<'string'> = {
  strlen: strict(([s]) => BigInt([...text(s)].length)),
  substring: strict(substring),
  tolower: strict(([s]) => lower(text(s))),
  toupper: strict(([s]) => upper(text(s))),
  strcat: (args) => args.map(toText).join(''),
  strcat_delim: ([delimiter, ...rest]) => rest.map(toText).join(toText(delimiter)),
  split: strict(([s, d]) => (text(d) === '' ? [...text(s)] : text(s).split(text(d)))),
  indexof: strict(indexOf),
  reverse: strict(([s]) => Array.from(text(s)).reverse().join('')),
  ...STRING_EDITS,
}
