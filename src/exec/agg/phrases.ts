// exec/agg/phrases.ts: phrases(text, max_phrases) — the most frequent phrases (phrase-split.ts) as
// [{phrase, count}], highest count first, ties by phrase (UTF-16 order). Counted in a Space-Saving
// summary of PHRASE_COUNTERS counters: exact (and merge-order independent) while the distinct
// phrases fit, an estimate past that. A dictionary column's entries are split once per batch.

import { type AggState, AggStateBase, sameKind, sameParam } from './agg-state.ts'
import type { ByteReader, ByteWriter } from './bytes.ts'
import type { CodeDictionary } from './code-dictionary.ts'
import { AggStateError, intParam } from './errors.ts'
import { splitPhrases } from './phrase-split.ts'
import { SpaceSaving } from './space-saving.ts'

/** Counters kept: distinct phrases counted exactly. */
export const PHRASE_COUNTERS = 65_536

/** The catalog's largest max_phrases. */
const MAX_PHRASES = 10_000

/** One reported phrase. */
export interface PhraseCount {
  readonly phrase: string
  readonly count: number
}

/** Scratch of one text's phrases (states run on one thread; emptied after each use). */
const scratch: string[] = []

/** phrases(text, max_phrases). */
export class PhrasesState extends AggStateBase<PhraseCount[]> {
  readonly kind = 'phrases'
  /** Phrases reported. */
  readonly max: number
  private summary: SpaceSaving

  constructor(max: number, summary?: SpaceSaving) {
    super()
    this.max = intParam(this.kind, 'max_phrases', max, 1, MAX_PHRASES)
    this.summary = summary ?? new SpaceSaving(PHRASE_COUNTERS)
  }

  override get isEstimate(): boolean {
    return this.summary.lossy
  }

  /** Numbers are not text: ignored, as any value of another type. */
  addNumber(_x: number): void {}

  override addInt64(_hi: number, _lo: number): void {}

  override addString(s: string): void {
    this.addText(s, 1)
  }

  private addText(s: string, weight: number): void {
    splitPhrases(s, scratch)
    for (const p of scratch) this.summary.addString(p, weight)
    scratch.length = 0
  }

  override addCodes(
    codes: Int32Array,
    dict: CodeDictionary,
    rows: Uint32Array | null,
    from: number,
    to: number,
  ): void {
    // Count each code of the batch, then split each distinct entry once, weighted by its count.
    const counts = new Map<number, number>()
    for (let i = from; i < to; i++) {
      const c = codes[rows === null ? i : rows[i]]
      counts.set(c, (counts.get(c) ?? 0) + 1)
    }
    for (const [c, n] of counts) this.addText(dict.values[c], n)
  }

  merge(other: AggState<PhraseCount[]>): void {
    const o = sameKind(this, other, PhrasesState)
    sameParam(this.kind, 'max_phrases', this.max, o.max)
    this.summary.merge(o.summary)
  }

  result(): PhraseCount[] {
    return this.summary
      .entries()
      .slice(0, this.max)
      .map((e) => ({ phrase: e.key as string, count: e.count }))
  }

  protected writeBody(w: ByteWriter): void {
    w.u32(this.max)
    this.summary.write(w)
  }

  /** Reads a state written by `serialize` (after the header). */
  static read(r: ByteReader): PhrasesState {
    const max = r.u32()
    const summary = SpaceSaving.read(r)
    if (summary.capacity !== PHRASE_COUNTERS)
      throw new AggStateError('AGG_CORRUPT_STATE', `phrases with ${summary.capacity} counters`)
    return new PhrasesState(max, summary)
  }
}
