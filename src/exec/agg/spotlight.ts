// exec/agg/spotlight.ts: spotlight(selection, field…) — the state: events per cohort (selection true:
// selected; false or null: baseline) and one FieldTally per field. The executor feeds one dynamic
// array per row, [selection, field values…]; timespans arrive as their text (reference rule 7) and are
// read back to nanoseconds. The report (scores, order) is spotlight-report.ts.

import { parseDurationText } from '../../util/time/index.ts'
import { type AggState, AggStateBase, sameKind } from './agg-state.ts'
import type { ByteReader, ByteWriter } from './bytes.ts'
import { AggStateError } from './errors.ts'
import { CategoricalField, type FieldTally, NumericField, readCount } from './spotlight-field.ts'
import { type SpotlightRow, spotlightReport } from './spotlight-report.ts'

/** How a field is analysed: numeric fields (long, real, timespan) by distribution, others by value. */
export type SpotlightFieldKind = 'number' | 'timespan' | 'category'

/** One analysed field. */
export interface SpotlightField {
  readonly name: string
  readonly kind: SpotlightFieldKind
}

const KINDS: readonly SpotlightFieldKind[] = ['number', 'timespan', 'category']

/** spotlight(selection, field1, …). */
export class SpotlightState extends AggStateBase<SpotlightRow[]> {
  readonly kind = 'spotlight'
  readonly fields: readonly SpotlightField[]
  selected = 0
  baseline = 0
  private tallies: FieldTally[]

  constructor(fields: readonly SpotlightField[]) {
    super()
    if (fields.length === 0) throw new AggStateError('AGG_BAD_PARAM', 'spotlight: needs at least one field')
    this.fields = fields
    this.tallies = fields.map((f) => (f.kind === 'category' ? new CategoricalField() : new NumericField()))
  }

  override get isEstimate(): boolean {
    return this.tallies.some((t) => t.numeric && (t.selected.isEstimate || t.baseline.isEstimate))
  }

  /** Only whole rows (dynamic arrays) are fed. */
  addNumber(_x: number): void {}

  override addDynamic(v: object): void {
    if (!Array.isArray(v)) return
    const sel = v[0] === true
    if (sel) this.selected++
    else this.baseline++
    for (let i = 0; i < this.tallies.length; i++) {
      const x: unknown = v[i + 1]
      if (x === null || x === undefined) continue
      const t = this.tallies[i]
      if (!t.numeric) t.add(x, sel)
      else {
        const n = this.fields[i].kind === 'timespan' ? spanNs(x) : typeof x === 'bigint' ? Number(x) : x
        if (typeof n === 'number') t.add(n, sel)
      }
    }
  }

  merge(other: AggState<SpotlightRow[]>): void {
    const o = sameKind(this, other, SpotlightState)
    const same =
      o.fields.length === this.fields.length &&
      o.fields.every((f, i) => f.name === this.fields[i].name && f.kind === this.fields[i].kind)
    if (!same) throw new AggStateError('AGG_MERGE_MISMATCH', 'spotlight: cannot merge states of other fields')
    this.selected += o.selected
    this.baseline += o.baseline
    this.tallies.forEach((t, i) => {
      const u = o.tallies[i]
      if (t.numeric && u.numeric) t.merge(u)
      else if (!t.numeric && !u.numeric) t.merge(u)
    })
  }

  result(): SpotlightRow[] {
    return spotlightReport(this.fields, this.tallies, this.selected, this.baseline)
  }

  protected writeBody(w: ByteWriter): void {
    w.u32(this.fields.length)
    for (const f of this.fields) {
      w.str(f.name)
      w.u8(KINDS.indexOf(f.kind))
    }
    w.f64(this.selected)
    w.f64(this.baseline)
    for (const t of this.tallies) t.write(w)
  }

  /** Reads a state written by `serialize` (after the header). */
  static read(r: ByteReader): SpotlightState {
    const n = r.count(5)
    const fields: SpotlightField[] = []
    for (let i = 0; i < n; i++) {
      const name = r.str()
      const kind = KINDS[r.u8()]
      if (kind === undefined) throw new AggStateError('AGG_CORRUPT_STATE', 'spotlight: unknown field kind')
      fields.push({ name, kind })
    }
    const s = new SpotlightState(fields)
    s.selected = readCount(r)
    s.baseline = readCount(r)
    s.tallies = fields.map((f) => (f.kind === 'category' ? CategoricalField.read(r) : NumericField.read(r)))
    return s
  }
}

/** Nanoseconds of a timespan as the dynamic row carries it (Go duration text or a number). */
function spanNs(x: unknown): number | null {
  if (typeof x === 'number') return x
  if (typeof x !== 'string') return null
  const ns = parseDurationText(x)
  return ns === null ? null : Number(ns)
}
