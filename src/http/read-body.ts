// http/read-body.ts: reads a request body through its Content-Encoding (gzip, zstd, deflate,
// identity or an empty header) with a limit on the DECOMPRESSED bytes: a gzip bomb stops at the
// limit (413) without ever being buffered whole. Never parses the body.
import type { IncomingMessage } from 'node:http'
import type { Transform } from 'node:stream'
import * as zlib from 'node:zlib'
import { type BodyBudget, payloadTooLarge, ServiceError } from '../service/index.ts'
import { StepClock, TURN_MS } from '../util/loop-turn.ts'

type DecoderFactory = () => Transform

/** Supported encodings (api-contract.md §3.2; deflate is a harmless extra). */
const DECODERS: Readonly<Record<string, DecoderFactory | undefined>> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  // Node's zlib has zstd from 22.15 on; an older Node refuses zstd bodies with 415.
  zstd: typeof zlib.createZstdDecompress === 'function' ? () => zlib.createZstdDecompress() : undefined,
  deflate: () => zlib.createInflate(),
}

/** The decoder for a Content-Encoding header; undefined for identity or empty (JS sends `""`). */
function decoderFor(header: string | undefined): Transform | undefined {
  const enc = (header ?? '').trim().toLowerCase()
  if (enc === '' || enc === 'identity') return undefined
  const make = Object.hasOwn(DECODERS, enc) ? DECODERS[enc] : undefined
  if (!make) {
    throw new ServiceError(
      415,
      'unsupported_encoding',
      enc === 'zstd'
        ? 'Content-Encoding zstd needs a server on Node 22.15 or later; use gzip or none'
        : `Content-Encoding ${JSON.stringify(enc.slice(0, 32))} is not supported; use gzip, zstd or none`,
    )
  }
  return make()
}

/**
 * The body of `req`, decompressed, at most `limit` bytes (413 beyond). A declared Content-Length
 * over the limit of an uncompressed body is refused before reading. Compressed input is capped too
 * (a little above `limit`), so a stream of padding cannot run forever. With `budget`, each
 * decompressed chunk is taken from it first: reading pauses while it is spent (429 if it stays so).
 */
export function readRequestBody(
  req: IncomingMessage,
  limit: number,
  budget?: BodyBudget,
): Promise<Uint8Array> {
  let decoder: Transform | undefined
  try {
    decoder = decoderFor(req.headers['content-encoding'])
  } catch (e) {
    return Promise.reject(e)
  }
  const declared = Number(req.headers['content-length'])
  if (!decoder && Number.isFinite(declared) && declared > limit) return Promise.reject(payloadTooLarge(limit))
  const rawCap = limit + Math.ceil(limit / 64) + 65_536
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let total = 0
    let raw = 0
    let settled = false
    let waiting: Promise<void> | undefined
    const fail = (e: unknown) => {
      if (settled) return
      settled = true
      if (decoder) {
        req.unpipe(decoder)
        decoder.destroy()
      }
      req.pause()
      reject(e)
    }
    const out = decoder ?? req
    req.on('data', (c: Buffer) => {
      raw += c.length
      if (raw > rawCap) fail(payloadTooLarge(limit))
    })
    out.on('data', (c: Buffer) => {
      if (settled) return
      total += c.length
      if (total > limit) fail(payloadTooLarge(limit))
      else if (!budget || budget.tryTake(c.length)) chunks.push(c)
      else {
        // The process-wide budget is spent: hold this chunk's bytes back until it has room.
        out.pause()
        waiting = budget.take(c.length).then(() => {
          waiting = undefined
          if (settled) return
          chunks.push(c)
          out.resume()
        }, fail)
      }
    })
    out.on('end', () => {
      if (settled) return
      const finish = () => {
        if (settled) return
        settled = true
        if (chunks.length === 1) resolve(chunks[0])
        else joinChunks(chunks, total).then(resolve, reject)
      }
      // The last chunk may still wait for budget: the body ends once it is kept.
      if (waiting) void waiting.then(finish)
      else finish()
    })
    out.on('error', (e: Error) =>
      fail(
        decoder
          ? new ServiceError(
              400,
              'invalid_encoding',
              `the body is not valid ${req.headers['content-encoding']}: ${e.message}`,
            )
          : e,
      ),
    )
    if (decoder) {
      req.on('error', fail)
      req.pipe(decoder)
    }
    req.on('close', () => {
      if (!req.complete) fail(new ServiceError(400, 'aborted', 'the client closed the request mid-body'))
    })
  })
}

/**
 * `chunks` as one buffer of `total` bytes, copied with a turn of the event loop every TURN_MS: the
 * copy touches fresh pages, and joining 32 MiB in one piece held the loop 130–150 ms.
 */
async function joinChunks(chunks: readonly Buffer[], total: number): Promise<Uint8Array> {
  const out = Buffer.allocUnsafeSlow(total)
  const clock = new StepClock(TURN_MS, 1)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.length
    if (clock.due()) await clock.pause()
  }
  return out
}
