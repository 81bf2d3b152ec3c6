// exec/kernels/string/string-positions.ts: substring and indexof, counting Unicode code points (reference
// rule 31). With constant positions they run once per dictionary entry; otherwise per row (indexof
// with each entry's code points split once). A null argument gives null.
import type { Vec } from '../../vector.ts'
import { asInt, asText, type IntView } from '../arg-views.ts'
import { constantOf } from '../constants.ts'
import { scalarKernel } from '../executor/index.ts'
import type { Kernel } from '../kernel.ts'

const SURROGATE = /[\uD800-\uDFFF]/

/** Code points of each dictionary entry, split on first use. */
function codePoints(dict: readonly string[]): (d: number) => readonly string[] {
  const cache: (readonly string[] | undefined)[] = new Array(dict.length)
  return (d) => {
    let cps = cache[d]
    if (cps === undefined) {
      cps = [...dict[d]]
      cache[d] = cps
    }
    return cps
  }
}

/** `substring` of one string: start clamped to [0, len], a negative length is 0, -1 length = to the end. */
function cut(s: string, start: number, length: number | null): string {
  // Without surrogates, UTF-16 units are code points: slice directly.
  const cps: readonly string[] | string = SURROGATE.test(s) ? [...s] : s
  const from = Math.min(Math.max(start, 0), cps.length)
  const len = length === null ? cps.length : Math.max(length, 0)
  return typeof cps === 'string' ? cps.slice(from, from + len) : cps.slice(from, from + len).join('')
}

const ok = (v: IntView, i: number): boolean => v.valid === null || v.valid[i] === 1

/** True when every argument from index 1 is a constant (so the work is per dictionary entry). */
const restConstant = (args: readonly Vec[]): boolean =>
  args.slice(1).every((a) => constantOf(a) !== undefined)

/** substring(source, start[, length]), on the kernel-authoring helper. */
const substring = scalarKernel({
  args: ['string', 'long', 'long?'],
  returns: 'string',
  fn: (s, start, length) => cut(s, start, length ?? null),
})

/**
 * The start of the `occurrence`-th (overlapping) match of `lookup` lying wholly in
 * `[start, start + length)` (length -1 = to the end), else -1; NaN (null) for start < 0,
 * length < -1 or occurrence < 1.
 */
function find(
  source: readonly string[],
  lookup: readonly string[],
  start: number,
  length: number,
  occurrence: number,
): number {
  if (start < 0 || length < -1 || occurrence < 1) return Number.NaN
  const end = length === -1 ? source.length : Math.min(source.length, start + length)
  let seen = 0
  for (let i = start; i + lookup.length <= end; i++) {
    let same = true
    for (let k = 0; k < lookup.length && same; k++) same = source[i + k] === lookup[k]
    if (same && ++seen === occurrence) return i
  }
  return -1
}

/** indexof(source, lookup[, start[, length[, occurrence]]]) → long. */
const indexof: Kernel = (args, n) => {
  const src = asText(args[0], n)
  const look = asText(args[1], n)
  const [st, ln, oc] = [2, 3, 4].map((k) => (args.length > k ? asInt(args[k], n) : null))
  const srcCps = codePoints(src.dict)
  const lookCps = codePoints(look.dict)
  const values = new Float64Array(n)
  const valid = new Uint8Array(n)
  // Every argument but the source constant: one answer per source dictionary entry.
  const perEntry = n > 0 && restConstant(args) ? new Float64Array(src.dict.length) : null
  const computed = perEntry ? new Uint8Array(src.dict.length) : null
  for (let i = 0; i < n; i++) {
    const c = src.codes[i]
    const l = look.codes[i]
    if (c < 0 || l < 0 || (st && !ok(st, i)) || (ln && !ok(ln, i)) || (oc && !ok(oc, i))) continue
    let r: number
    if (perEntry && computed && computed[c] === 1) r = perEntry[c]
    else {
      r = find(srcCps(c), lookCps(l), st ? st.values[i] : 0, ln ? ln.values[i] : -1, oc ? oc.values[i] : 1)
      if (perEntry && computed) {
        perEntry[c] = r
        computed[c] = 1
      }
    }
    if (!Number.isNaN(r)) {
      values[i] = r
      valid[i] = 1
    }
  }
  return { kind: 'num', type: 'long', values, valid }
}

/** Code-point position kernels keyed by scalar kernel key. */
export const STRING_POSITION_KERNELS = {
  substring,
  indexof,
} as const satisfies Record<string, Kernel>
