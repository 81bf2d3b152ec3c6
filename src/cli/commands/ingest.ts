// cli/commands/ingest.ts: `apldb ingest DATASET FILE|-`: streams NDJSON or CSV (gzip or not) into a
// dataset in chunks of whole records, with a progress bar on a terminal and a one-line summary.
// A JSON array cannot be cut without parsing it, so it is read whole and sent in batches of events.

import type { IngestStatus } from '../../storage/ingest-call.ts'
import { type CommandDef, choiceOpt, intOpt, stringOpt } from '../command.ts'
import { CliError } from '../errors.ts'
import { countOf, formatBytes, formatCount, formatDuration, perSecond } from '../human.ts'
import { embeddedSink, type IngestSettings, type IngestSink, remoteSink } from '../ingest-sink.ts'
import {
  formatOfName,
  INGEST_FORMATS,
  type IngestFileFormat,
  type IngestSource,
  openIngestSource,
  peekFirstByte,
} from '../ingest-source.ts'
import { EXIT_INTERRUPTED, interruptSignal, untilAborted } from '../interrupt.ts'
import type { CliIo } from '../io.ts'
import { ProgressBar } from '../progress.ts'
import { recordChunks } from '../record-chunks.ts'
import { resolveTarget, TARGET_OPTIONS, withStore } from '../target.ts'
import { firstRecordHas } from '../timestamp-check.ts'

/** Default chunk size: large enough to amortize one WAL fsync, small enough to bound memory. */
const DEFAULT_BATCH_BYTES = 4 << 20
/** Most events per call: Axiom's per-request cap (api-contract §3.2), which servers enforce. */
const MAX_EVENTS_PER_CALL = 10_000
/** Failure messages listed after the summary. */
const SHOWN_FAILURES = 5

/** `apldb ingest`. */
export const ingestCommand: CommandDef = {
  name: 'ingest',
  summary: 'ingest a JSON, NDJSON or CSV file (or stdin) into a dataset',
  usage: 'ingest DATASET FILE|- [options]',
  details: [
    'The format comes from the extension (.ndjson/.jsonl, .json, .csv, each optionally .gz) or',
    '--format; gzip is also recognised by its magic bytes, so stdin may be compressed. NDJSON and',
    'CSV are streamed in chunks of whole records; a JSON array is read whole. A progress bar shows',
    'on a terminal. Exit code 1 when any event failed (the first failures are listed). Ctrl-C stops',
    'after the chunk in flight, says what landed and exits 130. A warning tells when the input has no',
    '_time (or --timestamp-field) field. A dataset created by --create is removed again when nothing landed.',
    '',
    'Examples:',
    '  apldb ingest http-logs ./logs.ndjson.gz --create',
    '  cat events.csv | apldb ingest http-logs - --format csv --url http://127.0.0.1:3000 --token xaat-…',
  ].join('\n'),
  options: {
    format: {
      type: 'string',
      value: 'FORMAT',
      description: 'ndjson, json or csv (default: from the extension)',
    },
    create: { type: 'boolean', description: 'create the dataset when it does not exist' },
    'timestamp-field': {
      type: 'string',
      value: 'FIELD',
      description: 'field holding the event time (default _time)',
    },
    'timestamp-format': {
      type: 'string',
      value: 'LAYOUT',
      description: 'Go time layout of that field (default: auto)',
    },
    'csv-delimiter': { type: 'string', value: 'CHAR', description: 'CSV delimiter (default ,)' },
    'csv-fields': {
      type: 'string',
      value: 'A,B,…',
      description: 'CSV column names when the file has no header row',
    },
    'batch-bytes': {
      type: 'string',
      value: 'N',
      description: `bytes per ingest call (default ${DEFAULT_BATCH_BYTES})`,
    },
    progress: {
      type: 'boolean',
      description: 'progress bar (default: when stderr is a terminal; --no-progress)',
    },
    ...TARGET_OPTIONS,
  },
  positionals: { min: 2, max: 2 },
  async run({ values, positionals }, io) {
    const [dataset, file] = positionals
    const explicit = stringOpt(values, 'format')
    const format =
      explicit === undefined
        ? formatOfName(file)
        : choiceOpt(values, 'format', INGEST_FORMATS, 'ndjson', 'ingest')
    const batchBytes = intOpt(values, 'batch-bytes', DEFAULT_BATCH_BYTES, 'ingest')
    const csvFields = stringOpt(values, 'csv-fields')?.split(',')
    const settings: IngestSettings = {
      timestampField: stringOpt(values, 'timestamp-field'),
      timestampFormat: stringOpt(values, 'timestamp-format'),
      csvDelimiter: stringOpt(values, 'csv-delimiter'),
      csvFields,
    }
    const create = values.create === true
    const showProgress = values.progress === undefined ? io.stderr.isTTY === true : values.progress === true
    const target = resolveTarget(values, io, 'ingest')
    const source = await openIngestSource(file, io.stdin)
    const timeField = settings.timestampField ?? '_time'
    const warnTime = (first: Uint8Array | readonly unknown[], fmt: 'ndjson' | 'csv' | 'json') => {
      const csv = { delimiter: settings.csvDelimiter, fields: csvFields }
      if (firstRecordHas(first, fmt, timeField, csv) !== false) return
      io.stderr.write(
        `apldb: warning: the input has no ${JSON.stringify(timeField)} field${settings.timestampField ? '' : ' (name yours with --timestamp-field)'}; events get the time they are received\n`,
      )
    }
    const interrupt = interruptSignal()
    const opts = {
      format,
      batchBytes,
      csvHeader: csvFields === undefined,
      file,
      warnTime,
      interrupt: interrupt.signal,
    }
    // A dataset this command created goes again when nothing landed in it (a failed or empty ingest).
    const run = async (sink: IngestSink) => {
      const totals = newTotals()
      try {
        await pump(sink, source, opts, totals, showProgress, io)
      } catch (e) {
        if (totals.events === 0) await sink.discardCreated()
        throw e
      }
      if (totals.events === 0 && totals.failed > 0) await sink.discardCreated()
      return totals
    }
    const totals = await (async () => {
      try {
        return target.kind === 'embedded'
          ? await withStore(target.dir, !create, async (db) =>
              run(await embeddedSink(db, dataset, settings, create)),
            )
          : await run(await remoteSink(target.client, dataset, settings, create))
      } finally {
        interrupt.dispose()
      }
    })()
    if (totals.interrupted) {
      io.stdout.write(
        `interrupted: ${countOf(totals.events, 'event')} ingested into ${dataset} before Ctrl-C (they stay; ${formatBytes(totals.bytes)} read)\n`,
      )
      return EXIT_INTERRUPTED
    }
    const rate = formatCount(perSecond(totals.events, totals.ms))
    const failed = totals.failed > 0 ? `; ${formatCount(totals.failed)} failed` : ''
    io.stdout.write(
      `ingested ${countOf(totals.events, 'event')} into ${dataset} (${formatBytes(totals.bytes)} in ${formatDuration(totals.ms)}, ${rate} events/s)${failed}\n`,
    )
    for (const f of totals.failures) io.stderr.write(`  failed: ${f.error}\n`)
    if (totals.failed > totals.failures.length) {
      io.stderr.write(`  … and ${formatCount(totals.failed - totals.failures.length)} more failures\n`)
    }
    return totals.failed > 0 ? 1 : 0
  },
}

interface Totals {
  events: number
  failed: number
  /** Uncompressed input bytes. */
  bytes: number
  ms: number
  failures: { timestamp: string; error: string }[]
  /** Stopped by Ctrl-C between chunks. */
  interrupted: boolean
}

const newTotals = (): Totals => ({ events: 0, failed: 0, bytes: 0, ms: 0, failures: [], interrupted: false })

interface PumpOptions {
  readonly format: IngestFileFormat | undefined
  readonly batchBytes: number
  readonly csvHeader: boolean
  readonly file: string
  /** Called with the first chunk (or the parsed array) to check its timestamp field. */
  readonly warnTime: (first: Uint8Array | readonly unknown[], format: 'ndjson' | 'csv' | 'json') => void
  /** Ctrl-C: stop after the chunk in flight. */
  readonly interrupt: AbortSignal
}

/** Reads `source` to the end (or Ctrl-C), sending it to `sink` chunk by chunk; counts into `totals`. */
async function pump(
  sink: IngestSink,
  source: IngestSource,
  opts: PumpOptions,
  totals: Totals,
  showProgress: boolean,
  io: CliIo,
): Promise<void> {
  const started = performance.now()
  const bar = showProgress ? new ProgressBar(io.stderr) : undefined
  const tick = (force = false) =>
    bar?.update(
      {
        inputBytes: source.inputBytes(),
        totalBytes: source.totalBytes,
        bytes: totals.bytes,
        events: totals.events,
      },
      force,
    )
  const add = (s: IngestStatus) => {
    totals.events += s.ingested
    totals.failed += s.failed
    for (const f of s.failures ?? []) if (totals.failures.length < SHOWN_FAILURES) totals.failures.push(f)
  }
  let bytes: AsyncIterable<Uint8Array> = counting(source.bytes, (n) => {
    totals.bytes += n
  })
  let format = opts.format
  try {
    if (format !== 'csv') {
      const peek = await peekFirstByte(bytes)
      bytes = peek.bytes
      format = sniff(peek.first, format, opts.file)
    }
    if (format === 'json') {
      const events = await readArray(bytes)
      opts.warnTime(events, 'json')
      for (let i = 0; i < events.length && !opts.interrupt.aborted; i += MAX_EVENTS_PER_CALL) {
        add(await sink.events(events.slice(i, i + MAX_EVENTS_PER_CALL)))
        tick()
      }
    } else {
      const csv = format === 'csv'
      const chunks = recordChunks(bytes, {
        targetBytes: opts.batchBytes,
        maxRecords: MAX_EVENTS_PER_CALL,
        csv,
        csvHeader: csv && opts.csvHeader,
      })
      let first = true
      for await (const chunk of untilAborted(chunks, opts.interrupt)) {
        if (first) opts.warnTime(chunk, csv ? 'csv' : 'ndjson')
        first = false
        add(await sink.chunk(chunk, csv ? 'csv' : 'ndjson'))
        tick()
      }
    }
    totals.interrupted = opts.interrupt.aborted
    tick(true)
  } catch (e) {
    // Say how far it got: what was acknowledged stays ingested, so a rerun would duplicate it.
    if (totals.events === 0 || !(e instanceof Error)) throw e
    throw new CliError(`${e.message}\n  (${countOf(totals.events, 'event')} had been ingested before this)`, {
      cause: e,
    })
  } finally {
    bar?.clear()
  }
  totals.ms = performance.now() - started
}

/** `json` when the text is an array, `ndjson` for objects; anything else needs --format csv. */
function sniff(
  first: number | undefined,
  named: IngestFileFormat | undefined,
  file: string,
): IngestFileFormat {
  if (first === 0x5b) return 'json' // '['
  if (first === 0x7b || first === undefined) return 'ndjson' // '{', or empty input
  if (named !== undefined) return named === 'json' ? 'ndjson' : named
  throw new CliError(
    `cannot tell the format of ${file === '-' ? 'stdin' : file}: it is neither a JSON array nor NDJSON; pass --format csv for CSV`,
  )
}

async function* counting(
  input: AsyncIterable<Uint8Array>,
  onBytes: (n: number) => void,
): AsyncGenerator<Uint8Array> {
  for await (const c of input) {
    onBytes(c.length)
    yield c
  }
}

async function readArray(input: AsyncIterable<Uint8Array>): Promise<unknown[]> {
  const pieces: Uint8Array[] = []
  for await (const c of input) pieces.push(c)
  let parsed: unknown
  try {
    parsed = JSON.parse(
      Buffer.concat(pieces)
        .toString('utf8')
        .replace(/^\uFEFF/, ''),
    )
  } catch (e) {
    throw new CliError(`invalid JSON array: ${e instanceof Error ? e.message : String(e)}`)
  }
  if (!Array.isArray(parsed)) throw new CliError('expected a JSON array of events')
  return parsed
}
