// exec/kernels/operators/string-operators.ts: string predicate operators (startswith, endswith, contains,
// has, hasprefix, hassuffix and their _cs and negated forms). The predicate runs once per dictionary entry of the left side when the right side is a
// constant, then maps through the codes; a null left side is false (its negation true), per apl-reference
// §5.2.
import type { BoolVec } from '../../vector.ts'
import { asStr } from '../coerce.ts'
import { constantOf } from '../constants.ts'
import { boolsByEntry } from '../entry-outcomes.ts'
import type { Kernel } from '../kernel.ts'

/** A test of one left string against one right string, both already case-folded when needed. */
type StringTest = (lhs: string, rhs: string) => boolean

const isAlnum = (ch: string | undefined): boolean => ch !== undefined && /[\p{L}\p{N}]/u.test(ch)

/** Where a term match must sit: whole terms, the start of a term, or the end of a term. */
type TermAnchor = 'whole' | 'prefix' | 'suffix'

/**
 * `has` (and `hasprefix`/`hassuffix` with an anchor): the right side occurs aligned on term boundaries
 * (a term is a maximal run of letters/digits): not extending a term at its start (prefix, whole) and
 * at its end (suffix, whole). A right side starting or ending with a separator needs no boundary there.
 */
export function hasTerm(lhs: string, rhs: string, anchor: TermAnchor = 'whole'): boolean {
  if (rhs.length === 0) return false // an empty needle never matches (reference rule 23)
  const alnumStart = anchor !== 'suffix' && isAlnum(rhs[0])
  const alnumEnd = anchor !== 'prefix' && isAlnum(rhs[rhs.length - 1])
  let at = lhs.indexOf(rhs)
  while (at >= 0) {
    const before = at === 0 || !alnumStart || !isAlnum(lhs[at - 1])
    const end = at + rhs.length
    const after = end === lhs.length || !alnumEnd || !isAlnum(lhs[end])
    if (before && after) return true
    at = lhs.indexOf(rhs, at + 1)
  }
  return false
}

const hasPrefix: StringTest = (l, r) => hasTerm(l, r, 'prefix')
const hasSuffix: StringTest = (l, r) => hasTerm(l, r, 'suffix')

function stringOp(test: StringTest, fold: boolean, negate: boolean): Kernel {
  return (args, n) => {
    const a = asStr(args[0], n)
    const hit = negate ? 0 : 1
    const constant = constantOf(args[1])
    if (constant && (typeof constant.value === 'string' || constant.value === null)) {
      const rhs = constant.value === null ? null : fold ? constant.value.toLowerCase() : constant.value
      if (rhs === null) return boolsByEntry(a, n, hit, () => false)
      return boolsByEntry(a, n, hit, fold ? (e) => test(e.toLowerCase(), rhs) : (e) => test(e, rhs))
    }
    const values = new Uint8Array(n)
    const b = asStr(args[1], n)
    for (let i = 0; i < n; i++) {
      const x = a.codes[i]
      const y = b.codes[i]
      let ok = false
      if (x >= 0 && y >= 0) {
        const l = a.dict[x]
        const r = b.dict[y]
        ok = fold ? test(l.toLowerCase(), r.toLowerCase()) : test(l, r)
      }
      values[i] = ok ? hit : hit ^ 1
    }
    return { kind: 'bool', values, valid: null } satisfies BoolVec
  }
}

const startsWith: StringTest = (l, r) => l.startsWith(r)
const endsWith: StringTest = (l, r) => l.endsWith(r)
const contains: StringTest = (l, r) => l.includes(r)

/** String predicate kernels keyed by operator kernel key. */
export const STRING_OPERATOR_KERNELS = {
  startswith: stringOp(startsWith, true, false),
  not_startswith: stringOp(startsWith, true, true),
  startswith_cs: stringOp(startsWith, false, false),
  not_startswith_cs: stringOp(startsWith, false, true),
  endswith: stringOp(endsWith, true, false),
  not_endswith: stringOp(endsWith, true, true),
  endswith_cs: stringOp(endsWith, false, false),
  not_endswith_cs: stringOp(endsWith, false, true),
  contains: stringOp(contains, true, false),
  not_contains: stringOp(contains, true, true),
  contains_cs: stringOp(contains, false, false),
  not_contains_cs: stringOp(contains, false, true),
  has: stringOp(hasTerm, true, false),
  not_has: stringOp(hasTerm, true, true),
  has_cs: stringOp(hasTerm, false, false),
  not_has_cs: stringOp(hasTerm, false, true),
  hasprefix: stringOp(hasPrefix, true, false),
  not_hasprefix: stringOp(hasPrefix, true, true),
  hasprefix_cs: stringOp(hasPrefix, false, false),
  not_hasprefix_cs: stringOp(hasPrefix, false, true),
  hassuffix: stringOp(hasSuffix, true, false),
  not_hassuffix: stringOp(hasSuffix, true, true),
  hassuffix_cs: stringOp(hasSuffix, false, false),
  not_hassuffix_cs: stringOp(hasSuffix, false, true),
} as const satisfies Record<string, Kernel>
