// exec/kernels/operators/set-membership.ts: `in` / `!in` over a list (a dynamic array contributes its
// elements, nested arrays flattened). Over constants, strings test once per dictionary entry and other layouts compare per value
// (§10.5); a list holding a column is read row by row.
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

/** The list's values at row `i` (a dynamic array contributes its elements). */
function listValues(args: readonly Vec[], i: number): Cell[] {
  const out: Cell[] = []
  for (let k = 1; k < args.length; k++) {
    const c = constantOf(args[k])?.value ?? cellAt(args[k], i)
    if (Array.isArray(c)) pushFlat(c as Cell[], out)
    else out.push(c)
  }
  return out
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
    const list = listValues(args, 0)
    if (a.kind === 'str' && list.every((v) => typeof v === 'string')) {
      const set = new Set(list as string[])
      return boolsByEntry(a, n, hit, (e) => set.has(e))
    }
    const values = new Uint8Array(n)
    for (let i = 0; i < n; i++) {
      const x = cellAt(a, i)
      let found = false
      if (x !== null) for (const v of list) if (relateCells(x, v, site.env.strictTypes) === EQ) found = true
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
