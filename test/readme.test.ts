// test/readme.test.ts: the README's code runs as written. Every ```ts block is saved as its own
// module in a fresh directory under .readme-run/ (where `apldb` resolves to this checkout) and run
// with the project's Node; it must exit 0. A block preceded by `<!-- readme-test: skip: <reason> -->` is
// skipped, and the reason is required. Every ```sh line starting `npx apldb` or `npm` is checked
// to name a script or command that exists.
import { execFile } from 'node:child_process'
import * as fs from 'node:fs/promises'
import * as path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const ROOT = path.resolve(import.meta.dirname, '..')
const RUN_DIR = path.join(ROOT, '.readme-run')

interface Block {
  readonly lang: string
  readonly code: string
  readonly line: number
  readonly skip: string | undefined
}

/** The fenced code blocks of a Markdown text, with the skip marker just above each. */
function codeBlocks(md: string): Block[] {
  const lines = md.split('\n')
  const out: Block[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\w+)\s*$/.exec(lines[i])
    if (!open) continue
    const start = i
    const body: string[] = []
    for (i++; i < lines.length && lines[i] !== '```'; i++) body.push(lines[i])
    let k = start - 1
    while (k >= 0 && lines[k].trim() === '') k--
    const marker = k >= 0 ? /^<!-- readme-test: skip: (.+) -->$/.exec(lines[k].trim()) : null
    out.push({ lang: open[1], code: body.join('\n'), line: start + 1, skip: marker?.[1] })
  }
  return out
}

const md = await fs.readFile(path.join(ROOT, 'README.md'), 'utf8')
const blocks = codeBlocks(md)
const tsBlocks = blocks.filter((b) => b.lang === 'ts')
let ran = 0
afterAll(() => {
  console.log(`readme ts-blocks=${tsBlocks.length} ran=${ran} skipped=${tsBlocks.length - ran}`)
})

describe('README', () => {
  it('has code to run', () => {
    expect(tsBlocks.length).toBeGreaterThan(0)
  })

  for (const b of tsBlocks) {
    const title = `ts block at line ${b.line}${b.skip ? ` (skipped: ${b.skip})` : ''}`
    it.skipIf(b.skip !== undefined)(
      title,
      async () => {
        // Inside the checkout, so `apldb` resolves to it (package self-reference) and so do its
        // devDependencies (`@axiomhq/js`); the working directory is the block's own.
        await fs.mkdir(RUN_DIR, { recursive: true })
        const dir = await fs.mkdtemp(path.join(RUN_DIR, 'block-'))
        try {
          await fs.writeFile(path.join(dir, 'block.ts'), b.code)
          const r = await run(process.execPath, ['--conditions=apldb-source', 'block.ts'], {
            cwd: dir,
            timeout: 120_000,
            env: { ...process.env, APLDB_ROOT_TOKEN: '' },
          }).catch((e: { stderr?: string; message: string }) => {
            throw new Error(`README line ${b.line} failed:\n${e.stderr ?? e.message}`)
          })
          expect(r.stderr).not.toMatch(/Error/)
          ran++
        } finally {
          await fs.rm(dir, { recursive: true, force: true })
        }
      },
      150_000,
    )
  }

  it('every npm script the README names exists', async () => {
    const pkg = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
    const named = [...md.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1])
    expect(named.length).toBeGreaterThan(0)
    for (const s of named) expect(Object.keys(pkg.scripts), `npm run ${s}`).toContain(s)
    for (const s of ['start', 'test']) expect(Object.keys(pkg.scripts)).toContain(s)
  })
})
