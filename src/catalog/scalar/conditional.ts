// catalog/scalar/conditional.ts: branching and logical functions (iff, case, coalesce, not). Their
// result types come from type-rules.ts `commonType`, so branch typing has a single definition.

import { q } from '../example.ts'
import { commonOfArgs, fixed, param, sig, variadic } from '../signature.ts'
import { scalarFamily } from './define.ts'

const fn = scalarFamily('conditional')

/** case(c1, v1, …, cN, vN, else): the values sit at odd indices, plus the final default. */
function caseResultArgs(n: number): number[] {
  const out: number[] = []
  for (let i = 1; i < n - 1; i += 2) out.push(i)
  out.push(n - 1)
  return out
}

/** Conditional rows. */
export const conditionalFunctions = [
  fn({
    name: 'iff',
    tier: 'T2',
    signatures: [sig(param('predicate', 'bool'), param('ifTrue', 'any'), param('ifFalse', 'any'))],
    returns: commonOfArgs('common type of ifTrue and ifFalse', () => [1, 2]),
    description:
      'ifTrue when the predicate is true, else ifFalse (also when it is null). Use dynamic(null) to yield null.',
    example: q("extend speed = iff(req_duration_ms > 1, 'slow', 'fast')"),
  }),
  fn({
    name: 'case',
    tier: 'T2',
    signatures: [
      variadic([], [param('condition', 'bool'), param('result', 'any')], 1, Infinity, [param('else', 'any')]),
    ],
    returns: commonOfArgs('common type of the results and the default', caseResultArgs),
    description: 'The result of the first true condition, else the final default argument.',
    example: q("extend class = case(status startswith '5', 'error', status startswith '4', 'client', 'ok')"),
  }),
  fn({
    name: 'coalesce',
    tier: 'T2',
    signatures: [variadic([], [param('expr', 'any')], 2, 64)],
    returns: commonOfArgs('common type of the arguments', (n) => Array.from({ length: n }, (_, i) => i)),
    description: 'The first argument that is not null (for strings: not empty).',
    example: q("extend city = coalesce(['geo.city'], 'unknown')"),
  }),
  fn({
    name: 'not',
    tier: 'T2',
    signatures: [sig(param('expr', 'bool'))],
    returns: fixed('bool'),
    description: 'Logical negation; null stays null.',
    example: q("where not(method == 'GET')"),
  }),
]
