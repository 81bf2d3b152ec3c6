// exec/agg/tdigest.ts: a merging t-digest (Dunning & Ertl, "Computing extremely accurate quantiles
// using t-digests", MergingDigest) with the k1 scale function k(q) = δ/(2π)·asin(2q − 1): centroids
// are small at the tails and at most π/δ of the mass in the middle. Values are buffered and merged in
// sorted batches; two digests merge by re-compressing the union of their centroids.
// Hand-written because DDSketch bounds relative VALUE error, not rank error (see percentile.ts).

import type { ByteReader, ByteWriter } from './bytes.ts'
import { AggStateError } from './errors.ts'
import { sortFloat64 } from './sort-f64.ts'

/** Unmerged values buffered per unit of compression δ before a merge pass (memory vs. merge passes). */
const BUFFER_FACTOR = 5

/** A mergeable quantile sketch over doubles (NaN excluded by the caller). */
export class TDigest {
  /** δ: larger keeps more, smaller centroids (≈ δ/2 … δ centroids). */
  readonly compression: number
  /** Centroids in [0, n), with room for one full buffer after them (merge passes work in place). */
  private means: Float64Array
  private weights: Float64Array
  /** Merged centroids, sorted by mean. */
  private n = 0
  private buf: Float64Array
  /** Buffered unit-weight values not merged yet. */
  private bn = 0
  /** Total weight merged into centroids (the buffer comes on top). */
  private merged = 0
  /** Smallest and largest value seen (exact). */
  min = Number.POSITIVE_INFINITY
  max = Number.NEGATIVE_INFINITY

  constructor(compression: number) {
    this.compression = compression
    this.buf = new Float64Array(Math.ceil(BUFFER_FACTOR * compression))
    // k1 keeps fewer than δ centroids; room for them plus one full buffer.
    const cap = Math.ceil(compression) + 8 + this.buf.length
    this.means = new Float64Array(cap)
    this.weights = new Float64Array(cap)
  }

  /** Total weight (number of values) held. */
  get count(): number {
    return this.merged + this.bn
  }

  /** Adds one value. */
  add(x: number): void {
    if (x < this.min) this.min = x
    if (x > this.max) this.max = x
    this.buf[this.bn++] = x
    if (this.bn === this.buf.length) this.flush()
  }

  /** Merges the buffered values into the centroids, in place (no allocation). */
  flush(): void {
    const bn = this.bn
    if (bn === 0) return
    const b = this.buf.subarray(0, bn)
    sortFloat64(b)
    const n = this.n
    if (n + bn > this.means.length) this.resize(n + bn)
    // The centroids move up past `bn` slots and are read from there while the merged, compressed
    // ones are written from slot 0: each output stands below the next centroid read (see mergeCompress).
    this.means.copyWithin(bn, 0, n)
    this.weights.copyWithin(bn, 0, n)
    this.merged += bn
    this.bn = 0
    this.n = mergeCompress(
      this.means,
      this.weights,
      bn,
      n,
      b,
      this.means,
      this.weights,
      this.merged,
      this.compression,
    )
  }

  private resize(cap: number): void {
    const m = new Float64Array(cap)
    const w = new Float64Array(cap)
    m.set(this.means.subarray(0, this.n))
    w.set(this.weights.subarray(0, this.n))
    this.means = m
    this.weights = w
  }

  /** Folds `other` in (other is flushed; it stays valid). */
  merge(other: TDigest): void {
    if (other.count === 0) return
    other.flush()
    this.flush()
    const n = this.n + other.n
    if (n > this.means.length) this.resize(n)
    const means = this.means
    const weights = this.weights
    let i = this.n - 1
    let j = other.n - 1
    for (let k = n - 1; j >= 0; k--) {
      if (i >= 0 && means[i] > other.means[j]) {
        means[k] = means[i]
        weights[k] = weights[i--]
      } else {
        means[k] = other.means[j]
        weights[k] = other.weights[j--]
      }
    }
    this.merged += other.merged
    if (other.min < this.min) this.min = other.min
    if (other.max > this.max) this.max = other.max
    this.n = mergeCompress(means, weights, 0, n, NO_VALUES, means, weights, this.merged, this.compression)
  }

  /**
   * Estimated value at quantile q ∈ [0, 1]: linear interpolation between centroid centres, with the
   * exact min and max at the ends and unit centroids treated as exact points (MergingDigest.quantile).
   */
  quantile(q: number): number {
    this.flush()
    const n = this.n
    if (n === 0) return Number.NaN
    if (n === 1) return this.means[0]
    const means = this.means
    const weights = this.weights
    const total = this.merged
    const index = q * total
    if (index < 1) return this.min
    if (index > total - 1) return this.max
    // Between min and the first centroid's centre.
    if (weights[0] > 1 && index < weights[0] / 2) {
      return this.min + ((index - 1) / (weights[0] / 2 - 1)) * (means[0] - this.min)
    }
    let cum = weights[0] / 2
    for (let i = 0; i < n - 1; i++) {
      const dw = (weights[i] + weights[i + 1]) / 2
      if (cum + dw > index) {
        const left = weights[i] === 1 ? 0.5 : 0
        const right = weights[i + 1] === 1 ? 0.5 : 0
        if (left > 0 && index - cum < left) return means[i]
        if (right > 0 && cum + dw - index <= right) return means[i + 1]
        const z1 = index - cum - left
        const z2 = cum + dw - index - right
        return (means[i] * z2 + means[i + 1] * z1) / (z1 + z2)
      }
      cum += dw
    }
    // Between the last centroid's centre and max.
    const wn = weights[n - 1]
    const z1 = index - total + wn / 2
    const z2 = wn / 2 - z1
    return wn > 1 && z2 > 0 ? (means[n - 1] * z2 + this.max * z1) / (z1 + z2) : this.max
  }

  /** Estimated number of values ≤ x (continuous: interpolated between centroid centres). */
  rank(x: number): number {
    this.flush()
    const n = this.n
    const total = this.merged
    if (n === 0 || x < this.min) return 0
    if (x >= this.max) return total
    const means = this.means
    const weights = this.weights
    if (x < means[0]) {
      const span = means[0] - this.min
      return span > 0 ? ((x - this.min) / span) * (weights[0] / 2) : 0
    }
    let cum = weights[0] / 2
    for (let i = 0; i < n - 1; i++) {
      const dw = (weights[i] + weights[i + 1]) / 2
      if (x < means[i + 1]) {
        const span = means[i + 1] - means[i]
        return cum + (span > 0 ? ((x - means[i]) / span) * dw : 0)
      }
      cum += dw
    }
    const span = this.max - means[n - 1]
    return cum + (span > 0 ? ((x - means[n - 1]) / span) * (weights[n - 1] / 2) : 0)
  }

  /** A copy of the (flushed) centroids, sorted by mean: for tests and diagnostics. */
  centroids(): { means: Float64Array; weights: Float64Array } {
    this.flush()
    return { means: this.means.slice(0, this.n), weights: this.weights.slice(0, this.n) }
  }

  /** Writes compression, min, max and the (flushed) centroids. */
  write(w: ByteWriter): void {
    this.flush()
    w.f64(this.min)
    w.f64(this.max)
    w.u32(this.n)
    w.f64s(this.means, this.n)
    w.f64s(this.weights, this.n)
  }

  /** Reads what `write` wrote, for a digest of the given compression. */
  static read(r: ByteReader, compression: number): TDigest {
    const d = new TDigest(compression)
    d.min = r.f64()
    d.max = r.f64()
    const n = r.count(16)
    const cap = Math.max(d.means.length, n + d.buf.length)
    d.means = r.f64s(n, cap)
    d.weights = r.f64s(n, cap)
    d.n = n
    let total = 0
    for (let i = 0; i < n; i++) {
      const w = d.weights[i]
      if (!(w > 0) || (i > 0 && !(d.means[i] >= d.means[i - 1]))) {
        throw new AggStateError('AGG_CORRUPT_STATE', 't-digest centroids out of order or with bad weight')
      }
      total += w
    }
    d.merged = total
    return d
  }
}

/** The quantile a centroid starting at q0 may reach: k⁻¹(k(q0) + 1) for the k1 scale. */
function qLimit(q0: number, norm: number): number {
  const k = norm * Math.asin(2 * q0 - 1) + 1
  if (k >= norm * (Math.PI / 2)) return 1
  return (Math.sin(k / norm) + 1) / 2
}

const NO_VALUES = new Float64Array(0)

/**
 * One pass over the sorted centroids `[from, from + n)` of cm/cw merged with the sorted unit-weight
 * values `b` (a centroid before a value of the same mean): neighbours join while they span ≤ 1 unit
 * of k; the result goes to om/ow from index 0 and its length is returned. om/ow may be cm/cw when
 * `from` ≥ b.length: an output is written only after at least one more input was read, so its index
 * stays below `from` + the centroids read, the next one's slot. A leaf loop: nothing but `return`
 * follows it.
 */
function mergeCompress(
  cm: Float64Array,
  cw: Float64Array,
  from: number,
  n: number,
  b: Float64Array,
  om: Float64Array,
  ow: Float64Array,
  total: number,
  compression: number,
): number {
  const bn = b.length
  const norm = compression / (2 * Math.PI)
  let i = 0
  let j = 0
  // The centroid being built (none before the first input).
  let curMean = 0
  let curW = 0
  let out = 0
  let wSoFar = 0
  let limit = total * qLimit(0, norm)
  while (i < n || j < bn) {
    let m: number
    let w: number
    if (j >= bn || (i < n && cm[from + i] <= b[j])) {
      m = cm[from + i]
      w = cw[from + i++]
    } else {
      m = b[j++]
      w = 1
    }
    if (curW === 0) {
      curMean = m
      curW = w
      continue
    }
    if (wSoFar + curW + w <= limit) {
      curW += w
      curMean += ((m - curMean) * w) / curW
      continue
    }
    wSoFar += curW
    om[out] = curMean
    ow[out++] = curW
    limit = total * qLimit(wSoFar / total, norm)
    curMean = m
    curW = w
  }
  om[out] = curMean
  ow[out++] = curW
  return out
}
