// exec/kernels/operators/set-text.ts: the text-matching set operators: `in~` / `!in~` (equal to a listed
// value ignoring case, by `tostring` text) and `has_any` / `has_any_cs` (a listed value is a whole term
// of the left side). A dynamic array in the list contributes its elements, nested arrays flattened
// (Axiom's in~ page). With a constant list the test runs once per dictionary entry of the left side.
import type { CellJson } from '../../result.ts'
import type { BoolVec, StrVec, Vec } from '../../vector.ts'
import { asText } from '../arg-views.ts'
import { constantOf } from '../constants.ts'
import { formatReal } from '../conversion/to-string.ts'
import { boolsByEntry } from '../entry-outcomes.ts'
import type { Kernel } from '../kernel.ts'
import { hasTerm } from './string-operators.ts'

/** The `tostring` text of a JSON element (an integral number is a long). */
function jsonText(c: CellJson): string {
  if (typeof c === 'string') return c
  if (typeof c === 'number') return Number.isSafeInteger(c) && !Object.is(c, -0) ? String(c) : formatReal(c)
  if (typeof c === 'boolean') return c ? 'true' : 'false'
  return JSON.stringify(c)
}

/** Appends the texts of `c`'s elements (recursively for nested arrays); null elements add nothing. */
function flatten(c: CellJson, out: string[]): void {
  if (Array.isArray(c)) for (const e of c) flatten(e, out)
  else if (c !== null) out.push(jsonText(c))
}

/** The list's texts at row `i`: each argument's text, a dynamic array's elements. */
function listTexts(args: readonly Vec[], texts: readonly (StrVec | null)[], i: number): string[] {
  const out: string[] = []
  for (let k = 1; k < args.length; k++) {
    const a = args[k]
    const row = constantOf(a) !== undefined ? 0 : i
    if (a.kind === 'dyn') flatten(a.values[row], out)
    else {
      const t = texts[k] as StrVec
      const c = t.codes[row]
      if (c >= 0) out.push(t.dict[c])
    }
  }
  return out
}

/** A set test built from the list's texts: a predicate on one left-side text. */
type SetTest = (list: readonly string[]) => (lhs: string) => boolean

function setText(build: SetTest, negate: boolean): Kernel {
  return (args, n) => {
    const lhs = asText(args[0], n)
    const hit = negate ? 0 : 1
    const texts = args.map((a, k) => (k === 0 || a.kind === 'dyn' ? null : asText(a, n)))
    if (args.slice(1).every((a) => constantOf(a) !== undefined)) {
      return boolsByEntry(lhs, n, hit, build(n > 0 ? listTexts(args, texts, 0) : []))
    }
    const values = new Uint8Array(n)
    for (let i = 0; i < n; i++) {
      const c = lhs.codes[i]
      const found = c >= 0 && build(listTexts(args, texts, i))(lhs.dict[c])
      values[i] = found ? hit : hit ^ 1
    }
    return { kind: 'bool', values, valid: null } satisfies BoolVec
  }
}

const inCi: SetTest = (list) => {
  const set = new Set(list.map((s) => s.toLowerCase()))
  return (lhs) => set.has(lhs.toLowerCase())
}

const hasAny =
  (fold: boolean): SetTest =>
  (list) => {
    const terms = fold ? list.map((s) => s.toLowerCase()) : list
    return (lhs) => {
      const l = fold ? lhs.toLowerCase() : lhs
      return terms.some((t) => hasTerm(l, t))
    }
  }

/** Text set-operator kernels keyed by operator kernel key. */
export const SET_TEXT_KERNELS = {
  in_ci: setText(inCi, false),
  not_in_ci: setText(inCi, true),
  has_any: setText(hasAny(true), false),
  has_any_cs: setText(hasAny(false), false),
} as const satisfies Record<string, Kernel>
