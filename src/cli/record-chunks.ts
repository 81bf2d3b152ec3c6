// cli/record-chunks.ts: cuts a byte stream of NDJSON or CSV into chunks of whole records of about
// `targetBytes`, so a large file is ingested in bounded memory. A CSV header row is repeated at the
// top of every later chunk. Never splits a record: a newline inside a quoted CSV field is data.

/** How to cut. */
export interface ChunkOptions {
  /** Emit a chunk once this many bytes are pending (a chunk may be larger: whole records only). */
  readonly targetBytes: number
  /** Emit a chunk at the latest after this many non-empty records (servers cap events per request). */
  readonly maxRecords: number
  /** CSV: `"` quoting is honoured and a lone CR also ends a record; otherwise only LF does (NDJSON). */
  readonly csv: boolean
  /** CSV whose first non-empty row names the columns: repeat it in every chunk after the first. */
  readonly csvHeader: boolean
}

const LF = 0x0a
const CR = 0x0d
const QUOTE = 0x22

/** Chunks of `input`, each ending at a record boundary (the last one: wherever the input ends). */
export async function* recordChunks(
  input: AsyncIterable<Uint8Array>,
  opts: ChunkOptions,
): AsyncGenerator<Uint8Array> {
  let pieces: Uint8Array[] = []
  let size = 0
  let inQuote = false
  /** Offset in the pending bytes just past the last record terminator, 0 when none yet. */
  let lastCut = 0
  /** Offset where the current record starts. */
  let recordStart = 0
  /** Non-empty records that end in the pending bytes. */
  let records = 0
  let headerSpan: [number, number] | undefined
  let header: Uint8Array | undefined
  let headerEmitted = false

  // Notes a record terminator at pending offset `end`; true when the chunk is full of records.
  const terminator = (end: number): boolean => {
    if (end > recordStart) {
      records++
      if (opts.csvHeader && headerSpan === undefined && header === undefined)
        headerSpan = [recordStart, end + 1]
    }
    lastCut = end + 1
    recordStart = lastCut
    return records >= opts.maxRecords
  }

  // Scans piece[from…] (pending offset `base` = piece[0]); returns the index just past the terminator
  // that filled the chunk, or -1 when the piece ended first.
  const scan = (piece: Uint8Array, from: number, base: number): number => {
    if (opts.csv) {
      for (let i = from; i < piece.length; i++) {
        const b = piece[i]
        if (b === QUOTE) inQuote = !inQuote
        else if ((b === LF || b === CR) && !inQuote && terminator(base + i)) return i + 1
      }
      return -1
    }
    // NDJSON: a newline byte never occurs inside a UTF-8 sequence or a JSON string.
    for (let i = piece.indexOf(LF, from); i >= 0; i = piece.indexOf(LF, i + 1)) {
      if (terminator(base + i)) return i + 1
    }
    return -1
  }

  const take = (cut: number): Uint8Array => {
    const buf = pieces.length === 1 ? pieces[0] : Buffer.concat(pieces, size)
    if (headerSpan !== undefined && header === undefined) header = buf.slice(headerSpan[0], headerSpan[1])
    const prefix = headerEmitted ? header : undefined
    if (header !== undefined) headerEmitted = true
    const rest = buf.subarray(cut)
    pieces = rest.length > 0 ? [rest] : []
    size = rest.length
    lastCut = 0
    recordStart -= cut
    records = 0
    const body = buf.subarray(0, cut)
    return prefix === undefined ? body : Buffer.concat([prefix, body])
  }

  for await (const piece of input) {
    let from = 0
    while (from < piece.length) {
      const full = scan(piece, from, size - from)
      const end = full < 0 ? piece.length : full
      pieces.push(piece.subarray(from, end))
      size += end - from
      from = end
      if (full >= 0) yield take(size)
      else if (size >= opts.targetBytes && lastCut > 0) yield take(lastCut)
    }
  }
  if (size > 0) yield take(size)
}
