// catalog/signature.ts: the shape every callable catalog row shares (parameters, overloads, return
// rules, tier) and small builders for writing rows tersely. No lookup or matching logic here.

import type { AplType, TypeSpec } from './apl-types.ts'
import { commonType, type TypeConflict } from './type-rules.ts'

/**
 * Feature tier of apl-reference §9: T1 seed, T2 common, T3 everything else. Documentation only (the
 * support matrix shows it): whether a row runs is whether the engine has its kernel (exec/capabilities.ts).
 */
export type Tier = 'T1' | 'T2' | 'T3'

/** One formal parameter. */
export interface Param {
  /** Name shown in docs and messages (`bin_size`). */
  readonly name: string
  /** Types the argument may have; `dynamic`/`unknown` arguments also match (checked per value). */
  readonly accepts: TypeSpec
  /** May be left out; only trailing parameters of a signature without `rest` may be optional. */
  readonly optional?: boolean
  /** Must be a constant (literal, `let` constant or constant-folded expression), e.g. percentile's p. */
  readonly constant?: boolean
  /** Inclusive bounds a constant numeric argument must lie in (binder checks the folded value). */
  readonly range?: readonly [number, number]
  /** Values a constant string argument may take, compared case-insensitively (`datetime_diff`'s part). */
  readonly oneOf?: readonly string[]
  /** An RE2 pattern: a literal one must compile (the binder's APL0311 at it); a computed one gives null rows. */
  readonly regex?: boolean
}

/** A repeating group of parameters (`strcat(a1, …, aN)`, `case(c1, v1, c2, v2, …, else)`). */
export interface RestParams {
  /** The group repeated as a unit; args map to it round-robin. */
  readonly group: readonly Param[]
  /** Minimum number of repetitions of the whole group. */
  readonly min: number
  /** Maximum number of repetitions (`Infinity` for unbounded). */
  readonly max: number
}

/** One overload: leading params, then an optional repeating group, then fixed trailing params. */
export interface Signature {
  readonly params: readonly Param[]
  readonly rest?: RestParams
  readonly tail?: readonly Param[]
  /** Overrides the row's return rule for this overload (`rand()` real vs `rand(n)` long). */
  readonly returns?: ReturnRule
}

/** How a call's result type follows from its (actual) argument types. */
export type ReturnRule =
  | { readonly kind: 'fixed'; readonly type: AplType }
  | { readonly kind: 'arg'; readonly index: number }
  | {
      readonly kind: 'computed'
      /** One line for docs: "common type of the branches". */
      readonly describe: string
      readonly compute: (args: readonly AplType[]) => AplType | TypeConflict
    }

/** Fields shared by scalar functions, aggregations and scalar operators. */
export interface CallableDef<K extends string = string, T extends Tier = Tier> {
  /** Canonical name, case-sensitive as APL is. */
  readonly name: string
  /** Other names resolving to this row (`toreal` → `todouble`). */
  readonly aliases: readonly string[]
  /** Overloads, tried in order; ties in matching cost go to the earlier one. */
  readonly signatures: readonly Signature[]
  readonly returns: ReturnRule
  /** One or two sentences for docs and hover text. */
  readonly description: string
  /** A valid APL query over `sample-http-logs` using the row. */
  readonly example: string
  readonly tier: T
  /** Key of the executor's kernel; the key unions are derived from the tables. */
  readonly kernel: K
}

/** A parameter: `param('x', 'numeric')`, `param('p', 'numeric', { constant: true })`. */
export function param(name: string, accepts: TypeSpec, opts: Omit<Param, 'name' | 'accepts'> = {}): Param {
  return { name, accepts, ...opts }
}

/** An optional parameter. */
export function opt(
  name: string,
  accepts: TypeSpec,
  opts: Omit<Param, 'name' | 'accepts' | 'optional'> = {},
): Param {
  return { name, accepts, optional: true, ...opts }
}

/** A signature of fixed (possibly trailing-optional) parameters. */
export function sig(...params: Param[]): Signature {
  return { params }
}

/** A signature with a repeating group: `variadic([delim], [param('v', 'any')], 1, 63)`. */
export function variadic(
  params: readonly Param[],
  group: readonly Param[],
  min: number,
  max: number,
  tail: readonly Param[] = [],
): Signature {
  return { params, rest: { group, min, max }, tail }
}

/** The result is always `type`. */
export function fixed(type: AplType): ReturnRule {
  return { kind: 'fixed', type }
}

/** The result has the type of argument `index` (`bin(x, step)` → type of x). */
export function sameAsArg(index: number): ReturnRule {
  return { kind: 'arg', index }
}

/** The result is the common type (type-rules.ts) of the args `pick(argCount)` selects. */
export function commonOfArgs(describe: string, pick: (argCount: number) => readonly number[]): ReturnRule {
  return { kind: 'computed', describe, compute: (args) => commonType(args, pick(args.length)) }
}

/** A computed rule. */
export function computed(
  describe: string,
  compute: (args: readonly AplType[]) => AplType | TypeConflict,
): ReturnRule {
  return { kind: 'computed', describe, compute }
}

/** Docs text of a return rule, using the first signature's parameter names. */
export function describeReturn(row: Pick<CallableDef, 'returns' | 'signatures'>): string {
  const rule = row.returns
  if (rule.kind === 'fixed') return rule.type
  if (rule.kind === 'computed') return rule.describe
  const p = row.signatures[0]?.params[rule.index]
  return `type of ${p ? p.name : `argument ${rule.index + 1}`}`
}
