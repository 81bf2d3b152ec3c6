// exec/kernels/operators/set-membership.ts: `in` / `!in` over a list (a dynamic array contributes its
// elements). A list of constants is compiled once per query into sets (the evaluator hands it over as
// one constant array, exec/eval/in-list.ts): strings test once per dictionary entry, numbers look rows
// up in a hash set; other mixes compare per value (§10.5). A list holding a column is read row by row.
import type { Cell } from '../../result.ts'
import type { Vec } from '../../vector.ts'
import { cellAt } from '../../vector.ts'
import { constantOf } from '../constants.ts'
import { boolsByEntry } from '../entry-outcomes.ts'
import type { Kernel } from '../kernel.ts'
import { EQ, relateCells } from './relate.ts'

/** The elements of a dynamic array, nested arrays flattened (Axiom's in-operator pages). */
function pushFlat(a: readonly Cell[], out: Cell[]): void {
  for (const e of a) {
    if (Array.isArray(e)) pushFlat(e as Cell[], out)
    else out.push(e)
  }
}

/** The list's values at row `i` (a dynamic array contributes its elements, nested arrays flattened). */
function listValues(args: readonly Vec[], i: number): Cell[] {
  const out: Cell[] = []
  for (let k = 1; k < args.length; k++) {
    const c = constantOf(args[k])?.value ?? cellAt(args[k], i)
    if (Array.isArray(c)) pushFlat(c as Cell[], out)
    else out.push(c)
  }
  return out
}

/** A constant list, ready to test: its values, and sets when every value is a string or a number. */
interface CompiledList {
  readonly values: readonly Cell[]
  readonly strings: ReadonlySet<string> | undefined
  /** Numbers (NaN left out: it is never equal). */
  readonly numbers: ReadonlySet<number> | undefined
}

/** Compiled lists by the constant array the evaluator passes (one per query expression). */
const COMPILED = new WeakMap<object, CompiledList>()

function compile(values: readonly Cell[]): CompiledList {
  const strings = values.every((v) => typeof v === 'string') ? new Set(values as string[]) : undefined
  const numbers = values.every((v) => typeof v === 'number')
    ? new Set((values as number[]).filter((v) => !Number.isNaN(v)))
    : undefined
  return { values, strings, numbers }
}

/** The compiled constant list of a call (cached when the list is one constant array). */
function constantList(args: readonly Vec[]): CompiledList {
  const only = args.length === 2 ? constantOf(args[1])?.value : undefined
  if (!Array.isArray(only)) return compile(listValues(args, 0))
  let c = COMPILED.get(only)
  if (c === undefined) {
    c = compile(listValues(args, 0))
    COMPILED.set(only, c)
  }
  return c
}

/** Per row, when the list holds a column: its values differ row by row. */
function membershipPerRow(args: readonly Vec[], n: number, hit: number, strict: boolean): Vec {
  const values = new Uint8Array(n)
  for (let i = 0; i < n; i++) {
    const x = cellAt(args[0], i)
    let found = false
    if (x !== null) for (const v of listValues(args, i)) if (relateCells(x, v, strict) === EQ) found = true
    values[i] = found ? hit : hit ^ 1
  }
  return { kind: 'bool', values, valid: null }
}

function membership(negate: boolean): Kernel {
  return (args, n, site) => {
    const a = args[0]
    const hit = negate ? 0 : 1
    if (args.slice(1).some((v) => constantOf(v) === undefined))
      return membershipPerRow(args, n, hit, site.env.strictTypes)
    const list = constantList(args)
    const strings = list.strings
    if (a.kind === 'str' && strings) return boolsByEntry(a, n, hit, (e) => strings.has(e))
    const values = new Uint8Array(n)
    const numbers = list.numbers
    if (a.kind === 'num' && numbers) {
      // Inlined on purpose: one hash lookup per row (`==` of numbers is value identity; NaN never matches).
      const xs = a.values
      const valid = a.valid
      for (let i = 0; i < n; i++)
        values[i] = (valid === null || valid[i] === 1) && numbers.has(xs[i]) ? hit : hit ^ 1
      return { kind: 'bool', values, valid: null }
    }
    for (let i = 0; i < n; i++) {
      const x = cellAt(a, i)
      let found = false
      if (x !== null)
        for (const v of list.values) if (relateCells(x, v, site.env.strictTypes) === EQ) found = true
      values[i] = found ? hit : hit ^ 1
    }
    return { kind: 'bool', values, valid: null }
  }
}

/** `in` and `!in` kernels. */
export const SET_KERNELS = {
  in: membership(false),
  not_in: membership(true),
} as const satisfies Record<string, Kernel>
