// test/cli/usage.test.ts: help texts and usage errors of the real binary: --help exits 0, every
// command has its own help, and wrong command lines exit 2 with a pointer to the right help.

import { afterAll, describe, expect, it } from 'vitest'
import { COMMANDS } from '../../src/cli/commands.ts'
import { runCli, tempDir } from './cli-process.ts'

const tmp = tempDir()
afterAll(tmp.cleanup)
const run = (args: string[], env?: Record<string, string>) => runCli(args, { cwd: tmp.dir, env })

describe('apldb help', () => {
  it('--help lists every command and exits 0', async () => {
    const r = await run(['--help'])
    expect(r.code).toBe(0)
    for (const c of COMMANDS) expect(r.stdout).toContain(`  ${c.name}`)
    expect(r.stdout).toContain('Exit codes: 0 ok, 1 runtime error, 2 usage error')
  })

  it('no arguments prints the help and exits 2', async () => {
    const r = await run([])
    expect(r.code).toBe(2)
    expect(r.stdout).toContain('Usage: apldb [<command>] [options]   (no command: the interactive shell)')
  })

  it.each(COMMANDS.map((c) => [c.name] as const))('apldb %s --help', async (name) => {
    const r = await run([...name.split(' '), '--help'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(new RegExp(`^Usage: apldb ${name.split(' ')[0]}`))
    expect(r.stdout).toContain('-h, --help')
    expect(r.stderr).toBe('')
  })

  it('--version names the package version', async () => {
    const r = await run(['--version'])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^apldb \d+\.\d+\.\d+ \(node v\d+/)
  })
})

describe('usage errors exit 2 and point at the help', () => {
  const cases: [string, string[], RegExp, Record<string, string>?][] = [
    ['unknown command', ['frobnicate'], /unknown command "frobnicate"[\s\S]*apldb --help/],
    ['unknown option', ['query', "['x']", '--bogus'], /unknown option --bogus\n[\s\S]*apldb query --help/],
    [
      'misspelt option',
      ['query', "['x']", '--formt', 'csv'],
      /unknown option --formt; did you mean --format\?/,
    ],
    [
      'misspelt negation',
      ['query', "['x']", '--no-chrat'],
      /unknown option --no-chrat; did you mean --no-chart\?/,
    ],
    ['missing query', ['query'], /missing query: apldb query '<apl>' \(or --file FILE, or - for stdin\)/],
    [
      'query and --file',
      ['query', 'a', '--file', 'q.apl'],
      /give the query as an argument or with --file, not both/,
    ],
    [
      'bad --limit',
      ['query', "['x']", '--limit', 'ten'],
      /--limit must be a whole number \(0 = all rows\), got "ten"/,
    ],
    ['bad --end', ['query', "['x']", '--end', 'tomorrow'], /--end must be an RFC 3339 time/],
    ['misspelt --format value', ['query', "['x']", '--format', 'jsno'], /got "jsno"; did you mean json\?/],
    ['extra positional', ['query', 'a', 'b'], /unexpected argument "b"/],
    [
      'bad --format',
      ['query', "['x']", '--format', 'xml'],
      /--format must be one of table, json, ndjson, csv/,
    ],
    ['--url without a token', ['query', "['x']", '--url', 'http://127.0.0.1:9'], /--url needs --token/],
    ['--data and --url', ['datasets', '--data', 'd', '--url', 'http://x'], /either --data .* or --url/],
    ['non-http url', ['datasets', '--url', 'ftp://x', '--token', 't'], /must start with http/],
    [
      'unknown sub-command',
      ['tokens', 'burn'],
      /unknown sub-command "burn" of `apldb tokens` \(try: create, list, delete, regenerate\)/,
    ],
    ['group without sub-command', ['tokens'], /`apldb tokens` needs a sub-command: create, list/],
    ['delete without --start', ['delete', '--apl', "['x'] | where a == 1"], /--start is required/],
    ['delete without --apl', ['delete', '--start', 'now-1d'], /--apl is required/],
    [
      'ingest --batch-bytes not a number',
      ['ingest', 'ds', 'f.ndjson', '--batch-bytes', '1k'],
      /--batch-bytes must be an integer/,
    ],
    ['token without capabilities', ['tokens', 'create', 'ci'], /at least one capability/],
    ['bad --org', ['tokens', 'create', 'ci', '--org', 'apiTokens=burn'], /--org takes KEY=ACTIONS/],
    ['serve --port not a number', ['serve', '--port', 'http'], /--port must be an integer/],
  ]
  it.each(cases)('%s', async (_label, args, message, env) => {
    const r = await run(args, env)
    expect(r.code).toBe(2)
    expect(r.stderr).toMatch(message)
    expect(r.stdout).toBe('')
  })
})
