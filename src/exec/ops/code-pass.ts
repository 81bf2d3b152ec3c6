// exec/ops/code-pass.ts: the rows that pass every conjunct of a `where` decided per dictionary code
// (code-select.ts builds the tests): by table lookups on each row's codes, without a bool vector per
// conjunct. When one conjunct passes few of a sample of rows, its rows are picked first by a rarely
// taken branch (by comparing the code itself when it passes one) and the others narrow them;
// otherwise every conjunct runs in one branch-free pass.
import { leafCall } from '../leaf-call.ts'

/** One conjunct decided per code: `pass[codes[i] + 1]` is 1 where row i passes. */
export interface CodeTest {
  readonly codes: Int32Array
  readonly pass: Uint8Array
}

/**
 * Writes the rows of `rows` (every row below `total` when null) that pass every test into `keep`
 * and returns how many.
 */
export function selectByCodes(
  tests: readonly CodeTest[],
  rows: Uint32Array | null,
  keep: Uint32Array,
  total: number,
): number {
  const n = rows === null ? total : rows.length
  if (n >= 4 * SAMPLE) {
    // The test passing the fewest sampled rows first; when it passes few, its rows are picked by a
    // branch (taken rarely, so well predicted: 1.5 against 2.5 ns a row for the branch-free pass of
    // two tests, measured on 1M rows), and the other tests narrow what it kept.
    let first = 0
    let fewest = SAMPLE + 1
    for (let t = 0; t < tests.length; t++) {
      const c = sampledPasses(tests[t], rows, n)
      if (c < fewest) {
        fewest = c
        first = t
      }
    }
    if (fewest * SELECTIVE <= SAMPLE) {
      const a = tests[first]
      const code = onlyPassing(a.pass)
      let k =
        rows !== null
          ? leafCall(pickRows, a.codes, a.pass, rows, keep)
          : code !== undefined
            ? leafCall(pickCode, a.codes, code, keep, total)
            : leafCall(pickDense, a.codes, a.pass, keep, total)
      for (let t = 0; t < tests.length && k > 0; t++)
        if (t !== first) k = leafCall(passKept, tests[t].codes, tests[t].pass, keep, k)
      return k
    }
  }
  const [a, b] = tests
  let k: number
  if (b === undefined)
    k =
      rows === null
        ? leafCall(passDense, a.codes, a.pass, keep, total)
        : leafCall(passRows, a.codes, a.pass, rows, keep)
  else
    k =
      rows === null
        ? leafCall(passDense2, a.codes, a.pass, b.codes, b.pass, keep, total)
        : leafCall(passRows2, a.codes, a.pass, b.codes, b.pass, rows, keep)
  // Further tests narrow the kept rows in place (the write position never passes the read one).
  for (let t = 2; t < tests.length && k > 0; t++)
    k = leafCall(passKept, tests[t].codes, tests[t].pass, keep, k)
  return k
}

/** Rows sampled (evenly spaced) to estimate how many rows a test passes. */
export const SAMPLE = 256

/** A test passing at most 1/SELECTIVE of the sampled rows picks its rows by a branch. */
export const SELECTIVE = 16

/** How many of SAMPLE rows, evenly spaced over the `n` rows (`rows`, or 0 … n − 1), `t` passes. */
function sampledPasses(t: CodeTest, rows: Uint32Array | null, n: number): number {
  const { codes, pass } = t
  const step = Math.floor(n / SAMPLE)
  let c = 0
  for (let s = 0; s < SAMPLE; s++) c += pass[codes[rows === null ? s * step : rows[s * step]] + 1]
  return c
}

/** The one code a pass table passes (−1: null), or undefined when it passes none or several. */
function onlyPassing(pass: Uint8Array): number | undefined {
  let at = -1
  for (let c = 0; c < pass.length; c++) {
    if (pass[c] === 0) continue
    if (at >= 0) return undefined
    at = c
  }
  return at < 0 ? undefined : at - 1
}

/** Rows below `total` whose code is `code` (a test passing one code: no table lookup per row). */
function pickCode(codes: Int32Array, code: number, keep: Uint32Array, total: number): number {
  let k = 0
  for (let i = 0; i < total; i++) if (codes[i] === code) keep[k++] = i
  return k
}

/** Rows below `total` that pass, by a branch (for a test that passes few). */
function pickDense(codes: Int32Array, pass: Uint8Array, keep: Uint32Array, total: number): number {
  let k = 0
  for (let i = 0; i < total; i++) if (pass[codes[i] + 1] !== 0) keep[k++] = i
  return k
}

/** Rows of `rows` that pass, by a branch (for a test that passes few). */
function pickRows(codes: Int32Array, pass: Uint8Array, rows: Uint32Array, keep: Uint32Array): number {
  let k = 0
  for (let j = 0; j < rows.length; j++) {
    const i = rows[j]
    if (pass[codes[i] + 1] !== 0) keep[k++] = i
  }
  return k
}

// Leaf loops, branch-free: every row is written and the count moves on past a passing one.

function passDense(codes: Int32Array, pass: Uint8Array, keep: Uint32Array, total: number): number {
  let k = 0
  for (let i = 0; i < total; i++) {
    keep[k] = i
    k += pass[codes[i] + 1]
  }
  return k
}

function passRows(codes: Int32Array, pass: Uint8Array, rows: Uint32Array, keep: Uint32Array): number {
  let k = 0
  for (let j = 0; j < rows.length; j++) {
    const i = rows[j]
    keep[k] = i
    k += pass[codes[i] + 1]
  }
  return k
}

function passDense2(
  ca: Int32Array,
  pa: Uint8Array,
  cb: Int32Array,
  pb: Uint8Array,
  keep: Uint32Array,
  total: number,
): number {
  let k = 0
  for (let i = 0; i < total; i++) {
    keep[k] = i
    k += pa[ca[i] + 1] & pb[cb[i] + 1]
  }
  return k
}

function passRows2(
  ca: Int32Array,
  pa: Uint8Array,
  cb: Int32Array,
  pb: Uint8Array,
  rows: Uint32Array,
  keep: Uint32Array,
): number {
  let k = 0
  for (let j = 0; j < rows.length; j++) {
    const i = rows[j]
    keep[k] = i
    k += pa[ca[i] + 1] & pb[cb[i] + 1]
  }
  return k
}

function passKept(codes: Int32Array, pass: Uint8Array, keep: Uint32Array, n: number): number {
  let k = 0
  for (let j = 0; j < n; j++) {
    const i = keep[j]
    keep[k] = i
    k += pass[codes[i] + 1]
  }
  return k
}
