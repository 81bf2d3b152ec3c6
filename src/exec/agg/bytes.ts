// exec/agg/bytes.ts: the little binary writer/reader that carries partial states between worker threads,
// and the state header (magic, version, kind). The reader bounds-checks every read: never trusts lengths.

import { AggStateError } from './errors.ts'

/** First byte of every serialized state. */
const MAGIC = 0xa6
/** Bumped whenever any state's byte layout changes; readers refuse other versions. */
const VERSION = 1

/** True on a little-endian machine: typed arrays then copy as bytes in the wire's byte order. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1

/** Grows a byte buffer as values are appended; `finish()` returns the exact bytes. */
export class ByteWriter {
  private buf = new Uint8Array(64)
  private view = new DataView(this.buf.buffer)
  private len = 0

  private ensure(n: number): void {
    if (this.len + n <= this.buf.length) return
    let cap = this.buf.length * 2
    while (cap < this.len + n) cap *= 2
    const next = new Uint8Array(cap)
    next.set(this.buf.subarray(0, this.len))
    this.buf = next
    this.view = new DataView(next.buffer)
  }

  /** Appends one unsigned byte. */
  u8(v: number): void {
    this.ensure(1)
    this.buf[this.len++] = v
  }

  /** Appends an unsigned 32-bit integer (little-endian). */
  u32(v: number): void {
    this.ensure(4)
    this.view.setUint32(this.len, v, true)
    this.len += 4
  }

  /** Appends a signed 32-bit integer (little-endian). */
  i32(v: number): void {
    this.ensure(4)
    this.view.setInt32(this.len, v, true)
    this.len += 4
  }

  /** Appends a float64 (little-endian). */
  f64(v: number): void {
    this.ensure(8)
    this.view.setFloat64(this.len, v, true)
    this.len += 8
  }

  /** Appends `n` float64 values from `a`, preceded by nothing (the caller writes the count). */
  f64s(a: Float64Array, n: number): void {
    this.ensure(8 * n)
    if (LITTLE_ENDIAN) this.buf.set(new Uint8Array(a.buffer, a.byteOffset, 8 * n), this.len)
    else for (let i = 0; i < n; i++) this.view.setFloat64(this.len + 8 * i, a[i], true)
    this.len += 8 * n
  }

  /** Appends `n` int32 values from `a` (the caller writes the count). */
  i32s(a: Int32Array, n: number): void {
    this.ensure(4 * n)
    if (LITTLE_ENDIAN) this.buf.set(new Uint8Array(a.buffer, a.byteOffset, 4 * n), this.len)
    else for (let i = 0; i < n; i++) this.view.setInt32(this.len + 4 * i, a[i], true)
    this.len += 4 * n
  }

  /** Appends raw bytes, preceded by their u32 length. */
  bytes(b: Uint8Array): void {
    this.u32(b.length)
    this.ensure(b.length)
    this.buf.set(b, this.len)
    this.len += b.length
  }

  /** Appends a string as u32 length + UTF-16 code units, so lone surrogates survive the trip. */
  str(s: string): void {
    this.u32(s.length)
    this.ensure(2 * s.length)
    for (let i = 0; i < s.length; i++) this.view.setUint16(this.len + 2 * i, s.charCodeAt(i), true)
    this.len += 2 * s.length
  }

  /** The bytes written so far (a copy sized exactly). */
  finish(): Uint8Array {
    return this.buf.slice(0, this.len)
  }
}

/** Reads what ByteWriter wrote; every read past the end throws AGG_CORRUPT_STATE. */
export class ByteReader {
  private readonly buf: Uint8Array
  private readonly view: DataView
  private pos = 0

  constructor(buf: Uint8Array) {
    this.buf = buf
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength)
  }

  private need(n: number): void {
    if (n < 0 || this.pos + n > this.buf.length) {
      throw new AggStateError(
        'AGG_CORRUPT_STATE',
        `state bytes truncated at offset ${this.pos} (need ${n} more)`,
      )
    }
  }

  /** Reads one unsigned byte. */
  u8(): number {
    this.need(1)
    return this.buf[this.pos++]
  }

  /** Reads an unsigned 32-bit integer. */
  u32(): number {
    this.need(4)
    const v = this.view.getUint32(this.pos, true)
    this.pos += 4
    return v
  }

  /** Reads a signed 32-bit integer. */
  i32(): number {
    this.need(4)
    const v = this.view.getInt32(this.pos, true)
    this.pos += 4
    return v
  }

  /** Reads a float64. */
  f64(): number {
    this.need(8)
    const v = this.view.getFloat64(this.pos, true)
    this.pos += 8
    return v
  }

  /** Reads a count written with u32 and checks that at least `count * unitBytes` bytes follow. */
  count(unitBytes: number): number {
    const n = this.u32()
    this.need(n * unitBytes)
    return n
  }

  /** Reads `n` float64 values into a new array of length `cap` (≥ n). */
  f64s(n: number, cap = n): Float64Array<ArrayBuffer> {
    this.need(8 * n)
    const out = new Float64Array(Math.max(cap, n))
    if (LITTLE_ENDIAN) new Uint8Array(out.buffer).set(this.buf.subarray(this.pos, this.pos + 8 * n))
    else for (let i = 0; i < n; i++) out[i] = this.view.getFloat64(this.pos + 8 * i, true)
    this.pos += 8 * n
    return out
  }

  /** Reads `n` int32 values into a new array. */
  i32s(n: number): Int32Array<ArrayBuffer> {
    this.need(4 * n)
    const out = new Int32Array(n)
    if (LITTLE_ENDIAN) new Uint8Array(out.buffer).set(this.buf.subarray(this.pos, this.pos + 4 * n))
    else for (let i = 0; i < n; i++) out[i] = this.view.getInt32(this.pos + 4 * i, true)
    this.pos += 4 * n
    return out
  }

  /** Reads length-prefixed raw bytes (a copy). */
  bytes(): Uint8Array<ArrayBuffer> {
    const n = this.u32()
    this.need(n)
    const out = this.buf.slice(this.pos, this.pos + n)
    this.pos += n
    return out
  }

  /** Reads a string written by `ByteWriter.str`. */
  str(): string {
    const n = this.count(2)
    let s = ''
    // Chunked fromCharCode keeps long strings linear without a huge argument list.
    for (let i = 0; i < n; i += 4096) {
      const m = Math.min(4096, n - i)
      const units = new Array<number>(m)
      for (let j = 0; j < m; j++) units[j] = this.view.getUint16(this.pos + 2 * (i + j), true)
      s += String.fromCharCode(...units)
    }
    this.pos += 2 * n
    return s
  }

  /** Throws AGG_CORRUPT_STATE unless every byte was consumed. */
  end(): void {
    if (this.pos !== this.buf.length) {
      throw new AggStateError(
        'AGG_CORRUPT_STATE',
        `${this.buf.length - this.pos} unexpected trailing bytes in state`,
      )
    }
  }
}

/** Starts a serialized state: magic, layout version, kind name. */
export function writeHeader(w: ByteWriter, kind: string): void {
  w.u8(MAGIC)
  w.u8(VERSION)
  w.str(kind)
}

/** Checks the header written by `writeHeader` and that it names `kind`. */
export function readHeader(r: ByteReader, kind: string): void {
  const magic = r.u8()
  const version = r.u8()
  if (magic !== MAGIC) throw new AggStateError('AGG_CORRUPT_STATE', 'not a serialized aggregation state')
  if (version !== VERSION) {
    throw new AggStateError(
      'AGG_CORRUPT_STATE',
      `state layout version ${version}, this build reads ${VERSION}`,
    )
  }
  const got = r.str()
  if (got !== kind)
    throw new AggStateError('AGG_CORRUPT_STATE', `state bytes hold '${got}', expected '${kind}'`)
}
