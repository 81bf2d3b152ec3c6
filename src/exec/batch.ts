// exec/batch.ts: the unit operators pass (rows of aligned vectors plus an optional selection) and
// the few whole-vector moves on it: gather by index, concatenate, null vectors. Never per-row objects.
import type { AplType } from '../catalog/index.ts'
import { type NumSeries, seriesVec } from './num-series.ts'
import type { Cell } from './result.ts'
import { StringIds } from './string-ids.ts'
import { markIdentity } from './time-order.ts'
import type { MixedVec, StrVec, Vec } from './vector.ts'
import { cellAt, vecLength } from './vector.ts'

/** Rows `0 … length-1` of `cols`; only the rows in `sel` (ascending) are live when it is set. */
export interface Batch {
  readonly length: number
  readonly sel: Uint32Array | null
  readonly cols: readonly Vec[]
  /**
   * Events each row stands for (absent: one each). Only a scan linked to a count yields them (a
   * block's distinct values from its zone map, rule zone-stats, exec/rules/zone-stats-rule.ts); filters pass them on.
   */
  readonly weights?: Float64Array
  /**
   * Row i is event `firstSeq + i` of the scanned dataset (its stable sequence number). Set by a scan
   * and kept by the filters directly above it, for `sample` (ops/sample-exec.ts); absent elsewhere.
   */
  readonly firstSeq?: number
}

/** Placeholder for a schema column the scan did not read: reads as null at every row (zero length). */
export const UNREAD: MixedVec = { kind: 'mixed', values: [] }

/** Live rows of a batch. */
export function liveRows(b: Batch): number {
  return b.sel ? b.sel.length : b.length
}

/** Events the live rows of a batch stand for: its live rows, or the sum of their weights. */
export function liveWeight(b: Batch): number {
  const w = b.weights
  if (w === undefined) return liveRows(b)
  let total = 0
  if (b.sel === null) for (let i = 0; i < b.length; i++) total += w[i]
  else for (let j = 0; j < b.sel.length; j++) total += w[b.sel[j]]
  return total
}

/** Picks the `valid` bytes at `idx` (null stays null). */
function gatherValid(valid: Uint8Array | null, idx: Uint32Array): Uint8Array | null {
  if (!valid) return null
  const out = new Uint8Array(idx.length)
  for (let i = 0; i < idx.length; i++) out[i] = valid[idx[i]]
  return out
}

function gatherF64(src: Float64Array, idx: Uint32Array): Float64Array {
  const out = new Float64Array(idx.length)
  for (let i = 0; i < idx.length; i++) out[i] = src[idx[i]]
  return out
}

function mergeCells(vs: readonly Vec[], n: number): Cell[] {
  const out: Cell[] = new Array(n).fill(null)
  for (const v of vs) {
    for (let i = 0; i < n; i++) {
      const c = cellAt(v, i)
      if (c !== null) out[i] = c
    }
  }
  return out
}

/**
 * A mixed vector over typed parts (row i non-null in at most one part; MixedVec.parts). Its cells are
 * merged on the first read of `values` only, so kernels that read the parts never pay for them.
 */
export function splitMixed(parts: readonly Vec[], n: number): MixedVec {
  let cells: Cell[] | null = null
  return {
    kind: 'mixed',
    parts,
    get values(): readonly Cell[] {
      cells ??= mergeCells(parts, n)
      return cells
    },
  }
}

/**
 * A string vector with its dictionary cut to the entries its rows use, renumbered in first-seen
 * order (null codes stay -1): a few rows taken from a block otherwise carry its whole dictionary,
 * to be walked again by every concatenation and shipped whole between threads.
 */
export function usedEntries(v: StrVec): StrVec {
  const remap = new Map<number, number>()
  const dict: string[] = []
  const codes = new Int32Array(v.codes.length)
  for (let i = 0; i < codes.length; i++) {
    const c = v.codes[i]
    if (c < 0) {
      codes[i] = -1
      continue
    }
    let id = remap.get(c)
    if (id === undefined) {
      id = dict.length
      remap.set(c, id)
      dict.push(v.dict[c])
    }
    codes[i] = id
  }
  return { kind: 'str', codes, dict }
}

/** The rows `idx` of `v`, in that order (strings keep their dictionary). */
/** Rows `idx` of a typed series (num-series.ts), sharing its element arrays. */
function takeSeries(s: NumSeries, idx: Uint32Array): Vec {
  const start = new Int32Array(idx.length)
  const len = new Int32Array(idx.length)
  for (let i = 0; i < idx.length; i++) [start[i], len[i]] = [s.start[idx[i]], s.len[idx[i]]]
  return seriesVec({ ...s, start, len }, idx.length)
}

export function takeVec(v: Vec, idx: Uint32Array): Vec {
  switch (v.kind) {
    case 'bool': {
      const out = new Uint8Array(idx.length)
      for (let i = 0; i < idx.length; i++) out[i] = v.values[idx[i]]
      return { kind: 'bool', values: out, valid: gatherValid(v.valid, idx) }
    }
    case 'num':
      return { kind: 'num', type: v.type, values: gatherF64(v.values, idx), valid: gatherValid(v.valid, idx) }
    case 'span':
      return { kind: 'span', values: gatherF64(v.values, idx), valid: gatherValid(v.valid, idx) }
    case 'time': {
      const ns = new Int32Array(idx.length)
      for (let i = 0; i < idx.length; i++) ns[i] = v.ns[idx[i]]
      return { kind: 'time', ms: gatherF64(v.ms, idx), ns, valid: gatherValid(v.valid, idx) }
    }
    case 'str': {
      const codes = new Int32Array(idx.length)
      for (let i = 0; i < idx.length; i++) codes[i] = v.codes[idx[i]]
      return { kind: 'str', codes, dict: v.dict }
    }
    case 'dyn':
    case 'mixed': {
      // A split mixed vector stays split: its parts are gathered, its cells not built.
      if (v.kind === 'mixed' && v.parts && !v.reals)
        return splitMixed(
          v.parts.map((p) => takeVec(p, idx)),
          idx.length,
        )
      // A typed series stays typed: rows are re-pointed at the shared elements.
      if (v.kind === 'dyn' && v.series) return takeSeries(v.series, idx)
      if (v.values.length === 0) return v
      const out = new Array(idx.length)
      for (let i = 0; i < idx.length; i++) out[i] = v.values[idx[i]] ?? null
      if (v.kind === 'dyn') return { kind: 'dyn', values: out }
      if (!v.reals) return { kind: 'mixed', values: out }
      const reals = new Uint8Array(idx.length)
      for (let i = 0; i < idx.length; i++) reals[i] = v.reals[idx[i]]
      return { kind: 'mixed', values: out, reals }
    }
  }
}

/** Rows [from, to) of `v` (typed arrays as views, no copy). */
export function sliceVec(v: Vec, from: number, to: number): Vec {
  const valid = (x: Uint8Array | null) => x?.subarray(from, to) ?? null
  switch (v.kind) {
    case 'bool':
      return { kind: 'bool', values: v.values.subarray(from, to), valid: valid(v.valid) }
    case 'num':
      return { kind: 'num', type: v.type, values: v.values.subarray(from, to), valid: valid(v.valid) }
    case 'span':
      return { kind: 'span', values: v.values.subarray(from, to), valid: valid(v.valid) }
    case 'time':
      return { kind: 'time', ms: v.ms.subarray(from, to), ns: v.ns.subarray(from, to), valid: valid(v.valid) }
    case 'str':
      return { kind: 'str', codes: v.codes.subarray(from, to), dict: v.dict }
    case 'dyn':
      return { kind: 'dyn', values: v.values.slice(from, to) }
    case 'mixed':
      if (v.parts && !v.reals)
        return splitMixed(
          v.parts.map((p) => sliceVec(p, from, to)),
          to - from,
        )
      if (v.values.length === 0) return v
      return v.reals
        ? { kind: 'mixed', values: v.values.slice(from, to), reals: v.reals.subarray(from, to) }
        : { kind: 'mixed', values: v.values.slice(from, to) }
  }
}

/** Rows [from, to) of a batch, densely (its selection is not applied: callers evaluate every row). */
export function sliceRows(b: Batch, from: number, to: number): Batch {
  return { length: to - from, sel: null, cols: b.cols.map((c) => sliceVec(c, from, to)) }
}

/** The batch with only its live rows, densely (no selection). */
export function compactBatch(b: Batch): Batch {
  const sel = b.sel
  if (!sel) return b
  return { length: sel.length, sel: null, cols: b.cols.map((c) => takeVec(c, sel)) }
}

/** 0, 1, 2, … shared by every dense batch (grown on demand; callers only read it). */
let identity = new Uint32Array(0)

/** The live row indices of a batch (identity when no selection). Read-only: never write into it. */
export function liveIndices(b: Batch): Uint32Array {
  if (b.sel) return b.sel
  if (identity.length < b.length) {
    identity = new Uint32Array(Math.max(b.length, 2 * identity.length))
    for (let i = 0; i < identity.length; i++) identity[i] = i
    // Never written again: fast paths on rows in order (time-order.ts) need not test its views.
    markIdentity(identity)
  }
  return identity.subarray(0, b.length)
}

function concatF64(parts: readonly Float64Array[], n: number): Float64Array {
  const out = new Float64Array(n)
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

function concatValid(
  vs: readonly { readonly valid: Uint8Array | null }[],
  lens: readonly number[],
  n: number,
) {
  if (vs.every((v) => v.valid === null)) return null
  const out = new Uint8Array(n).fill(1)
  let at = 0
  vs.forEach((v, i) => {
    if (v.valid) out.set(v.valid, at)
    at += lens[i]
  })
  return out
}

/** Strings of several dictionaries as one: each dictionary entry is remapped once. */
function concatStr(vs: readonly StrVec[], n: number): StrVec {
  const dict: string[] = []
  const ids = new StringIds()
  const codes = new Int32Array(n)
  let at = 0
  for (const v of vs) {
    // Only the entries a row uses are mapped: a gathered part (top-N, sort) keeps its block's whole
    // dictionary, which can be tens of thousands of strings for a handful of rows.
    const remap = new Int32Array(v.dict.length).fill(-1)
    for (let i = 0; i < v.codes.length; i++) {
      const c = v.codes[i]
      if (c < 0) {
        codes[at + i] = -1
        continue
      }
      let id = remap[c]
      if (id < 0) {
        const s = v.dict[c]
        const known = ids.get(s)
        if (known === undefined) {
          id = dict.length
          ids.set(s, id)
          dict.push(s)
        } else id = known
        remap[c] = id
      }
      codes[at + i] = id
    }
    at += v.codes.length
  }
  return { kind: 'str', codes, dict }
}

/** `parts` (each `lens[i]` rows) end to end; vectors of different layouts fall back to cells. */
export function concatVecs(parts: readonly Vec[], lens: readonly number[]): Vec {
  const n = lens.reduce((a, b) => a + b, 0)
  const kind = parts[0]?.kind
  const same = parts.every((p, i) => p.kind === kind && vecLength(p) === lens[i])
  if (parts.length === 1 && same) return parts[0]
  if (same && kind === 'num') {
    const ps = parts as Extract<Vec, { kind: 'num' }>[]
    const type = ps.every((p) => p.type === 'long') ? 'long' : 'real'
    return {
      kind: 'num',
      type,
      values: concatF64(
        ps.map((p) => p.values),
        n,
      ),
      valid: concatValid(ps, lens, n),
    }
  }
  if (same && kind === 'span') {
    const ps = parts as Extract<Vec, { kind: 'span' }>[]
    return {
      kind: 'span',
      values: concatF64(
        ps.map((p) => p.values),
        n,
      ),
      valid: concatValid(ps, lens, n),
    }
  }
  if (same && kind === 'time') {
    const ps = parts as Extract<Vec, { kind: 'time' }>[]
    const ns = new Int32Array(n)
    let at = 0
    for (const p of ps) {
      ns.set(p.ns, at)
      at += p.ns.length
    }
    return {
      kind: 'time',
      ms: concatF64(
        ps.map((p) => p.ms),
        n,
      ),
      ns,
      valid: concatValid(ps, lens, n),
    }
  }
  if (same && kind === 'bool') {
    const ps = parts as Extract<Vec, { kind: 'bool' }>[]
    const values = new Uint8Array(n)
    let at = 0
    for (const p of ps) {
      values.set(p.values, at)
      at += p.values.length
    }
    return { kind: 'bool', values, valid: concatValid(ps, lens, n) }
  }
  if (same && kind === 'str') return concatStr(parts as StrVec[], n)
  const out: Cell[] = new Array(n)
  let at = 0
  parts.forEach((p, k) => {
    for (let i = 0; i < lens[k]; i++) out[at + i] = cellAt(p, i)
    at += lens[k]
  })
  if (kind === 'dyn' && same) return { kind: 'dyn', values: out as never }
  return { kind: 'mixed', values: out, ...concatReals(parts, lens, n) }
}

/** The real marks of concatenated parts (a real-typed part marks every row), when any row needs one. */
function concatReals(parts: readonly Vec[], lens: readonly number[], n: number): { reals?: Uint8Array } {
  const marks = (p: Vec) => (p.kind === 'mixed' && p.reals) || (p.kind === 'num' && p.type === 'real')
  if (!parts.some(marks)) return {}
  const reals = new Uint8Array(n)
  let at = 0
  parts.forEach((p, k) => {
    if (p.kind === 'num' && p.type === 'real') reals.fill(1, at, at + lens[k])
    else if (p.kind === 'mixed' && p.reals) reals.set(p.reals.subarray(0, lens[k]), at)
    at += lens[k]
  })
  return { reals }
}

/** A vector of `n` nulls in the layout of `type`. */
export function nullVec(type: AplType, n: number): Vec {
  const invalid = new Uint8Array(n)
  switch (type) {
    case 'bool':
      return { kind: 'bool', values: new Uint8Array(n), valid: invalid }
    case 'long':
    case 'real':
      return { kind: 'num', type, values: new Float64Array(n), valid: invalid }
    case 'datetime':
      return { kind: 'time', ms: new Float64Array(n), ns: new Int32Array(n), valid: invalid }
    case 'timespan':
      return { kind: 'span', values: new Float64Array(n), valid: invalid }
    case 'string':
      return { kind: 'str', codes: new Int32Array(n).fill(-1), dict: [] }
    case 'dynamic':
      return { kind: 'dyn', values: new Array(n).fill(null) }
    case 'unknown':
      return { kind: 'mixed', values: new Array(n).fill(null) }
  }
}

/** A string vector of `cells` whose strings are all distinct (a group key's values): no dedup pass. */
export function fromDistinctStrings(cells: readonly Cell[]): Vec {
  const n = cells.length
  const codes = new Int32Array(n)
  let strings = 0
  while (strings < n && typeof cells[strings] === 'string') strings++
  if (strings === n) {
    // No null among them: the dictionary is a copy of the cells (one block copy, no growth), codes 0…n−1.
    for (let i = 0; i < n; i++) codes[i] = i
    return { kind: 'str', codes, dict: cells.slice() as string[] }
  }
  const dict: string[] = []
  for (let i = 0; i < n; i++) {
    const c = cells[i]
    if (typeof c === 'string') {
      codes[i] = dict.length
      dict.push(c)
    } else codes[i] = -1
  }
  return { kind: 'str', codes, dict }
}

/** A vector of `type` holding `cells` (canonical cells as in result.ts); for small outputs, not scans. */
export function fromCells(type: AplType, cells: readonly Cell[]): Vec {
  const n = cells.length
  const valid = new Uint8Array(n)
  switch (type) {
    case 'bool': {
      const values = new Uint8Array(n)
      cells.forEach((c, i) => {
        if (typeof c !== 'boolean') return
        values[i] = c ? 1 : 0
        valid[i] = 1
      })
      return { kind: 'bool', values, valid }
    }
    case 'long':
    case 'real':
    case 'timespan': {
      // Longs beyond ±2^53 keep their exact bigint cells (the slow, exact path).
      if (type === 'long' && cells.some((c) => typeof c === 'bigint' && !Number.isSafeInteger(Number(c))))
        return { kind: 'mixed', values: [...cells] }
      const values = new Float64Array(n)
      cells.forEach((c, i) => {
        if (typeof c !== 'number' && typeof c !== 'bigint') return
        values[i] = Number(c)
        valid[i] = 1
      })
      return type === 'timespan' ? { kind: 'span', values, valid } : { kind: 'num', type, values, valid }
    }
    case 'datetime': {
      const ms = new Float64Array(n)
      const ns = new Int32Array(n)
      cells.forEach((c, i) => {
        if (typeof c !== 'bigint' && typeof c !== 'number') return
        const t = BigInt(c)
        let q = t / 1_000_000n
        if (q * 1_000_000n > t) q -= 1n
        ms[i] = Number(q)
        ns[i] = Number(t - q * 1_000_000n)
        valid[i] = 1
      })
      return { kind: 'time', ms, ns, valid }
    }
    case 'string': {
      const dict: string[] = []
      const ids = new StringIds()
      const codes = new Int32Array(n)
      cells.forEach((c, i) => {
        if (typeof c !== 'string') {
          codes[i] = -1
          return
        }
        let id = ids.get(c)
        if (id === undefined) {
          id = dict.length
          ids.set(c, id)
          dict.push(c)
        }
        codes[i] = id
      })
      return { kind: 'str', codes, dict }
    }
    case 'dynamic':
      return { kind: 'dyn', values: cells.map((c) => (typeof c === 'bigint' ? Number(c) : c)) as never }
    case 'unknown':
      return { kind: 'mixed', values: [...cells] }
  }
}
