// legacy/filter-expr.ts: a validated legacy filter → one APL predicate (AST). Comparisons on a field
// the dataset lacks fold to their value on null (`exists` false, `not-contains` true, …).

import type { Expr } from '../syntax/ast.ts'
import { and, bool, column, not, or } from './apl-ast.ts'
import type { FieldScope } from './field-scope.ts'
import { leafExpr, leafOnMissing } from './filter-ops.ts'
import type { NormalFilter } from './normalized.ts'

type Translate<K extends NormalFilter['kind']> = (
  f: Extract<NormalFilter, { kind: K }>,
  scope: FieldScope,
  now: bigint,
) => Expr

const all = (f: { readonly children: readonly NormalFilter[] }, scope: FieldScope, now: bigint) =>
  f.children.map((c) => filterExpr(c, scope, now))

/** One translation per filter kind. */
const KINDS: { readonly [K in NormalFilter['kind']]: Translate<K> } = {
  and: (f, scope, now) => and(all(f, scope, now)),
  or: (f, scope, now) => or(all(f, scope, now)),
  not: (f, scope, now) => not(and(all(f, scope, now))),
  leaf: (f, scope, now) => {
    if (!scope.has(f.field)) return bool(leafOnMissing(f.op, f.value))
    const site = {
      field: column(f.field),
      name: f.field,
      datetime: scope.isDatetime(f.field),
      sensitive: f.sensitive,
      now,
    }
    return leafExpr(f.op, site, f.value)
  },
}

/** The APL predicate of `f` over `scope`; `now` (epoch ns) resolves relative times in values. */
export function filterExpr(f: NormalFilter, scope: FieldScope, now: bigint): Expr {
  return (KINDS[f.kind] as Translate<NormalFilter['kind']>)(f, scope, now)
}
