// cli/out-sink.ts: where a command's results go: stdout, or a file (`-o FILE`), written with
// back-pressure so a large export to a slow pipe or disk keeps memory flat.

import { createWriteStream } from 'node:fs'
import * as path from 'node:path'
import type { CliIo, OutStream } from './io.ts'

/** An output that waits for the consumer when its buffer is full. */
export interface OutSink {
  /** The stream facts (TTY, columns) of the destination. */
  readonly stream: OutStream
  write(text: string): Promise<void>
  /** Flushes and closes a file; stdout stays open. */
  close(): Promise<void>
}

interface Drainable {
  write(text: string): boolean
  once(event: 'drain' | 'error', cb: (e?: Error) => void): unknown
}

function isDrainable(s: unknown): s is Drainable {
  return typeof (s as Drainable).once === 'function'
}

/** Writes `text`; resolves once the stream can take more. */
function writeWaiting(s: OutStream, text: string): Promise<void> {
  if (text === '') return Promise.resolve()
  const ok = s.write(text)
  if (ok !== false || !isDrainable(s)) return Promise.resolve()
  return new Promise((resolve) => s.once('drain', () => resolve()))
}

/** Stdout, or the file `file` (resolved against the working directory) when given. */
export async function openSink(file: string | undefined, io: CliIo): Promise<OutSink> {
  if (file === undefined || file === '-') {
    return { stream: io.stdout, write: (t) => writeWaiting(io.stdout, t), close: async () => {} }
  }
  const out = createWriteStream(path.resolve(io.cwd, file))
  await new Promise<void>((resolve, reject) => {
    out.once('open', () => resolve())
    out.once('error', reject)
  })
  const stream: OutStream = { write: (t: string) => out.write(t), isTTY: false }
  return {
    stream,
    write: (t) => (out.write(t) ? Promise.resolve() : new Promise((r) => out.once('drain', () => r()))),
    close: () =>
      new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve()))),
  }
}
