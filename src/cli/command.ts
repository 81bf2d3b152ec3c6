// cli/command.ts: the shape of one `apldb` command (options, positionals, help text, run) and the
// argv parsing every command shares (node:util parseArgs, strict). Parsing never runs a command.

import { parseArgs } from 'node:util'
import { suggest } from '../diagnostics/suggest.ts'
import { UsageError } from './errors.ts'
import type { CliIo } from './io.ts'

/** One `--option` of a command. */
export interface OptionDef {
  readonly type: 'string' | 'boolean'
  readonly short?: string
  /** May be given several times (values collect into an array). */
  readonly multiple?: boolean
  /** Placeholder shown in help for a string option (`DIR`, `TIME`). */
  readonly value?: string
  readonly description: string
}

/** Parsed options: strings, booleans, or arrays of strings for `multiple` options. */
export type OptionValues = Readonly<Record<string, string | boolean | string[] | undefined>>

/** What a command's `run` receives. */
export interface ParsedArgs {
  readonly values: OptionValues
  readonly positionals: readonly string[]
}

/** One command (`query`) or sub-command (`tokens create`). */
export interface CommandDef {
  /** The words that select it: `query`, `tokens create`. */
  readonly name: string
  /** One line for the top-level help. */
  readonly summary: string
  /** Usage line after `apldb `, e.g. `query '<apl>' [options]`. */
  readonly usage: string
  /** Help paragraphs after the usage line (what it does, exit codes, examples). */
  readonly details?: string
  readonly options: Readonly<Record<string, OptionDef>>
  /** Accepted positional count, inclusive. */
  readonly positionals: { readonly min: number; readonly max: number }
  /** Runs the command; resolves to the exit code. */
  run(args: ParsedArgs, io: CliIo): Promise<number>
}

const HELP: OptionDef = { type: 'boolean', short: 'h', description: 'show this help' }

/** Parses `argv` (after the command words) for `def`; `--help` is answered as `{ help: true }`. */
export function parseCommandArgs(def: CommandDef, argv: readonly string[]): ParsedArgs & { help: boolean } {
  const options: Record<string, { type: 'string' | 'boolean'; short?: string; multiple?: boolean }> = {}
  for (const [name, o] of Object.entries({ ...def.options, help: HELP })) {
    options[name] = {
      type: o.type,
      ...(o.short ? { short: o.short } : {}),
      ...(o.multiple ? { multiple: true } : {}),
    }
  }
  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs({
      args: [...argv],
      options,
      allowPositionals: true,
      allowNegative: true,
      strict: true,
    })
  } catch (e) {
    // parseArgs says what is wrong (`Unknown option '--x'`); here that is a usage error (exit 2).
    throw new UsageError(parseArgsMessage(e, def), def.name)
  }
  const values = parsed.values as OptionValues
  const help = values.help === true
  const positionals = parsed.positionals
  if (!help) {
    const { min, max } = def.positionals
    if (positionals.length < min)
      throw new UsageError(`missing argument: usage: apldb ${def.usage}`, def.name)
    if (positionals.length > max) {
      throw new UsageError(`unexpected argument ${JSON.stringify(positionals[max])}`, def.name)
    }
  }
  return { values, positionals, help }
}

/** A parseArgs failure in the user's words: an unknown option gets the nearest real one. */
function parseArgsMessage(e: unknown, def: CommandDef): string {
  const message = e instanceof Error ? e.message : String(e)
  const code = (e as { code?: string }).code
  const unknown = /^Unknown option '(-{1,2})([^']*)'/.exec(message)
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknown) {
    const given = unknown[2].split('=')[0]
    const flags = Object.keys({ ...def.options, help: HELP })
    const near = suggest(given.replace(/^no-/, ''), flags)
    const hint =
      near === undefined ? '' : `; did you mean --${given.startsWith('no-') ? `no-${near}` : near}?`
    return `unknown option ${unknown[1]}${given}${hint}`
  }
  return message.replace(/\. To specify a positional argument.*$/s, '')
}

/** The `--help` text of a command. */
export function commandHelp(def: CommandDef): string {
  const rows = Object.entries({ ...def.options, help: HELP }).map(([name, o]) => {
    const flag = `${o.short ? `-${o.short}, ` : '    '}--${name}${o.type === 'string' ? ` ${o.value ?? 'VALUE'}` : ''}`
    return [flag, o.description + (o.multiple ? ' (repeatable)' : '')] as const
  })
  const pad = Math.max(...rows.map(([f]) => f.length)) + 2
  const summary = `${def.summary[0].toUpperCase()}${def.summary.slice(1)}.`
  const lines = [`Usage: apldb ${def.usage}`, '', summary]
  if (def.details) lines.push('', def.details.trimEnd())
  lines.push('', 'Options:', ...rows.map(([f, d]) => `  ${f.padEnd(pad)}${d}`))
  return `${lines.join('\n')}\n`
}

/** A string option's value (the last one when repeated), or undefined. */
export function stringOpt(values: OptionValues, name: string): string | undefined {
  const v = values[name]
  if (Array.isArray(v)) return v[v.length - 1]
  return typeof v === 'string' ? v : undefined
}

/** A repeatable string option's values (empty when absent). */
export function listOpt(values: OptionValues, name: string): readonly string[] {
  const v = values[name]
  if (Array.isArray(v)) return v
  return typeof v === 'string' ? [v] : []
}

/** A positive integer option, or `fallback`; anything else is a usage error naming the option. */
export function intOpt(
  values: OptionValues,
  name: string,
  fallback: number,
  command: string,
  min = 1,
): number {
  const raw = stringOpt(values, name)
  if (raw === undefined) return fallback
  const n = Number(raw)
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min) {
    throw new UsageError(`--${name} must be an integer >= ${min}, got ${JSON.stringify(raw)}`, command)
  }
  return n
}

/** A string option restricted to `choices` (matched case-insensitively), or `fallback`. */
export function choiceOpt<C extends string>(
  values: OptionValues,
  name: string,
  choices: readonly C[],
  fallback: C,
  command: string,
): C {
  const given = stringOpt(values, name)
  if (given === undefined) return fallback
  const found = choices.find((c) => c.toLowerCase() === given.toLowerCase())
  if (found === undefined) {
    throw new UsageError(
      `--${name} must be one of ${choices.join(', ')}; got ${JSON.stringify(given)}${didYouMeanValue(given, choices)}`,
      command,
    )
  }
  return found
}

function didYouMeanValue(raw: string, choices: readonly string[]): string {
  const near = suggest(raw, choices)
  return near === undefined ? '' : `; did you mean ${near}?`
}
