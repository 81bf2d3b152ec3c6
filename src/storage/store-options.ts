// storage/store-options.ts: the options of `openStore` (Store.open), and the checks of those the
// store itself validates (deletion options: deletion/options.ts).
import type { Clock } from './clock.ts'
import { StoreError } from './errors.ts'
import type { Fs } from './fs.ts'
import { DEFAULT_MAX_DATASET_FIELDS, DEFAULT_MAX_EVENT_FIELDS } from './ingest/field-limits.ts'

/** Options of `openStore`. */
export interface StoreOptions {
  /** Store directory; omitted: an in-memory store (nothing persists). */
  readonly path?: string
  /** Events per sealed block (default 65,536). */
  readonly blockRows?: number
  /** 'fsync' (default): acknowledged means fsynced. 'none': no fsync, for throwaway stores. */
  readonly durability?: 'fsync' | 'none'
  /** Byte budget of the decoded-column cache (default: an eighth of the machine memory, 256 MiB … 4 GiB; storage/cache-budget.ts). */
  readonly cacheBytes?: number
  /** Injectable clock (tests). */
  readonly clock?: Clock
  /** Seal full-size blocks on a worker thread (default true). */
  readonly sealWorker?: boolean
  /** File system (fault-injection tests); defaults to the real one, or memory without `path`. */
  readonly fs?: Fs
  /** Minimum wait between a committed block deletion and the unlink of its files, ms (default 0). */
  readonly deletionDelay?: number
  /** Largest number of rows one block deletion may remove (default 1,000,000). */
  readonly maxDeleteRows?: number
  /**
   * Memory queries and the decoded-column cache may hold together, bytes (default: half the V8 heap
   * limit or a quarter of the machine's memory, whichever is less; `APLDB_MEMORY_BYTES`).
   */
  readonly memoryBytes?: number
  /** One query's memory budget unless it asks for another, bytes (default: a quarter of `memoryBytes`). */
  readonly queryMemoryBytes?: number
  /** Most field names a dataset may have (default 1,024, as Axiom Cloud); events past it fail alone. */
  readonly maxFields?: number
  /** Most field names one event may have (default 1,024); a wider event fails alone. */
  readonly maxEventFields?: number
  /**
   * Where the store reports trouble it works around (a worker thread that cannot start: it then
   * works on the main thread), once per kind; default `console`. Also listed by `health()`.
   */
  readonly logger?: StoreLogger
}

/** What a store needs of a logger (`console` fits). */
export interface StoreLogger {
  warn(message: string): void
}

/** The field limits of `openStore` options (validated: positive integers). */
export function fieldLimitsOf(opts: StoreOptions): { maxFields: number; maxEventFields: number } {
  const check = (v: number | undefined, name: string, fallback: number) => {
    if (v === undefined) return fallback
    if (!Number.isSafeInteger(v) || v < 1)
      throw new StoreError('invalid_argument', `${name} must be a positive integer, got ${v}`)
    return v
  }
  return {
    maxFields: check(opts.maxFields, 'maxFields', DEFAULT_MAX_DATASET_FIELDS),
    maxEventFields: check(opts.maxEventFields, 'maxEventFields', DEFAULT_MAX_EVENT_FIELDS),
  }
}

/** Events per sealed block: `blockRows` (default 65,536); a non-positive or fractional one is invalid_argument. */
export function blockRowsOf(opts: StoreOptions): number {
  const blockRows = opts.blockRows ?? 65_536
  if (!Number.isSafeInteger(blockRows) || blockRows < 1) {
    throw new StoreError('invalid_argument', `blockRows must be a positive integer, got ${blockRows}`)
  }
  return blockRows
}
