// legacy/filter-ops.ts: the legacy filter operators (api-contract.md §2.2), one row each: the spellings
// accepted (symbol and word forms, any case) and the APL expression the row becomes. No other module
// knows an op by name.

import type { BinaryOp, Expr } from '../syntax/ast.ts'
import { parseTimeBound } from '../util/time/index.ts'
import { binary, bool, call, datetime, num, str } from './apl-ast.ts'
import { LegacyError } from './errors.ts'
import type { FilterValue } from './normalized.ts'

/** What a comparison row needs besides the value. */
export interface LeafSite {
  /** The field, as an APL expression. */
  readonly field: Expr
  /** The field name, for messages. */
  readonly name: string
  /** The field holds datetimes: a string value is a time (RFC 3339 or `now-1h`). */
  readonly datetime: boolean
  /** Compare strings case-sensitively. */
  readonly sensitive: boolean
  /** Query clock, epoch ns (relative times in values). */
  readonly now: bigint
}

interface LeafRow {
  /** Lower-case spellings besides the canonical name. */
  readonly aliases: readonly string[]
  /** The row's truth for an event without the field (a null), given the value. */
  readonly onMissing: (value: FilterValue) => boolean
  readonly build: (site: LeafSite, value: FilterValue) => Expr
}

function fail(site: LeafSite, message: string): never {
  throw new LegacyError('invalid_filter', `filter on '${site.name}': ${message}`)
}

/** A scalar literal for a comparison; on a datetime field a string value is a time. */
function operand(site: LeafSite, value: FilterValue): Expr {
  if (value === null) return fail(site, 'the value must not be null here')
  if (typeof value === 'number') return num(value)
  if (typeof value === 'boolean') return bool(value)
  if (!site.datetime) return str(value)
  const t = parseTimeBound(value, site.now)
  if (t === null) return fail(site, `'${value}' is not an RFC 3339 time (the field holds datetimes)`)
  return datetime(t)
}

/** The text a string operator searches for (numbers and bools by their JSON text). */
function needle(site: LeafSite, value: FilterValue): Expr {
  if (value === null) return fail(site, 'the value must be a string')
  return str(typeof value === 'string' ? value : String(value))
}

/**
 * The field as text for a string operator: a datetime as its RFC 3339 text (`tostring`), as the
 * contract's string semantics say (the engine's implicit conversion of datetimes differs today).
 */
function text(site: LeafSite): Expr {
  return site.datetime ? call('tostring', [site.field]) : site.field
}

/** `field op value` where op has a case-insensitive (`ci`) and a case-sensitive (`cs`) spelling. */
function stringOp(ci: BinaryOp, cs: BinaryOp): LeafRow['build'] {
  return (site, value) => binary(site.sensitive ? cs : ci, text(site), needle(site, value))
}

function compare(op: BinaryOp): LeafRow['build'] {
  return (site, value) => binary(op, site.field, operand(site, value))
}

/** `==` and `!=`: null tests for a null value; `=~`/`!~` for a string compared case-insensitively. */
function equality(negated: boolean): LeafRow['build'] {
  return (site, value) => {
    if (value === null) return call(negated ? 'isnotnull' : 'isnull', [site.field])
    if (typeof value === 'string' && !site.sensitive && !site.datetime)
      return binary(negated ? '!~' : '=~', site.field, str(value))
    return binary(negated ? '!=' : '==', site.field, operand(site, value))
  }
}

/** A regex test; case-insensitive unless `caseSensitive` (the contract applies it to every string op). */
function regex(negated: boolean): LeafRow['build'] {
  return (site, value) => {
    if (typeof value !== 'string') return fail(site, 'the value must be a regular expression string')
    const pattern = str(site.sensitive ? value : `(?i)${value}`)
    return binary(negated ? '!matches regex' : 'matches regex', text(site), pattern)
  }
}

const never = (): boolean => false
const always = (): boolean => true

/** Every comparison op, keyed by its canonical name. */
const LEAF_OPS = {
  '==': { aliases: ['eq'], onMissing: (v) => v === null, build: equality(false) },
  '!=': { aliases: ['ne'], onMissing: (v) => v !== null, build: equality(true) },
  exists: { aliases: [], onMissing: never, build: (site) => call('isnotnull', [site.field]) },
  'not-exists': { aliases: [], onMissing: always, build: (site) => call('isnull', [site.field]) },
  '>': { aliases: ['gt'], onMissing: never, build: compare('>') },
  '>=': { aliases: ['gte'], onMissing: never, build: compare('>=') },
  '<': { aliases: ['lt'], onMissing: never, build: compare('<') },
  '<=': { aliases: ['lte'], onMissing: never, build: compare('<=') },
  'starts-with': { aliases: [], onMissing: never, build: stringOp('startswith', 'startswith_cs') },
  'not-starts-with': { aliases: [], onMissing: always, build: stringOp('!startswith', '!startswith_cs') },
  'ends-with': { aliases: [], onMissing: never, build: stringOp('endswith', 'endswith_cs') },
  'not-ends-with': { aliases: [], onMissing: always, build: stringOp('!endswith', '!endswith_cs') },
  // On an array field this tests the array's JSON text: the engine's `in` takes constant lists only.
  contains: { aliases: [], onMissing: never, build: stringOp('contains', 'contains_cs') },
  'not-contains': { aliases: [], onMissing: always, build: stringOp('!contains', '!contains_cs') },
  regexp: { aliases: [], onMissing: never, build: regex(false) },
  'not-regexp': { aliases: [], onMissing: always, build: regex(true) },
} as const satisfies Record<string, LeafRow>

/** A canonical comparison op. */
export type LeafFilterOp = keyof typeof LEAF_OPS

/** The logical ops: they combine `children`. */
export const LOGICAL_FILTER_OPS = ['and', 'or', 'not'] as const

/** A canonical logical op. */
export type LogicalFilterOp = (typeof LOGICAL_FILTER_OPS)[number]

const BY_SPELLING: ReadonlyMap<string, LeafFilterOp | LogicalFilterOp> = new Map<
  string,
  LeafFilterOp | LogicalFilterOp
>([
  ...LOGICAL_FILTER_OPS.map((op) => [op, op] as const),
  ...(Object.entries(LEAF_OPS) as [LeafFilterOp, LeafRow][]).flatMap(([op, row]) => [
    [op, op] as const,
    ...row.aliases.map((a) => [a, op] as const),
  ]),
])

/** Every accepted spelling (lower case), for messages and tests. */
export const FILTER_OP_SPELLINGS: readonly string[] = [...BY_SPELLING.keys()]

/** The canonical op for a spelling in any letter case, or undefined (`""` is handled by the caller). */
export function filterOpOf(spelling: string): LeafFilterOp | LogicalFilterOp | undefined {
  return BY_SPELLING.get(spelling.toLowerCase())
}

/** True for a canonical logical op. */
export function isLogicalOp(op: LeafFilterOp | LogicalFilterOp): op is LogicalFilterOp {
  return (LOGICAL_FILTER_OPS as readonly string[]).includes(op)
}

/** The APL expression of one comparison. */
export function leafExpr(op: LeafFilterOp, site: LeafSite, value: FilterValue): Expr {
  return (LEAF_OPS[op] as LeafRow).build(site, value)
}

/** The truth of a comparison on a field the dataset does not have (every event reads null). */
export function leafOnMissing(op: LeafFilterOp, value: FilterValue): boolean {
  return (LEAF_OPS[op] as LeafRow).onMissing(value)
}
