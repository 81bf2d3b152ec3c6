// test/reference/sample.ts: the oracle's `sample` (rules 240–242), written from the rule in
// src/exec/ops/sample-exec.ts's header with BigInt arithmetic modulo 2^32 (no engine code), and the
// event sequence numbers the oracle's scan records for each row it reads.

import type { LogicalOf } from '../../src/plan/index.ts'
import type { EvalContext, Row } from './context.ts'

const M32 = 1n << 32n

/** Rule 241: the event sequence number of each row a Scan read (`firstSeq` of its batch + index). */
export const EVENT_SEQ = new WeakMap<Row, number>()

/** MurmurHash3's fmix32 over BigInt: h ^= h >> 16; h *= 0x85ebca6b; h ^= h >> 13; h *= 0xc2b2ae35; h ^= h >> 16. */
function fmix(x: bigint): bigint {
  let h = x % M32
  h ^= h >> 16n
  h = (h * 0x85ebca6bn) % M32
  h ^= h >> 13n
  h = (h * 0xc2b2ae35n) % M32
  h ^= h >> 16n
  return h
}

/** FNV-1a 32 over the UTF-8 bytes of `s`. */
function fnv(s: string): bigint {
  let h = 0x811c9dc5n
  for (const b of Buffer.from(s, 'utf8')) h = ((h ^ BigInt(b)) * 0x01000193n) % M32
  return h
}

/**
 * Rules 240–242: a row is kept iff fmix(fmix(key ^ lo) ^ hi) < p·2^32, key = fmix(fmix(seed ^ salt) ^
 * stream), stream = FNV-1a of the dataset name (rows of one dataset's events: n is the event's sequence
 * number) or 0 (other rows: n is the row's position in the input, from 0); lo/hi the low/high 32 bits of n.
 */
export function sampleRows(n: LogicalOf<'Sample'>, rows: readonly Row[], ctx: EvalContext): Row[] {
  const seed = n.seed ?? ctx.sampleSeed
  if (seed === undefined) throw new Error('reference: sample needs a seed (QueryOptions.sampleSeed)')
  const stream = n.identity.kind === 'event' ? fnv(n.identity.dataset) : 0n
  const key = fmix(fmix(BigInt(seed) ^ BigInt(n.salt)) ^ stream)
  const threshold = n.proportion * 2 ** 32
  return rows.filter((row, position) => {
    const id = n.identity.kind === 'event' ? EVENT_SEQ.get(row) : position
    if (id === undefined) throw new Error('reference: a sampled event row has no sequence number')
    const big = BigInt(id)
    return Number(fmix(fmix(key ^ (big % M32)) ^ (big / M32))) < threshold
  })
}
