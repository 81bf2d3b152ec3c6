// cli/io.ts: what a command may touch of its process: output streams (with TTY facts), stdin, the
// environment and the working directory. Commands never read `process.*` for these directly, so the
// formatting helpers can be tested in-process with plain streams.

/** An output stream as the commands use it. */
export interface OutStream {
  write(text: string): unknown
  /** True when the stream is a terminal (progress bars, prompts, colour). */
  readonly isTTY?: boolean
  /** Terminal width in columns, when the stream is a terminal. */
  readonly columns?: number
}

/** An input stream of bytes (stdin). */
export interface InStream extends AsyncIterable<Uint8Array | string> {
  readonly isTTY?: boolean
}

/** The process facilities a command receives. */
export interface CliIo {
  readonly stdout: OutStream
  readonly stderr: OutStream
  readonly stdin: InStream
  readonly env: Readonly<Record<string, string | undefined>>
  /** Directory relative paths are resolved against. */
  readonly cwd: string
}

/** The real process's streams and environment. */
export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
  }
}

/**
 * Width available for a table on `out`: the terminal's columns, else `$COLUMNS`, else unbounded
 * (a pipe or file gets whole cells).
 */
export function outputWidth(out: OutStream, env: CliIo['env']): number {
  if (out.isTTY && out.columns !== undefined && out.columns > 0) return out.columns
  const fromEnv = Number(env.COLUMNS)
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : Number.POSITIVE_INFINITY
}
