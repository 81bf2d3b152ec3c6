// exec/agg/spotlight-field.ts: what spotlight keeps per field: for a categorical field (string, bool,
// datetime, dynamic) each value's selected and baseline counts; for a numeric one (long, real,
// timespan) both cohorts' value distributions plus the per-value counts while it has at most
// SPOTLIGHT_BAR_DISTINCT distinct values (then it reports bars, not boxplots). Merge is order-free.

import { SPOTLIGHT_BAR_DISTINCT } from '../../catalog/index.ts'
import type { ByteReader, ByteWriter } from './bytes.ts'
import { AggStateError } from './errors.ts'
import { QuantileSketch } from './quantile-sketch.ts'
import { readValue, writeValue } from './value-codec.ts'
import { canonicalJson } from './value-order.ts'

/** One value's counts in the two cohorts. */
export interface ValueCounts {
  /** The value as reported (a JSON value; numbers for numeric fields). */
  readonly value: unknown
  selected: number
  baseline: number
}

/** Per-value counts keyed by canonical text, merged by summing. */
export class ValueTally {
  readonly byKey = new Map<string, ValueCounts>()

  add(key: string, value: unknown, selected: number, baseline: number): void {
    const c = this.byKey.get(key)
    // -0 and 0 share a key ("0"): report 0 whichever arrived first, so merge order cannot show.
    if (c === undefined) this.byKey.set(key, { value: value === 0 ? 0 : value, selected, baseline })
    else {
      c.selected += selected
      c.baseline += baseline
    }
  }

  merge(o: ValueTally): void {
    for (const [k, c] of o.byKey) this.add(k, c.value, c.selected, c.baseline)
  }

  write(w: ByteWriter): void {
    w.u32(this.byKey.size)
    for (const c of this.byKey.values()) {
      writeValue(w, c.value)
      w.f64(c.selected)
      w.f64(c.baseline)
    }
  }

  static read(r: ByteReader, numeric: boolean): ValueTally {
    const t = new ValueTally()
    const n = r.count(17)
    for (let i = 0; i < n; i++) {
      const value = readValue(r)
      if (numeric && typeof value !== 'number')
        throw new AggStateError('AGG_CORRUPT_STATE', 'spotlight: a numeric field holds a non-number')
      t.add(numeric ? `${value}` : canonicalJson(value), value, readCount(r), readCount(r))
    }
    return t
  }
}

/** Reads an event count: a non-negative safe integer, else the bytes are damaged. */
export function readCount(r: ByteReader): number {
  const n = r.f64()
  if (!Number.isSafeInteger(n) || n < 0) throw new AggStateError('AGG_CORRUPT_STATE', 'spotlight: bad count')
  return n
}

/** A categorical field: counts per distinct value. */
export class CategoricalField {
  readonly numeric = false
  readonly tally = new ValueTally()

  add(v: unknown, selected: boolean): void {
    this.tally.add(canonicalJson(v), v, selected ? 1 : 0, selected ? 0 : 1)
  }

  merge(o: CategoricalField): void {
    this.tally.merge(o.tally)
  }

  write(w: ByteWriter): void {
    this.tally.write(w)
  }

  static read(r: ByteReader): CategoricalField {
    const f = new CategoricalField()
    f.tally.merge(ValueTally.read(r, false))
    return f
  }
}

/** A numeric field: both cohorts' distributions, and per-value counts while the values are few. */
export class NumericField {
  readonly numeric = true
  selected = new QuantileSketch()
  baseline = new QuantileSketch()
  /** Per-value counts; null once the field had more than SPOTLIGHT_BAR_DISTINCT distinct values. */
  few: ValueTally | null = new ValueTally()

  add(x: number, selected: boolean): void {
    if (Number.isNaN(x)) return
    ;(selected ? this.selected : this.baseline).add(x)
    if (this.few === null) return
    this.few.add(`${x}`, x, selected ? 1 : 0, selected ? 0 : 1)
    if (this.few.byKey.size > SPOTLIGHT_BAR_DISTINCT) this.few = null
  }

  merge(o: NumericField): void {
    this.selected.merge(o.selected)
    this.baseline.merge(o.baseline)
    if (this.few === null || o.few === null) this.few = null
    else {
      this.few.merge(o.few)
      if (this.few.byKey.size > SPOTLIGHT_BAR_DISTINCT) this.few = null
    }
  }

  write(w: ByteWriter): void {
    this.selected.write(w)
    this.baseline.write(w)
    w.u8(this.few === null ? 0 : 1)
    this.few?.write(w)
  }

  static read(r: ByteReader): NumericField {
    const f = new NumericField()
    f.selected = QuantileSketch.read(r)
    f.baseline = QuantileSketch.read(r)
    f.few = r.u8() === 1 ? ValueTally.read(r, true) : null
    if (f.few !== null && f.few.byKey.size > SPOTLIGHT_BAR_DISTINCT)
      throw new AggStateError('AGG_CORRUPT_STATE', 'spotlight: too many values kept for a numeric field')
    return f
  }
}

/** Either kind of field. */
export type FieldTally = CategoricalField | NumericField
