// ops/sample-exec.ts: `sample p`: keeps a row iff its hash is below p · 2^32. The hash is a fixed
// function of the query's seed, the operator's salt and the row's identity, so the kept rows do not
// depend on block size, batch boundaries or the executor (streaming or parallel):
//   key  = fmix32(fmix32(seed ^ salt) ^ stream)     stream: FNV-1a 32 of the dataset name's UTF-8
//                                                   (event identity), 0 (ordinal identity)
//   hash = fmix32(fmix32(key ^ lo) ^ hi)             n = the event's sequence number in its dataset
//                                                   (or the row's 0-based position in the input),
//                                                   lo = n mod 2^32, hi = floor(n / 2^32)
// where fmix32 is MurmurHash3's finalizer. Each row is kept independently with probability p.
import type { LogicalOf, RowSchema } from '../../plan/index.ts'
import { fmix32, fnv1aUtf8 } from '../../util/hash32.ts'
import type { Batch } from '../batch.ts'
import { checkInterrupt, type ExecContext, ExecError } from '../context.ts'
import { newMetrics, type OperatorMetrics, type PhysicalOperator } from '../operator.ts'

/** Keeps the rows of `node` its hash rule selects (see module header). */
export class SampleExec implements PhysicalOperator {
  readonly name = 'SampleExec'
  readonly metrics: OperatorMetrics = newMetrics()
  readonly children: readonly PhysicalOperator[]
  readonly schema: RowSchema
  readonly #input: PhysicalOperator
  readonly #node: LogicalOf<'Sample'>
  /** Hashes below this are kept: p · 2^32. */
  readonly #threshold: number
  readonly #key: number

  constructor(input: PhysicalOperator, node: LogicalOf<'Sample'>) {
    this.#input = input
    this.children = [input]
    this.schema = node.schema
    this.#node = node
    if (node.seed === null) throw new ExecError('invalid_argument', 'sample: the query has no seed')
    this.#threshold = node.proportion * 2 ** 32
    const stream = node.identity.kind === 'event' ? fnv1aUtf8(node.identity.dataset) : 0
    this.#key = fmix32(fmix32(node.seed ^ node.salt) ^ stream)
  }

  explain(): string {
    const n = this.#node
    return `SampleExec p=${n.proportion} seed=${n.seed} by ${n.identity.kind}`
  }

  async *batches(ctx: ExecContext): AsyncGenerator<Batch> {
    let ordinal = 0
    for await (const b of this.#input.batches(ctx)) {
      checkInterrupt(ctx)
      const t0 = performance.now()
      const live = b.sel ? b.sel.length : b.length
      this.metrics.rowsIn += live
      let first: number
      if (this.#node.identity.kind === 'event') {
        if (b.firstSeq === undefined) {
          throw new ExecError(
            'not_supported',
            'sample: the rows carry no event sequence numbers here (sample over a dataset is not supported on ClickHouse)',
          )
        }
        first = b.firstSeq
      } else {
        first = ordinal
        ordinal += live
      }
      const keep = new Uint32Array(live)
      let kept = 0
      // Inlined on purpose: one hash per live row, no allocation.
      for (let j = 0; j < live; j++) {
        const i = b.sel ? b.sel[j] : j
        const n = first + (this.#node.identity.kind === 'event' ? i : j)
        const lo = n % 4294967296
        const hi = Math.floor(n / 4294967296)
        if (fmix32(fmix32(this.#key ^ lo) ^ hi) < this.#threshold) keep[kept++] = i
      }
      this.metrics.timeMs += performance.now() - t0
      if (kept === 0) continue
      this.metrics.rowsOut += kept
      const sel = kept === live && b.sel !== null ? b.sel : kept === live ? null : keep.slice(0, kept)
      yield {
        length: b.length,
        sel,
        cols: b.cols,
        ...(b.firstSeq === undefined ? {} : { firstSeq: b.firstSeq }),
      }
    }
  }
}
