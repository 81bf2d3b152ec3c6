// test/reference/scalar/define.ts: what every family file of the reference's scalar functions shares:
// the implementation shape, the per-family table type (keyed by the family's catalog kernel keys),
// and the argument rules (null in gives null; string parameters take other kinds' `tostring` text).

import type { KernelTable, ScalarFamily, ScalarKernelKeyOf } from '../../../src/catalog/index.ts'
import { toText } from '../convert.ts'
import type { Value } from '../values.ts'

/** What a scalar function may need beyond its arguments. */
export interface ScalarContext {
  /** The query clock, epoch ns. */
  readonly now: bigint
  /** The `bin_auto` step, ns. */
  readonly autoStep: bigint
}

/** A scalar function over its evaluated arguments (optional ones absent when not written). */
export type ScalarImpl = (args: readonly Value[], ctx: ScalarContext) => Value

/** One family's implementations, keyed by that family's kernel keys (every key optional). */
export type FamilyImpls<F extends ScalarFamily> = KernelTable<ScalarKernelKeyOf<F>, ScalarImpl>

/** Floor division of bigints (rounds toward negative infinity). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q
}

/** Wraps `fn` so that any null argument gives null. */
export function strict(fn: ScalarImpl): ScalarImpl {
  return (args, ctx) => (args.some((a) => a === null) ? null : fn(args, ctx))
}

/** A string argument: strings as is, other kinds as their `tostring` text. */
export const text = (v: Value): string => (typeof v === 'string' ? v : toText(v))

/** An integral argument as a JS number (longs and reals truncated). */
export const int = (v: Value): number => Number(typeof v === 'bigint' ? v : Math.trunc(Number(v)))
