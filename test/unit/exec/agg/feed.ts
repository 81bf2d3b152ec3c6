// test/unit/exec/agg/feed.ts: test inputs for aggregation states and the one way tests feed them, through
// every typed add path (generic add, addNumber, addInt64 words, addCode with a per-partition
// dictionary), so paths that must agree (5 vs 5n vs int64 words, "x" vs its code) are exercised together.

import fc from 'fast-check'
import type { AggState, PayloadSource } from '../../../../src/exec/agg/agg-state.ts'
import type { ArgExtremumState } from '../../../../src/exec/agg/arg-extremum.ts'
import { CodeDictionary } from '../../../../src/exec/agg/code-dictionary.ts'
import { bigintToWords, wordsOut } from '../../../../src/exec/agg/int64-words.ts'

/** One input cell. */
export type Cell =
  | { readonly t: 'num'; readonly v: number }
  | { readonly t: 'i64'; readonly v: bigint }
  | { readonly t: 'str'; readonly v: string }
  | { readonly t: 'bool'; readonly v: boolean }
  | { readonly t: 'dyn'; readonly v: object }
  | { readonly t: 'null' }

/** A cell plus which add path feeds it (0 … 2; meaning depends on the cell type). */
export interface Row {
  readonly cell: Cell
  readonly path: number
}

const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n

/** Doubles: small integers, reals, safe integers, edge values (±0, 2^53…2^63, subnormals, NaN, ±Infinity). */
export const numCell = fc
  .oneof(
    { weight: 4, arbitrary: fc.integer({ min: -50, max: 50 }) },
    { weight: 2, arbitrary: fc.double({ noNaN: true, min: -1e6, max: 1e6 }) },
    { weight: 1, arbitrary: fc.maxSafeInteger() },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        0,
        -0,
        0.1,
        0.2,
        0.3,
        1e16,
        -1e16,
        2 ** 53,
        2 ** 53 + 2,
        2 ** 60,
        2 ** 63,
        -(2 ** 63),
        1e300,
        -1e300,
        5e-324,
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY) },
  )
  .map((v): Cell => ({ t: 'num', v }))

/** int64 values: full range, small, and the edges around ±2^53 and ±2^63. */
export const i64Cell = fc
  .oneof(
    fc.bigInt({ min: INT64_MIN, max: INT64_MAX }),
    fc.bigInt({ min: -100n, max: 100n }),
    fc.constantFrom(
      INT64_MIN,
      INT64_MAX,
      2n ** 53n,
      -(2n ** 53n),
      2n ** 53n + 1n,
      1_700_000_000_000_000_000n,
    ),
  )
  .map((v): Cell => ({ t: 'i64', v }))

/** Strings: common, empty, non-ASCII, a lone surrogate, an embedded NUL, and short random ones. */
export const strCell = fc
  .oneof(
    fc.constantFrom('GET', 'POST', 'PUT', '', 'é', '😀', '\ud800', 'a\u0000b'),
    fc.string({ maxLength: 4 }),
  )
  .map((v): Cell => ({ t: 'str', v }))

/** Booleans. */
export const boolCell = fc.boolean().map((v): Cell => ({ t: 'bool', v }))
/** Null cells (ignored by every state but count). */
export const nullCell = fc.constant<Cell>({ t: 'null' })
/** Dynamic values (arrays, objects; two objects equal up to key order). */
export const dynCell = fc
  .oneof(
    fc.constantFrom<object>([1, 2], { a: 1, b: [2] }, { b: [2], a: 1 }, []),
    fc.array(fc.integer({ min: 0, max: 3 })),
  )
  .map((v): Cell => ({ t: 'dyn', v }))

/** Cells from small domains, so equal values (ties, repeats across partitions) are common. */
export const smallCell = fc.oneof(
  fc.integer({ min: 0, max: 3 }).map((v): Cell => ({ t: 'num', v })),
  fc.bigInt({ min: 0n, max: 3n }).map((v): Cell => ({ t: 'i64', v })),
  fc.constantFrom(2n ** 60n, 2n ** 60n + 1n).map((v): Cell => ({ t: 'i64', v })),
  fc.constantFrom('a', 'b').map((v): Cell => ({ t: 'str', v })),
  fc.boolean().map((v): Cell => ({ t: 'bool', v })),
)

/** Skewed keys (a few heavy, many light), so Space-Saving summaries evict and disagree across partitions. */
export const skewedCell = fc
  .double({ min: 0, max: 1, noNaN: true })
  .chain((u) =>
    u < 0.7
      ? fc.constant<Cell>({ t: 'num', v: Math.floor(u * u * 20) })
      : fc.integer({ min: 0, max: 400 }).map((i): Cell => ({ t: 'str', v: `k${i}` })),
  )

/** A row arbitrary from a cell arbitrary. */
export function rowOf(cell: fc.Arbitrary<Cell>): fc.Arbitrary<Row> {
  return fc.record({ cell, path: fc.integer({ min: 0, max: 2 }) })
}

/** A per-partition dictionary of every string in `rows` (so addCode can be used for them). */
export function dictionaryOf(rows: readonly Row[]): { dict: CodeDictionary; code: Map<string, number> } {
  const code = new Map<string, number>()
  const values: string[] = []
  for (const r of rows) {
    if (r.cell.t === 'str' && !code.has(r.cell.v)) {
      code.set(r.cell.v, values.length)
      values.push(r.cell.v)
    }
  }
  return { dict: new CodeDictionary(values), code }
}

/** The JS value of a cell (what the generic add path receives). */
export function cellValue(c: Cell): unknown {
  return c.t === 'null' ? null : c.v
}

/**
 * Feeds runs of typed rows (numbers, int64s, codes with path ≠ 0) through the batch paths. Values sit
 * at odd positions of their arrays and a selection vector picks them (when `select`), so both forms of
 * the `rows` argument are exercised; every other row goes through `feed`. Row order is preserved.
 */
export function feedBatched(state: AggState, rows: readonly Row[], select: boolean): void {
  const { dict, code } = dictionaryOf(rows)
  let run: Row[] = []
  const flush = () => {
    if (run.length === 0) return
    const n = run.length
    const at = (i: number) => (select ? 2 * i + 1 : i)
    const sel = select ? Uint32Array.from({ length: n }, (_, i) => at(i)) : null
    const t = run[0].cell.t
    if (t === 'num') {
      const values = new Float64Array(2 * n + 1).fill(Number.NaN)
      run.forEach((r, i) => {
        values[at(i)] = (r.cell as { v: number }).v
      })
      state.addNumbers(values, sel, 0, n)
    } else if (t === 'i64') {
      const words = new Int32Array(2 * (2 * n + 1))
      run.forEach((r, i) => {
        bigintToWords((r.cell as { v: bigint }).v)
        words[2 * at(i)] = wordsOut[1]
        words[2 * at(i) + 1] = wordsOut[0]
      })
      state.addInt64s(words, sel, 0, n)
    } else {
      const codes = new Int32Array(2 * n + 1).fill(-1)
      run.forEach((r, i) => {
        codes[at(i)] = code.get((r.cell as { v: string }).v) as number
      })
      state.addCodes(codes, dict, sel, 0, n)
    }
    run = []
  }
  for (const row of rows) {
    const t = row.cell.t
    const typed = row.path !== 0 && (t === 'num' || t === 'i64' || t === 'str')
    if (run.length > 0 && (!typed || run[0].cell.t !== t)) flush()
    if (typed) run.push(row)
    else feed(state, [row])
  }
  flush()
}

/** Feeds `rows` to `state` through the path each row names; strings use the partition's dictionary. */
export function feed(state: AggState, rows: readonly Row[]): void {
  const { dict, code } = dictionaryOf(rows)
  for (const { cell, path } of rows) {
    switch (cell.t) {
      case 'num':
        if (path === 0) state.add(cell.v)
        else if (path === 2 && Number.isSafeInteger(cell.v) && !Object.is(cell.v, -0)) {
          bigintToWords(BigInt(cell.v))
          state.addInt64(wordsOut[0], wordsOut[1])
        } else state.addNumber(cell.v)
        break
      case 'i64':
        if (path === 0) state.add(cell.v)
        else {
          bigintToWords(cell.v)
          state.addInt64(wordsOut[0], wordsOut[1])
        }
        break
      case 'str':
        if (path === 0) state.add(cell.v)
        else state.addCode(code.get(cell.v) as number, dict)
        break
      default:
        state.add(cellValue(cell))
    }
  }
}

/** Payloads of arg states: the ordinal itself, wrapped, so tests can see which row won. */
export const ordinalPayload: PayloadSource = { capture: (ordinal) => ({ row: ordinal }) }

/** Feeds arg_min/arg_max with ordinals `base + i`; with `batch`, typed rows go one by one through the batch forms. */
export function feedArg(state: ArgExtremumState, rows: readonly Row[], base: number, batch = false): void {
  const { dict, code } = dictionaryOf(rows)
  rows.forEach(({ cell, path }, i) => {
    const ord = base + i
    // Batch forms take ordinal = ordinalBase + cell index: put the value at index i of a scratch array.
    if (batch && path !== 0 && cell.t === 'num') {
      const values = new Float64Array(i + 1)
      values[i] = cell.v
      state.addNumbersAt(values, Uint32Array.of(i), 0, 1, base, ordinalPayload)
    } else if (batch && path !== 0 && cell.t === 'i64') {
      const words = new Int32Array(2 * (i + 1))
      bigintToWords(cell.v)
      words[2 * i] = wordsOut[1]
      words[2 * i + 1] = wordsOut[0]
      state.addInt64sAt(words, Uint32Array.of(i), 0, 1, base, ordinalPayload)
    } else if (batch && path !== 0 && cell.t === 'str') {
      const codes = new Int32Array(i + 1)
      codes[i] = code.get(cell.v) as number
      state.addCodesAt(codes, dict, Uint32Array.of(i), 0, 1, base, ordinalPayload)
    } else if (cell.t === 'str' && path !== 0)
      state.addCodeAt(code.get(cell.v) as number, dict, ord, ordinalPayload)
    else if (cell.t === 'i64' && path !== 0) {
      bigintToWords(cell.v)
      state.addInt64At(wordsOut[0], wordsOut[1], ord, ordinalPayload)
    } else state.addAt(cellValue(cell), ord, ordinalPayload)
  })
}

/** A cell's value as the states normalise it: int64 → number when safe, else bigint; −0 kept. */
export function normalised(c: Cell): unknown {
  if (c.t === 'i64') return c.v >= -(2n ** 53n) + 1n && c.v <= 2n ** 53n - 1n ? Number(c.v) : c.v
  return cellValue(c)
}
