// catalog/registry.ts: builds a name → row table for one kind of catalog entry, refusing duplicate
// names/aliases and malformed signatures at module load. Case-sensitive, as APL is.

import type { CallableDef } from './signature.ts'

/** A row a registry can index. */
export interface NamedRow {
  readonly name: string
  readonly aliases: readonly string[]
}

/** Thrown at module load when a catalog table is inconsistent (a programming error, not user input). */
export class CatalogError extends Error {
  override readonly name = 'CatalogError'
}

/** A frozen lookup table over rows of one kind. */
export interface Registry<R extends NamedRow> {
  /** What the rows are, for messages: `scalar function`. */
  readonly kind: string
  /** Rows in registration order. */
  readonly rows: readonly R[]
  /** The row whose name or alias is exactly `name`. */
  lookup(name: string): R | undefined
  /** Every name and alias, sorted (candidates for "did you mean"). */
  names(): readonly string[]
}

/** Indexes `rows`; throws CatalogError on a repeated name or alias, or when `check` throws. */
export function buildRegistry<R extends NamedRow>(
  kind: string,
  rows: readonly R[],
  check: (row: R) => void = () => {},
): Registry<R> {
  const byName = new Map<string, R>()
  for (const row of rows) {
    check(row)
    for (const name of [row.name, ...row.aliases]) {
      if (name.length === 0) throw new CatalogError(`${kind} '${row.name}' has an empty name or alias`)
      const prior = byName.get(name)
      if (prior) {
        throw new CatalogError(`duplicate ${kind} name '${name}' (in '${prior.name}' and '${row.name}')`)
      }
      byName.set(name, row)
    }
  }
  const names = Object.freeze([...byName.keys()].sort())
  const frozenRows = Object.freeze(rows.slice())
  return {
    kind,
    rows: frozenRows,
    lookup: (name) => byName.get(name),
    names: () => names,
  }
}

/**
 * Checks a callable row's signatures are well formed: at least one overload, optional params only
 * at the end of a signature without a repeating group, non-empty groups with 0 <= min <= max, and an
 * `arg` return rule pointing at a parameter every overload has.
 */
export function checkCallable(row: CallableDef): void {
  const fail = (why: string) => {
    throw new CatalogError(`'${row.name}': ${why}`)
  }
  if (row.signatures.length === 0) fail('no signatures')
  for (const s of row.signatures) {
    const firstOptional = s.params.findIndex((p) => p.optional)
    if (firstOptional >= 0 && s.params.slice(firstOptional).some((p) => !p.optional)) {
      fail('a required parameter follows an optional one')
    }
    if ((s.rest || (s.tail?.length ?? 0) > 0) && firstOptional >= 0)
      fail('optional parameter with a repeating group')
    if (s.tail && s.tail.length > 0 && !s.rest) fail('tail parameters without a repeating group')
    if (s.rest && (s.rest.group.length === 0 || s.rest.min < 0 || s.rest.min > s.rest.max)) {
      fail('malformed repeating group')
    }
    const rule = s.returns ?? row.returns
    if (rule.kind === 'arg' && s.params.filter((p) => !p.optional).length <= rule.index) {
      fail(
        `return rule names argument ${rule.index + 1}, which overload (${s.params.length} params) may lack`,
      )
    }
  }
}
