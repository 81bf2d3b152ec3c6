// exec/agg/topk.ts: topk(expr, k) — the k most frequent non-null values as [{key, count, error}],
// highest count first, ties by key. Space-Saving with `capacity` counters (default max(10k, 1000),
// at most max(k, 1,000,000)): EXACT (error 0, isEstimate false) while the distinct keys fit.

import { type AggState, AggStateBase, sameKind, sameParam } from './agg-state.ts'
import type { ByteReader, ByteWriter } from './bytes.ts'
import type { CodeDictionary } from './code-dictionary.ts'
import { AggStateError, intParam } from './errors.ts'
import { hashOut } from './hash64.ts'
import { wordsToValue } from './int64-words.ts'
import { type HeavyHitter, SpaceSaving } from './space-saving.ts'

/**
 * Per-code counts of one addCodes batch, and the codes seen in it. Shared by every topk state: states
 * run on one thread and addCodes leaves the counts zeroed, so a scratch per state would only cost memory.
 */
let codeCounts = new Int32Array(1024)
let touched = new Int32Array(1024)

/** The largest k the catalog accepts. */
const MAX_K = 1_000_000

/** Default counter capacity for k: 10 counters per reported key, at least 1,000, bounded for huge k. */
export function defaultTopkCapacity(k: number): number {
  return Math.max(1000, Math.min(10 * k, Math.max(k, 1_000_000)))
}

/** topk(expr, k). */
export class TopkState extends AggStateBase<HeavyHitter[]> {
  readonly kind = 'topk'
  /** Keys reported. */
  readonly k: number
  private summary: SpaceSaving

  constructor(k: number, capacity?: number, summary?: SpaceSaving) {
    super()
    this.k = intParam(this.kind, 'k', k, 1, MAX_K)
    const cap = capacity ?? defaultTopkCapacity(this.k)
    intParam(this.kind, 'capacity', cap, this.k, 10 * MAX_K)
    this.summary = summary ?? new SpaceSaving(cap)
  }

  /** Counters kept. */
  get capacity(): number {
    return this.summary.capacity
  }

  override get isEstimate(): boolean {
    return this.summary.lossy
  }

  addNumber(x: number): void {
    this.summary.addNumber(x)
  }

  override addInt64(hi: number, lo: number): void {
    const v = wordsToValue(hi, lo)
    if (typeof v === 'number') this.summary.addNumber(v)
    else this.summary.addOther(v)
  }

  override addString(s: string): void {
    this.summary.addString(s)
  }

  override addCode(code: number, dict: CodeDictionary): void {
    // The dictionary caches each code's hash, so a repeated code costs no string hashing.
    dict.hash(code)
    this.summary.addStringHashed(dict.values[code], hashOut[1])
  }

  override addBool(b: boolean): void {
    this.summary.addOther(b)
  }

  override addDynamic(v: object): void {
    this.summary.addOther(v)
  }

  // Batch loops repeated in this class on purpose (monomorphic, so doubles stay unboxed: see AggStateBase).
  override addNumbers(values: Float64Array, rows: Uint32Array | null, from: number, to: number): void {
    this.summary.addNumbers(values, rows, from, to)
  }
  override addInt64s(words: Int32Array, rows: Uint32Array | null, from: number, to: number): void {
    for (let i = from; i < to; i++) {
      const r = rows === null ? i : rows[i]
      this.addInt64(words[2 * r + 1], words[2 * r])
    }
  }
  override addCodes(
    codes: Int32Array,
    dict: CodeDictionary,
    rows: Uint32Array | null,
    from: number,
    to: number,
  ): void {
    // Count each code of the batch first, then make one weighted Space-Saving update per distinct
    // code (Space-Saving takes weighted updates): a block repeats its codes, so this saves most heap work.
    const n = dict.values.length
    if (codeCounts.length < n) codeCounts = new Int32Array(Math.max(n, 2 * codeCounts.length))
    if (touched.length < Math.min(n, to - from)) {
      touched = new Int32Array(Math.max(Math.min(n, to - from), 2 * touched.length))
    }
    const counts = codeCounts
    const seen = touched
    let t = 0
    for (let i = from; i < to; i++) {
      const c = codes[rows === null ? i : rows[i]]
      if (counts[c]++ === 0) seen[t++] = c
    }
    for (let j = 0; j < t; j++) {
      const c = seen[j]
      dict.hash(c)
      this.summary.addStringHashed(dict.values[c], hashOut[1], counts[c])
      counts[c] = 0
    }
  }

  merge(other: AggState<HeavyHitter[]>): void {
    const o = sameKind(this, other, TopkState)
    sameParam(this.kind, 'k', this.k, o.k)
    sameParam(this.kind, 'capacity', this.capacity, o.capacity)
    this.summary.merge(o.summary)
  }

  result(): HeavyHitter[] {
    return this.summary.entries().slice(0, this.k)
  }

  protected writeBody(w: ByteWriter): void {
    w.u32(this.k)
    this.summary.write(w)
  }

  /** Reads a state written by `serialize` (after the header). */
  static read(r: ByteReader): TopkState {
    const k = r.u32()
    const summary = SpaceSaving.read(r)
    if (summary.capacity < k) throw new AggStateError('AGG_CORRUPT_STATE', 'topk capacity below k')
    return new TopkState(k, summary.capacity, summary)
  }
}
