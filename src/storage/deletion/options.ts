// storage/deletion/options.ts: the block deletion options of `openStore`, validated with defaults.
import { StoreError } from '../errors.ts'

/** Default of `maxDeleteRows` (Axiom asks to keep each deletion under about 1M rows). */
export const DEFAULT_MAX_DELETE_ROWS = 1_000_000

/** Validated `deletionDelay` (ms, default 0) and `maxDeleteRows` (default 1,000,000). */
export function deletionOptions(opts: { deletionDelay?: number; maxDeleteRows?: number }): {
  deletionDelay: number
  maxDeleteRows: number
} {
  const { deletionDelay = 0, maxDeleteRows = DEFAULT_MAX_DELETE_ROWS } = opts
  if (typeof deletionDelay !== 'number' || !Number.isFinite(deletionDelay) || deletionDelay < 0) {
    throw new StoreError(
      'invalid_argument',
      `deletionDelay must be a non-negative number of ms, got ${deletionDelay}`,
    )
  }
  if (!Number.isSafeInteger(maxDeleteRows) || maxDeleteRows < 0) {
    throw new StoreError(
      'invalid_argument',
      `maxDeleteRows must be a non-negative integer, got ${maxDeleteRows}`,
    )
  }
  return { deletionDelay, maxDeleteRows }
}
