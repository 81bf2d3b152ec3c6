// cli/main.ts: the `apldb` entry: picks the command from argv, parses its options, runs it, and maps
// what it throws to a message on stderr and an exit code (0 ok, 1 runtime error, 2 usage error).
// Run directly (`node src/cli/main.ts …`) or through bin/apldb.js.

import { fileURLToPath } from 'node:url'
import { commandHelp, parseCommandArgs } from './command.ts'
import { findCommand, topLevelHelp } from './commands.ts'
import { CliError, EXIT, UsageError } from './errors.ts'
import { type CliIo, processIo } from './io.ts'

/** Runs `apldb` with `argv` (without node and script); resolves to the exit code. */
export async function runCli(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  try {
    const first = argv[0]
    // `apldb` alone on a terminal is the shell; elsewhere it prints the help (exit 2).
    if (first === undefined && io.stdin.isTTY === true) return await runCli(['shell'], io)
    if (first === 'help' && argv[1] !== undefined) return await runCli([...argv.slice(1), '--help'], io)
    if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
      io.stdout.write(topLevelHelp())
      return first === undefined ? EXIT.usage : EXIT.ok
    }
    if (first === '--version' || first === '-V' || first === '-v') {
      io.stdout.write(`${await version()}\n`)
      return EXIT.ok
    }
    const found = findCommand(argv)
    if ('groupHelp' in found) {
      io.stdout.write(found.groupHelp)
      return EXIT.ok
    }
    const def = found.def
    const args = parseCommandArgs(def, argv.slice(found.words))
    if (args.help) {
      io.stdout.write(commandHelp(def))
      return EXIT.ok
    }
    return await def.run(args, io)
  } catch (e) {
    return report(e, io)
  }
}

/** Prints `e` for the user and returns its exit code. */
function report(e: unknown, io: CliIo): number {
  if (e instanceof UsageError) {
    const help = e.command === undefined ? 'apldb --help' : `apldb ${e.command} --help`
    io.stderr.write(`apldb: ${e.message}\n(see \`${help}\`)\n`)
    return EXIT.usage
  }
  if (e instanceof CliError && e.preformatted) {
    io.stderr.write(e.message.endsWith('\n') ? e.message : `${e.message}\n`)
    return EXIT.failure
  }
  const message = e instanceof Error ? e.message : String(e)
  io.stderr.write(`apldb: ${message}\n`)
  // APLDB_DEBUG=1 adds the stack, for bug reports.
  if (io.env.APLDB_DEBUG && e instanceof Error && e.stack) io.stderr.write(`${e.stack}\n`)
  return EXIT.failure
}

/** `apldb <version> (node <version>)`, from apldb's package.json: two folders up in the source tree, three in dist/. */
async function version(): Promise<string> {
  const { readFile } = await import('node:fs/promises')
  for (const up of ['../../package.json', '../../../package.json']) {
    const text = await readFile(new URL(up, import.meta.url), 'utf8').catch(() => undefined)
    const pkg = text === undefined ? undefined : (JSON.parse(text) as { name?: string; version?: string })
    if (pkg?.name === 'apldb') return `apldb ${pkg.version ?? 'unknown'} (node ${process.version})`
  }
  return `apldb unknown (node ${process.version})`
}

/** Runs the CLI as this process: exit code out, stdout flushed first. */
export async function main(): Promise<void> {
  // `apldb query … | head` closes the pipe early: that is the reader's choice, not a failure.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0)
    throw e
  })
  const code = await runCli(process.argv.slice(2))
  // Flush before exiting: a piped stdout may still hold the tail of a large result.
  await new Promise<void>((resolve) => process.stdout.write('', () => resolve()))
  process.exit(code)
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) await main()
