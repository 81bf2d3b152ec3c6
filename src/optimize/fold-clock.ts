// optimize/fold-clock.ts: evaluates the query clock once per query (apl-reference §8): `now()`,
// `now(offset)` and `ago(span)` with literal arguments become datetime literals, and so do
// datetime ± timespan and timespan ± timespan of literals, so later rules see plain bounds.
import type { BoundExpr, BoundLiteral } from '../plan/index.ts'

/** The literal value of `e` when it is a literal of `type`. */
function lit(e: BoundExpr | undefined, type: 'datetime' | 'timespan'): bigint | undefined {
  return e && e.kind === 'Literal' && e.type === type && typeof e.value === 'bigint' ? e.value : undefined
}

function literal(like: BoundExpr, type: 'datetime' | 'timespan', value: bigint): BoundLiteral {
  return { kind: 'Literal', type, value, span: like.span }
}

/** One bottom-up rewrite step (children are already folded). */
export function foldClock(e: BoundExpr, now: bigint): BoundExpr {
  if (e.kind === 'Call' && e.fn.name === 'now') {
    if (e.args.length === 0) return literal(e, 'datetime', now)
    const off = lit(e.args[0], 'timespan')
    return off === undefined ? e : literal(e, 'datetime', now + off)
  }
  if (e.kind === 'Call' && e.fn.name === 'ago') {
    const span = lit(e.args[0], 'timespan')
    return span === undefined ? e : literal(e, 'datetime', now - span)
  }
  if (e.kind === 'Unary' && e.kernel === 'negate') {
    const span = lit(e.operand, 'timespan')
    return span === undefined ? e : literal(e, 'timespan', -span)
  }
  if (e.kind === 'Binary' && (e.kernel === 'add' || e.kernel === 'sub')) {
    const sign = e.kernel === 'add' ? 1n : -1n
    const rightSpan = lit(e.right, 'timespan')
    if (rightSpan === undefined) return e
    const leftTime = lit(e.left, 'datetime')
    if (leftTime !== undefined) return literal(e, 'datetime', leftTime + sign * rightSpan)
    const leftSpan = lit(e.left, 'timespan')
    if (leftSpan !== undefined) return literal(e, 'timespan', leftSpan + sign * rightSpan)
  }
  return e
}
