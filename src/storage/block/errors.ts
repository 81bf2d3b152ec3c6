// storage/block/errors.ts: the one error the block codec throws for bad bytes. Every check on a
// block (framing, CRC, lengths, header shape, decoded type) fails with it, never with a TypeError.

/** A block file failed verification: its bytes must not be served (quarantine it). */
export class BlockCorruptError extends Error {
  /** Stable error code for callers and health reports. */
  readonly code = 'block_corrupt'
  /** Which check failed, e.g. `header crc mismatch`. */
  reason: string
  /** The block's id when known (from the header, or filled in by the store). */
  blockId?: string

  constructor(reason: string, blockId?: string) {
    super(`block ${blockId ?? '(unknown)'} is corrupt: ${reason}`)
    this.name = 'BlockCorruptError'
    this.reason = reason
    if (blockId !== undefined) this.blockId = blockId
  }
}
