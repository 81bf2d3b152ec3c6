// cli/errors.ts: the command line's exit codes and the two errors a command throws on purpose. Every
// other error reaching main is a runtime failure (exit 1); nothing here prints.

/** Process exit codes of `apldb`: 0 ok, 1 runtime error, 2 usage error. */
export const EXIT = { ok: 0, failure: 1, usage: 2 } as const

/** The command line was wrong (unknown option, missing argument): exit 2, with a pointer to --help. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
  /** The command whose help explains the fix (`query`, `tokens create`), or undefined for the top level. */
  readonly command: string | undefined
  constructor(message: string, command?: string) {
    super(message)
    this.command = command
  }
}

/**
 * A runtime failure with a message already written for the user (exit 1). `preformatted` text is
 * printed as is (an APL error with its caret); otherwise main prefixes `apldb: `.
 */
export class CliError extends Error {
  override readonly name = 'CliError'
  readonly preformatted: boolean
  constructor(message: string, opts: { preformatted?: boolean; cause?: unknown } = {}) {
    super(message, { cause: opts.cause })
    this.preformatted = opts.preformatted ?? false
  }
}
