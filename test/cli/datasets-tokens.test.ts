// test/cli/datasets-tokens.test.ts: `apldb datasets` and `apldb tokens` on a store directory through
// the real binary: create and list (table and JSON); a token's secret is printed once, and so is the
// root token when the token commands are the first to open the service layer.

import { afterAll, describe, expect, it } from 'vitest'
import { runCli, tempDir } from './cli-process.ts'

const tmp = tempDir()
const run = (args: string[]) => runCli([...args, '--data', 'store'], { cwd: tmp.dir })
afterAll(tmp.cleanup)

describe('apldb datasets', () => {
  it('creates datasets and lists them as a table and as JSON', async () => {
    expect(
      (await run(['datasets', 'create', 'web', '--description', 'front end', '--retention-days', '30']))
        .stdout,
    ).toBe('created dataset web\n')
    expect((await run(['datasets', 'create', 'api'])).code).toBe(0)
    const table = await run(['datasets'])
    expect(table.code).toBe(0)
    const lines = table.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^name +description +retention +created$/)
    expect(lines[2]).toMatch(/^api +forever +\d{4}-/)
    expect(lines[3]).toMatch(/^web +front end +30 d +\d{4}-/)
    const json = JSON.parse((await run(['datasets', 'list', '--format', 'json'])).stdout)
    expect(json.map((d: { name: string }) => d.name)).toEqual(['api', 'web'])
    expect(json[1]).toMatchObject({ description: 'front end', retentionDays: 30, useRetentionPeriod: true })
  })

  it('refuses a duplicate or invalid name with exit 1', async () => {
    const dup = await run(['datasets', 'create', 'web'])
    expect(dup.code).toBe(1)
    expect(dup.stderr).toBe('apldb: dataset "web" already exists\n')
    const bad = await run(['datasets', 'create', 'bad name!'])
    expect(bad.code).toBe(1)
    expect(bad.stderr).toMatch(/^apldb: .*bad name!/)
  })
})

describe('apldb tokens', () => {
  it('creates a token, printing its secret once (and the root token on first use)', async () => {
    const first = await run([
      'tokens',
      'create',
      'ci',
      '--ingest',
      'web',
      '--query',
      '*',
      '--description',
      'CI',
    ])
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(
      /^created token ci \(id \S+\)\ntoken \(shown once; it is stored only as a hash\): xaat-\S+\n$/,
    )
    expect(first.stderr).toMatch(
      /^apldb: generated this store's root token \(shown once; save it\): xaat-\S+\n$/,
    )
    const second = await run(['tokens', 'create', 'admin', '--org', 'apiTokens=create,read'])
    expect(second.code).toBe(0)
    expect(second.stderr).toBe('')
  })

  it('lists tokens without secrets', async () => {
    const r = await run(['tokens', 'list'])
    expect(r.code).toBe(0)
    expect(r.stdout).not.toContain('xaat-')
    expect(r.stdout).toMatch(/\ntok_\S+ +ci +never +web: ingest; \*: query +CI\n/)
    expect(r.stdout).toMatch(/\ntok_\S+ +admin +never +org: apiTokens\(create,read\)\n/)
    const json = JSON.parse((await run(['tokens', 'list', '-f', 'json'])).stdout)
    expect(json.find((t: { name: string }) => t.name === 'ci').datasetCapabilities).toEqual({
      web: { ingest: ['create'] },
      '*': { query: ['read'] },
    })
  })
})
