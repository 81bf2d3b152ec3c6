// test/cli/cli-process.ts: runs the real `apldb` binary (bin/apldb.js) with this test's Node, in a
// temporary directory, and collects exit code and output; `startServe` keeps a server running.

import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The launcher under test. */
export const BIN = fileURLToPath(new URL('../../bin/apldb.js', import.meta.url))

/** What one run produced. */
export interface CliRun {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/** Options of one run. */
export interface RunOptions {
  readonly cwd: string
  readonly env?: Readonly<Record<string, string>>
  /** Written to stdin, which is then closed (stdin is empty otherwise). */
  readonly input?: string | Uint8Array
  /** Node binary; the test's own (Node 24) by default. */
  readonly node?: string
}

/** The environment a run starts from: ours without APLDB_* (a developer's settings must not leak in). */
function baseEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {}
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('APLDB_') && k !== 'COLUMNS') env[k] = v
  return { ...env, ...extra }
}

/** Runs `apldb args…` to completion. */
export function runCli(args: readonly string[], opts: RunOptions): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(opts.node ?? process.execPath, [BIN, ...args], {
      cwd: opts.cwd,
      env: baseEnv(opts.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      stdout += d
    })
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr += d
    })
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
    child.stdin.end(opts.input ?? '')
  })
}

/** A temporary working directory, removed by `cleanup`. */
export function tempDir(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'apldb-cli-'))
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) }
}

/** A running `apldb serve`. */
export interface RunningServer {
  readonly url: string
  /** The root token from the first-start banner, when one was printed. */
  readonly token: string | undefined
  readonly stdout: () => string
  /** Sends SIGTERM and resolves to the exit code. */
  stop(): Promise<number | null>
}

/** Starts `apldb serve args…` and resolves once it printed its URL (and token, on a first start). */
export function startServe(args: readonly string[], opts: RunOptions): Promise<RunningServer> {
  const child: ChildProcess = spawn(opts.node ?? process.execPath, [BIN, 'serve', ...args], {
    cwd: opts.cwd,
    env: baseEnv(opts.env),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let out = ''
  let err = ''
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`serve did not start in time\nstdout:\n${out}\nstderr:\n${err}`))
    }, 60_000)
    const check = () => {
      const url = /apldb serving (\S+)/.exec(out)?.[1]
      // The banner is written in one piece; wait for its last line when a token is part of it.
      if (url === undefined || (out.includes('Root token:') && !out.includes(' shell --url '))) return
      clearTimeout(timer)
      resolve({
        url,
        token: /Root token: (\S+)/.exec(out)?.[1],
        stdout: () => out,
        stop: () => {
          child.kill('SIGTERM')
          return exited
        },
      })
    }
    child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      out += d
      check()
    })
    child.stderr?.setEncoding('utf8').on('data', (d: string) => {
      err += d
    })
    exited.then((code) => {
      clearTimeout(timer)
      reject(new Error(`serve exited with ${code}\nstdout:\n${out}\nstderr:\n${err}`))
    })
  })
}
