// cli/shell/meta-commands.ts: the shell's dot commands (`.help`, `.datasets`, `.fields`, `.explain`,
// `.format`, `.timing`, `.limit`, `.chart`, `.time`, `.quit`): each reads or changes the session.

import { QUERY_FORMATS, type QueryFormat } from '../result-formats.ts'

/** The session state the dot commands change. */
export interface ShellSettings {
  format: QueryFormat
  timing: boolean
  limit: number | undefined
  chart: 'on' | 'off' | 'auto'
  startTime: string | undefined
  endTime: string | undefined
}

/** What a dot command may do besides changing settings. */
export interface MetaContext {
  readonly settings: ShellSettings
  print(text: string): void
  datasets(): Promise<readonly string[]>
  fields(dataset: string): Promise<readonly { name: string; type: string }[]>
  explain(apl: string): Promise<string>
  quit(): void
}

type Meta = {
  readonly usage: string
  readonly help: string
  run(arg: string, ctx: MetaContext): Promise<void>
}

const onOff = (arg: string, name: string): boolean => {
  if (arg === 'on') return true
  if (arg === 'off') return false
  throw new Error(`${name} takes on or off`)
}

/** Every dot command. */
export const META_COMMANDS: Readonly<Record<string, Meta>> = {
  '.help': {
    usage: '.help',
    help: 'this list',
    run: async (_a, ctx) => ctx.print(helpText()),
  },
  '.datasets': {
    usage: '.datasets',
    help: 'list the datasets',
    run: async (_a, ctx) => ctx.print(`${(await ctx.datasets()).join('\n')}\n`),
  },
  '.fields': {
    usage: '.fields DATASET',
    help: "a dataset's fields and types",
    run: async (arg, ctx) => {
      if (arg === '') throw new Error('.fields needs a dataset name')
      const fields = await ctx.fields(arg)
      const w = Math.max(5, ...fields.map((f) => f.name.length))
      ctx.print(fields.map((f) => `${f.name.padEnd(w)}  ${f.type}\n`).join(''))
    },
  },
  '.explain': {
    usage: '.explain QUERY',
    help: 'plans, operators, blocks and rows of a query',
    run: async (arg, ctx) => {
      if (arg === '') throw new Error('.explain needs a query')
      ctx.print(await ctx.explain(arg))
    },
  },
  '.format': {
    usage: `.format ${QUERY_FORMATS.join('|')}`,
    help: 'the output format',
    run: async (arg, ctx) => {
      const f = arg.toLowerCase()
      if (!(QUERY_FORMATS as readonly string[]).includes(f))
        throw new Error(`.format takes ${QUERY_FORMATS.join(', ')}`)
      ctx.settings.format = f as QueryFormat
      ctx.print(`format ${f}\n`)
    },
  },
  '.timing': {
    usage: '.timing on|off',
    help: 'the stats line after each result',
    run: async (arg, ctx) => {
      ctx.settings.timing = onOff(arg, '.timing')
    },
  },
  '.limit': {
    usage: '.limit N',
    help: 'rows per result (0 = all)',
    run: async (arg, ctx) => {
      if (!/^\d+$/.test(arg)) throw new Error('.limit takes a whole number (0 = all)')
      ctx.settings.limit = Number(arg) === 0 ? Number.POSITIVE_INFINITY : Number(arg)
    },
  },
  '.chart': {
    usage: '.chart on|off|auto',
    help: 'charts for render and time-bucketed results',
    run: async (arg, ctx) => {
      if (arg !== 'auto') onOff(arg, '.chart')
      ctx.settings.chart = arg as ShellSettings['chart']
    },
  },
  '.time': {
    usage: '.time START [END]',
    help: 'the query window (now-1h, RFC 3339; .time all: no bounds)',
    run: async (arg, ctx) => {
      const [start, end] = arg.split(/\s+/).filter(Boolean)
      ctx.settings.startTime = start === 'all' ? undefined : start
      ctx.settings.endTime = start === 'all' ? undefined : end
      ctx.print(`window ${ctx.settings.startTime ?? 'unbounded'} → ${ctx.settings.endTime ?? 'now'}\n`)
    },
  },
  '.quit': { usage: '.quit', help: 'leave (also .exit, Ctrl-D)', run: async (_a, ctx) => ctx.quit() },
  '.exit': { usage: '.exit', help: 'leave', run: async (_a, ctx) => ctx.quit() },
}

function helpText(): string {
  const rows = Object.values(META_COMMANDS).map((m) => [m.usage, m.help] as const)
  const w = Math.max(...rows.map(([u]) => u.length))
  return [
    'Type APL; a query runs when its brackets close and its last line does not end in | or , (or end it with ;).',
    'Tab completes operators, functions, fields and datasets; Up/Down walk the history.',
    ...rows.map(([u, h]) => `  ${u.padEnd(w)}  ${h}`),
    '',
  ].join('\n')
}

/** Runs a dot command line; unknown ones are an error naming `.help`. */
export async function runMeta(line: string, ctx: MetaContext): Promise<void> {
  const [name, ...rest] = line.trim().split(/\s+/)
  const meta = Object.hasOwn(META_COMMANDS, name) ? META_COMMANDS[name] : undefined
  if (meta === undefined) throw new Error(`unknown command ${name}; .help lists them`)
  await meta.run(rest.join(' '), ctx)
}
