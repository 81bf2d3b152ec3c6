// exec/scan/row-id.ts: the virtual `_rowId` column a Scan supplies on request (legacy queries): one
// id per event, built from its `_time`, its sequence number and its dataset. Never stored on disk.

import type { StrVec, TimeVec } from '../vector.ts'

/** The name of the virtual row-id column. */
export const ROW_ID_FIELD = '_rowId'

/**
 * `ms + 2^44` is positive and below 2^45 for every int64-ns time (|ms| < 9.3e12 < 2^44), so 12 hex
 * digits of it sort like the times themselves; the sub-ms part takes 5 (0…999,999 < 16^5).
 */
const MS_OFFSET = 2 ** 44
const MS_DIGITS = 12
const SUBMS_DIGITS = 5
/** Sequence numbers are safe integers (< 2^53 < 16^14). */
const SEQ_DIGITS = 14

const ROW_ID_PATTERN = /^([0-9a-f]{12})([0-9a-f]{5})-([0-9a-f]{14})-([A-Za-z0-9_.-]+)$/

/** What a row id says: the event's `_time` (epoch ns), its sequence number and its dataset's id. */
export interface RowIdParts {
  readonly timeNs: bigint
  readonly seq: number
  readonly datasetId: string
}

function hex(n: number, digits: number): string {
  return n.toString(16).padStart(digits, '0')
}

/**
 * The row id of one event: `<time: 17 hex>-<seq: 14 hex>-<dataset id>`. Ids of one dataset sort as
 * strings in event order (`_time`, then sequence), so a cursor is a plain string bound; the sequence
 * number makes it unique and stable across queries, the dataset id unique across datasets.
 */
export function formatRowId(datasetId: string, ms: number, subMsNs: number, seq: number): string {
  return `${hex(ms + MS_OFFSET, MS_DIGITS)}${hex(subMsNs, SUBMS_DIGITS)}-${hex(seq, SEQ_DIGITS)}-${datasetId}`
}

/** The parts of a row id, or null when `text` is not one. */
export function parseRowId(text: string): RowIdParts | null {
  const m = ROW_ID_PATTERN.exec(text)
  if (m === null) return null
  const ms = Number.parseInt(m[1], 16) - MS_OFFSET
  const sub = Number.parseInt(m[2], 16)
  if (sub > 999_999) return null
  return { timeNs: BigInt(ms) * 1_000_000n + BigInt(sub), seq: Number.parseInt(m[3], 16), datasetId: m[4] }
}

/**
 * The `_rowId` vector of one scan batch: row i is event `firstSeq + i`. Ids are built only for the
 * live rows (`sel`, or all when null); the others read as null. A row without a `_time` counts as
 * the epoch (every stored event has one).
 */
export function rowIdVec(
  datasetId: string,
  firstSeq: number,
  time: TimeVec | undefined,
  n: number,
  sel: Uint32Array | null,
): StrVec {
  const codes = new Int32Array(n).fill(-1)
  const live = sel === null ? n : sel.length
  const dict: string[] = new Array(live)
  for (let k = 0; k < live; k++) {
    const i = sel === null ? k : sel[k]
    const valid = time !== undefined && (time.valid === null || time.valid[i] === 1)
    dict[k] = formatRowId(datasetId, valid ? time.ms[i] : 0, valid ? time.ns[i] : 0, firstSeq + i)
    codes[i] = k
  }
  return { kind: 'str', codes, dict }
}
