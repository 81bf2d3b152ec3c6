// test/reference/join.ts: every join kind as a nested loop over both inputs: keys match when every
// `$left.a == $right.b` is true under the `==` rules (compare.ts; null never matches). Output order:
// left rows in order with their matches in right order, then unmatched right rows (right/full outer).

import type { JoinKind, LogicalOf } from '../../src/plan/index.ts'
import { equals } from './compare.ts'
import type { EvalContext, Row } from './context.ts'
import { evalExpr, rowEnv } from './expr.ts'
import { tupleKey, type Value } from './values.ts'

type Join = LogicalOf<'Join'>

/** What a join kind emits. */
interface KindRule {
  /** Emit matched (left, right) pairs. */
  readonly pairs: boolean
  /** Emit each left row without a match (with null right columns). */
  readonly leftUnmatched: boolean
  /** Emit each right row without a match (with null left columns). */
  readonly rightUnmatched: boolean
  /** Emit each left row once when it has a match (semi). */
  readonly leftMatched: boolean
  /** Emit each right row once when it has a match (semi). */
  readonly rightMatched: boolean
  /** Keep only the first left row of each key before joining (Kusto innerunique). */
  readonly uniqueLeft: boolean
}

const rule = (r: Partial<KindRule>): KindRule => ({
  pairs: false,
  leftUnmatched: false,
  rightUnmatched: false,
  leftMatched: false,
  rightMatched: false,
  uniqueLeft: false,
  ...r,
})

const KINDS: { readonly [K in JoinKind]: KindRule } = {
  inner: rule({ pairs: true }),
  innerunique: rule({ pairs: true, uniqueLeft: true }),
  leftouter: rule({ pairs: true, leftUnmatched: true }),
  rightouter: rule({ pairs: true, rightUnmatched: true }),
  fullouter: rule({ pairs: true, leftUnmatched: true, rightUnmatched: true }),
  leftanti: rule({ leftUnmatched: true }),
  rightanti: rule({ rightUnmatched: true }),
  leftsemi: rule({ leftMatched: true }),
  rightsemi: rule({ rightMatched: true }),
}

/** Joins evaluated inputs per `n.joinKind`. */
export function joinRows(n: Join, leftIn: readonly Row[], right: readonly Row[], ctx: EvalContext): Row[] {
  const kind = KINDS[n.joinKind]
  const keysOf = (rows: readonly Row[], side: 'left' | 'right') =>
    rows.map((r) => n.keys.map((k) => evalExpr(k[side], rowEnv(r, ctx))))
  let left = leftIn
  let leftKeys = keysOf(left, 'left')
  if (kind.uniqueLeft) {
    const seen = new Set<string>()
    const keep = leftKeys.map((k) => {
      const first = !seen.has(tupleKey(k))
      seen.add(tupleKey(k))
      return first
    })
    left = left.filter((_, i) => keep[i])
    leftKeys = leftKeys.filter((_, i) => keep[i])
  }
  const rightKeys = keysOf(right, 'right')
  const matches = (a: readonly Value[], b: readonly Value[]) =>
    a.every((v, k) => equals(v, b[k], ctx.strictTypes) === true)
  // Right-only kinds (rightsemi, rightanti) output no left columns.
  const leftNames = n.schema.length > n.rightNames.length ? n.left.schema.map((c) => c.name) : []
  const combine = (l: Row | null, r: Row | null): Row => {
    const out = new Map<string, Value>()
    for (const name of leftNames) out.set(name, l?.get(name) ?? null)
    for (const { from, to } of n.rightNames) out.set(to, r?.get(from) ?? null)
    return out
  }
  const out: Row[] = []
  const rightHit = new Array<boolean>(right.length).fill(false)
  left.forEach((l, i) => {
    let hit = false
    right.forEach((r, j) => {
      if (!matches(leftKeys[i], rightKeys[j])) return
      hit = true
      rightHit[j] = true
      if (kind.pairs) out.push(combine(l, r))
    })
    if (hit && kind.leftMatched) out.push(l)
    if (!hit && kind.leftUnmatched) out.push(combine(l, null))
  })
  right.forEach((r, j) => {
    if (rightHit[j] && kind.rightMatched) out.push(combine(null, r))
    if (!rightHit[j] && kind.rightUnmatched) out.push(combine(null, r))
  })
  return out
}
