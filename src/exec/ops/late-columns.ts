// ops/late-columns.ts: late materialization under a TopN: the scan decodes only what the filters and
// keys read and registers how to fetch the rest of each block (through the pinned snapshot); the TopN
// fills those columns for the rows it keeps. A fetched row reads exactly as an early-read one would.
import type { Batch } from '../batch.ts'
import { takeVec, usedEntries } from '../batch.ts'
import type { Vec } from '../vector.ts'
import { concatBatches } from './sort-exec.ts'

/** One scanned batch's way back to its columns. */
export interface LateSource {
  /** The late columns (aligned with `LateColumns.indices`) at `rows` of the batch. */
  fetch(rows: Uint32Array): Promise<Vec[]>
}

/** Which columns a scan leaves for later, and how the TopN fills them in. */
export class LateColumns {
  /** Schema positions the scan does not read up front (ascending). */
  readonly indices: readonly number[]
  /** Fields the scan reads up front. */
  readonly early: ReadonlySet<string>

  constructor(indices: readonly number[], early: ReadonlySet<string>) {
    this.indices = indices
    this.early = early
  }

  /** A batch that holds every column as its own source (one the scan did not register). */
  selfSource(b: Batch): LateSource {
    const indices = this.indices
    return { fetch: async (rows) => indices.map((c) => takeVec(b.cols[c], rows)) }
  }

  /**
   * `out` with its late columns filled: row j of `out` is row `rows[j]` of source `sources[j]`. Each
   * source is fetched once, for all its rows; `pace` runs before each (the query's interrupt check
   * and its turns of the event loop: fetching 20,000 rows' strings block by block took 30 ms).
   */
  async fill(
    out: Batch,
    sources: readonly LateSource[],
    rows: Uint32Array,
    pace: () => Promise<void>,
  ): Promise<Batch> {
    if (out.length === 0) return out
    const groups = new Map<LateSource, number[]>()
    for (let j = 0; j < out.length; j++) {
      const g = groups.get(sources[j])
      if (g) g.push(j)
      else groups.set(sources[j], [j])
    }
    const parts: Batch[] = []
    const at = new Uint32Array(out.length)
    let k = 0
    for (const [source, positions] of groups) {
      await pace()
      const pick = Uint32Array.from(positions, (p) => rows[p])
      const fetched = await source.fetch(pick)
      parts.push({ length: pick.length, sel: null, cols: fetched.map(usedEntriesOf) })
      for (const p of positions) at[p] = k++
    }
    // Fetched parts are in source order; `at` puts every output row back in its place.
    const merged = concatBatches(parts, this.indices.length)
    const cols = [...out.cols]
    this.indices.forEach((c, x) => {
      cols[c] = takeVec(merged.cols[x], at)
    })
    return { length: out.length, sel: null, cols }
  }
}

/** `v` with its dictionary cut to its rows' entries when the dictionary is the larger. */
function usedEntriesOf(v: Vec): Vec {
  return v.kind === 'str' && v.dict.length > v.codes.length ? usedEntries(v) : v
}
