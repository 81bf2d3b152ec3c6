// catalog/resolve-signature.ts: picks the overload of a catalog row that fits a call's argument types
// and computes the result type, or explains the mismatch in a form the binder turns into a diagnostic.
// Never throws on user input and never produces diagnostics itself (no spans here).

import { type AplType, describeTypeSpec, typesOf } from './apl-types.ts'
import type { CallableDef, Param, Signature } from './signature.ts'

/** What the binder knows about one argument. */
export interface ArgInfo {
  readonly type: AplType
  /** false = known non-constant (fails constant-only params); absent = not checked. */
  readonly constant?: boolean
}

/** An argument as a bare type (constancy unchecked) or with constancy. */
export type ArgShape = AplType | ArgInfo

/** How an argument reached its parameter type: as is, long widened to real, or checked per value. */
export type Coercion = 'exact' | 'widen' | 'runtime'

/** A successful resolution. */
export interface SignatureMatch {
  readonly ok: true
  readonly signature: Signature
  readonly signatureIndex: number
  /** The parameter each argument bound to, in argument order. */
  readonly params: readonly Param[]
  readonly coercions: readonly Coercion[]
  readonly returns: AplType
}

/** Why no overload fits; `argIndex` is where to point (args.length = "after the last argument"). */
export interface SignatureMismatch {
  readonly reason: 'arity' | 'type' | 'constant'
  readonly argIndex: number
  /** Human text: `numeric`, `datetime`, `2 to 3 arguments`, `a constant`. */
  readonly expected: string
  /** Human text: the argument's type, `4 arguments`, `a non-constant expression`. */
  readonly found: string
}

/** The outcome of {@link resolveSignature}. */
export type SignatureResolution =
  | SignatureMatch
  | { readonly ok: false; readonly mismatch: SignatureMismatch }

const COST: { readonly [C in Coercion]: number } = { exact: 0, widen: 1, runtime: 2 }

/** Chooses the cheapest fitting overload of `row` for `args` (ties: the earlier overload). */
export function resolveSignature(
  row: Pick<CallableDef, 'signatures' | 'returns'>,
  args: readonly ArgShape[],
): SignatureResolution {
  const infos = args.map((a) => (typeof a === 'string' ? { type: a } : a))
  let best: { index: number; params: Param[]; coercions: Coercion[]; cost: number } | undefined
  let furthest: SignatureMismatch | undefined
  row.signatures.forEach((signature, index) => {
    const params = bindParams(signature, infos.length)
    if (!params) return
    const coercions: Coercion[] = []
    let cost = 0
    for (let i = 0; i < infos.length; i++) {
      const step = matchArg(params[i], infos[i], i)
      if (typeof step !== 'string') {
        if (!furthest || step.argIndex > furthest.argIndex) furthest = step
        return
      }
      coercions.push(step)
      cost += COST[step]
    }
    if (!best || cost < best.cost) best = { index, params, coercions, cost }
  })
  if (!best) return { ok: false, mismatch: furthest ?? arityMismatch(row.signatures, infos.length) }
  const signature = row.signatures[best.index]
  const types = infos.map((a) => a.type)
  const rule = signature.returns ?? row.returns
  let returns: AplType
  if (rule.kind === 'fixed') returns = rule.type
  else if (rule.kind === 'arg') returns = types[rule.index] ?? 'unknown'
  else {
    const out = rule.compute(types)
    if (typeof out !== 'string') {
      const found = types[out.argIndex]
      return {
        ok: false,
        mismatch: { reason: 'type', argIndex: out.argIndex, expected: out.expected, found },
      }
    }
    returns = out
  }
  return {
    ok: true,
    signature,
    signatureIndex: best.index,
    params: best.params,
    coercions: best.coercions,
    returns,
  }
}

/** The parameter each of `n` arguments binds to, or undefined when `n` does not fit the signature. */
export function bindParams(signature: Signature, n: number): Param[] | undefined {
  const { params, rest } = signature
  const tail = signature.tail ?? []
  if (!rest) {
    const required = params.filter((p) => !p.optional).length
    return n >= required && n <= params.length ? params.slice(0, n) : undefined
  }
  const middle = n - params.length - tail.length
  const g = rest.group.length
  if (middle < rest.min * g || middle > rest.max * g || middle % g !== 0) return undefined
  const out = params.slice()
  for (let i = 0; i < middle; i++) out.push(rest.group[i % g])
  return out.concat(tail)
}

function matchArg(p: Param, arg: ArgInfo, argIndex: number): Coercion | SignatureMismatch {
  if (p.constant && arg.constant === false) {
    return { reason: 'constant', argIndex, expected: 'a constant', found: 'a non-constant expression' }
  }
  const types = typesOf(p.accepts)
  if (types.includes(arg.type)) return 'exact'
  if (arg.type === 'long' && types.includes('real')) return 'widen'
  if (arg.type === 'unknown' || arg.type === 'dynamic') return 'runtime'
  return { reason: 'type', argIndex, expected: describeTypeSpec(p.accepts), found: arg.type }
}

function arityMismatch(signatures: readonly Signature[], n: number): SignatureMismatch {
  const max = Math.max(...signatures.map(maxArity))
  const texts = [...new Set(signatures.map(describeArity))]
  return {
    reason: 'arity',
    argIndex: Math.min(n, max),
    expected: texts.join(' or '),
    found: `${n} argument${n === 1 ? '' : 's'}`,
  }
}

function maxArity(s: Signature): number {
  const fixedCount = s.params.length + (s.tail?.length ?? 0)
  return s.rest ? fixedCount + s.rest.max * s.rest.group.length : fixedCount
}

/** "2 arguments", "1 to 3 arguments", "at least 1 argument", "3, 5, 7, … arguments". */
export function describeArity(s: Signature): string {
  const plural = (n: number) => (n === 1 ? 'argument' : 'arguments')
  if (!s.rest) {
    const min = s.params.filter((p) => !p.optional).length
    const max = s.params.length
    return min === max ? `${min} ${plural(min)}` : `${min} to ${max} arguments`
  }
  const g = s.rest.group.length
  const min = s.params.length + (s.tail?.length ?? 0) + s.rest.min * g
  const max = maxArity(s)
  if (g === 1) return Number.isFinite(max) ? `${min} to ${max} arguments` : `at least ${min} ${plural(min)}`
  return `${min}, ${min + g}, ${min + 2 * g}, … arguments`
}
