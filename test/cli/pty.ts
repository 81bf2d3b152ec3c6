// test/cli/pty.ts: runs `apldb` on a pseudo-terminal through util-linux's `script` (no native
// module): type into it, wait for output, read the whole screen stream. Not a test.
import { type ChildProcess, spawn } from 'node:child_process'
import { BIN } from './cli-process.ts'

/** A program on a terminal. */
export interface PtyRun {
  /** Everything the terminal showed so far (escape sequences included). */
  output(): string
  /** Sends keys (a string; `\r` is Enter, `\t` Tab, `\x03` Ctrl-C, `\x04` Ctrl-D, `\x1b[A` Up). */
  type(keys: string): void
  /** Resolves once the output after `from` matches `re` (rejects after `ms`). */
  waitFor(re: RegExp, from?: number, ms?: number): Promise<string>
  /** Resolves to the exit code once the program ends. */
  exited: Promise<number | null>
  /** Ends the program (a failed test must not leave it holding the store). */
  kill(): void
}

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`

/** Starts `apldb args…` on a terminal of 100 columns in `cwd`. */
export function runOnPty(args: readonly string[], cwd: string, env: Record<string, string> = {}): PtyRun {
  const cmd = `stty cols 100 rows 40; ${quote(process.execPath)} ${quote(BIN)} ${args.map(quote).join(' ')}`
  const child: ChildProcess = spawn('script', ['-qfec', cmd, '/dev/null'], {
    cwd,
    env: { ...process.env, ...env, TERM: 'xterm', NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let out = ''
  const waiters: (() => void)[] = []
  const onData = (d: Buffer) => {
    out += d.toString('utf8')
    for (const w of waiters.splice(0)) w()
  }
  child.stdout?.on('data', onData)
  child.stderr?.on('data', onData)
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  return {
    output: () => out,
    type: (keys) => {
      child.stdin?.write(keys)
    },
    waitFor: (re, from = 0, ms = 20_000) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`timed out waiting for ${re}; got:\n${out.slice(from)}`)),
          ms,
        )
        const check = () => {
          const m = re.exec(out.slice(from))
          if (m) {
            clearTimeout(timer)
            resolve(m[0])
          } else waiters.push(check)
        }
        check()
      }),
    exited,
    kill: () => {
      child.kill('SIGKILL')
    },
  }
}
