// cli/ingest-source.ts: opens what `apldb ingest` reads (a file or stdin), decompresses gzip (by the
// `.gz` extension or the gzip magic bytes), counts bytes for the progress bar, and picks the format
// from the extension, an explicit --format, or the first byte.

import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip } from 'node:zlib'
import { CliError } from './errors.ts'
import type { InStream } from './io.ts'

/** Input formats of `apldb ingest`. */
export const INGEST_FORMATS = ['ndjson', 'json', 'csv'] as const
/** One input format; `json` means a JSON array, or NDJSON when the text starts with `{`. */
export type IngestFileFormat = (typeof INGEST_FORMATS)[number]

/** An opened input. */
export interface IngestSource {
  /** Decompressed bytes, in order. */
  readonly bytes: AsyncIterable<Uint8Array>
  /** Size of the file as stored (undefined for stdin). */
  readonly totalBytes: number | undefined
  /** Bytes read from the file or stdin so far (compressed bytes for gzip). */
  inputBytes(): number
}

const EXTENSIONS: Readonly<Record<string, IngestFileFormat>> = {
  '.ndjson': 'ndjson',
  '.jsonl': 'ndjson',
  '.json': 'json',
  '.csv': 'csv',
}

/** The format named by `file`'s extension (`.gz` looked through), or undefined. */
export function formatOfName(file: string): IngestFileFormat | undefined {
  const name = file.toLowerCase().replace(/\.gz$/, '')
  const dot = name.lastIndexOf('.')
  return dot < 0 ? undefined : EXTENSIONS[name.slice(dot)]
}

/** Opens `file` (`-` = stdin) for reading. */
export async function openIngestSource(file: string, stdin: InStream): Promise<IngestSource> {
  let raw: AsyncIterable<Uint8Array | string>
  let totalBytes: number | undefined
  if (file === '-') raw = stdin
  else {
    const info = await stat(file).catch((e: NodeJS.ErrnoException) => {
      throw new CliError(e.code === 'ENOENT' ? `no such file: ${file}` : `cannot read ${file}: ${e.message}`)
    })
    if (!info.isFile()) throw new CliError(`not a file: ${file}`)
    totalBytes = info.size
    raw = createReadStream(file, { highWaterMark: 1 << 20 })
  }
  let read = 0
  const counted = async function* (): AsyncGenerator<Uint8Array> {
    for await (const c of raw) {
      const bytes = typeof c === 'string' ? Buffer.from(c) : c
      read += bytes.length
      yield bytes
    }
  }
  return { bytes: gunzipIfNeeded(counted()), totalBytes, inputBytes: () => read }
}

/** `input` as is, or gunzipped when it starts with the gzip magic bytes 1f 8b. */
async function* gunzipIfNeeded(input: AsyncGenerator<Uint8Array>): AsyncGenerator<Uint8Array> {
  // A pipe may deliver a single byte first: gather two before looking for the magic.
  const head: Uint8Array[] = []
  let headBytes = 0
  while (headBytes < 2) {
    const next = await input.next()
    if (next.done) break
    head.push(next.value)
    headBytes += next.value.length
  }
  const replay = async function* (): AsyncGenerator<Uint8Array> {
    yield* head
    yield* input
  }
  const start = Buffer.concat(head)
  if (start.length < 2 || start[0] !== 0x1f || start[1] !== 0x8b) {
    yield* replay()
    return
  }
  const gunzip = createGunzip()
  // The pipeline's failure (corrupt gzip) also destroys `gunzip`, which ends the loop below with it.
  const done = pipeline(Readable.from(replay()), gunzip).catch((e: unknown) => e)
  try {
    for await (const c of gunzip) yield c as Buffer
  } catch (e) {
    throw new CliError(`cannot decompress the gzip input: ${e instanceof Error ? e.message : String(e)}`)
  }
  const failure = await done
  if (failure !== undefined) throw new CliError(`cannot decompress the gzip input: ${String(failure)}`)
}

/** Splits `input` into its first non-whitespace byte and the same bytes, replayable from the start. */
export async function peekFirstByte(
  input: AsyncIterable<Uint8Array>,
): Promise<{ first: number | undefined; bytes: AsyncIterable<Uint8Array> }> {
  const it = input[Symbol.asyncIterator]()
  const seen: Uint8Array[] = []
  let first: number | undefined
  while (first === undefined) {
    const next = await it.next()
    if (next.done) break
    seen.push(next.value)
    for (const b of next.value) {
      // JSON whitespace (and a UTF-8 BOM's bytes) come before the first meaningful byte.
      if (b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d || b === 0xef || b === 0xbb || b === 0xbf)
        continue
      first = b
      break
    }
  }
  const bytes = (async function* () {
    yield* seen
    for (;;) {
      const next = await it.next()
      if (next.done) return
      yield next.value
    }
  })()
  return { first, bytes }
}
