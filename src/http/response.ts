// http/response.ts: writes a service response to node:http: JSON with `application/json` (Go only
// decodes that media type), bytes as they are (OTLP protobuf), no body for 204, and `Connection: close` when the request body was not
// read to its end (a refused upload is not worth draining).
import type { IncomingMessage, ServerResponse } from 'node:http'
import { errorParts, errorResponse, type ServiceResponse } from '../service/index.ts'
import { StepClock, TURN_MS } from '../util/loop-turn.ts'
import { stringifyWire, stringifyWireChunks, WireTooLarge } from '../wire/index.ts'

/** Sends `r` on `res` (a long JSON body is made and written in slices of the event loop's time). */
export async function writeResponse(
  req: IncomingMessage,
  res: ServerResponse,
  r: ServiceResponse,
): Promise<void> {
  if (res.headersSent || res.destroyed) return
  const headers: Record<string, string> = { ...r.headers }
  if (!req.complete) headers.connection = 'close'
  if (r.body === undefined || r.status === 204) {
    res.writeHead(r.status, headers)
    res.end()
    return
  }
  if (r.body instanceof Uint8Array) {
    // A binary body (an OTLP protobuf response) goes as is, with the content type the route set.
    headers['content-type'] ??= 'application/octet-stream'
    headers['content-length'] = String(r.body.byteLength)
    res.writeHead(r.status, headers)
    res.end(r.body)
    return
  }
  let chunks: string[]
  let status = r.status
  try {
    chunks = await stringifyWireChunks(r.body)
  } catch (e) {
    if (!(e instanceof WireTooLarge)) throw e
    // Nothing was sent yet: the answer becomes the error (its text is small).
    const failed = errorResponse(errorParts(e))
    status = failed.status
    chunks = [stringifyWire(failed.body)]
  }
  if (res.headersSent || res.destroyed) return
  headers['content-type'] = 'application/json; charset=utf-8'
  if (chunks.length <= 1) {
    const text = chunks[0] ?? ''
    headers['content-length'] = String(Buffer.byteLength(text))
    res.writeHead(status, headers)
    res.end(text)
    return
  }
  // A long body goes out chunk by chunk, each encoded as it is written, with turns between.
  let bytes = 0
  for (const c of chunks) bytes += Buffer.byteLength(c)
  headers['content-length'] = String(bytes)
  res.writeHead(status, headers)
  // Chunks are large: the clock is read after each.
  const clock = new StepClock(TURN_MS, 1)
  for (const c of chunks) {
    if (res.destroyed) return
    res.write(c)
    if (clock.due()) await clock.pause()
  }
  res.end()
}
