// test/unit/layers.test.ts: the import graph follows the layer order written in README "Layout" (the
// block under `<!-- layers: … -->`, the one place the order lives). Every import, `export … from` and
// `import()` of every file in src/ and grammar/ is read (TypeScript's own scanner, so comments and
// strings never count) and each edge against the order is printed as `file → import (from → to)`.
import * as fs from 'node:fs'
import * as path from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** Ranks, lowest first; layers of one rank (`a / b` in the README) may not import each other. */
type LayerOrder = readonly (readonly string[])[]

/** One import: the importing file (repository-relative, `/`-separated) and the specifier as written. */
interface ImportEdge {
  readonly file: string
  readonly spec: string
}

/**
 * Edges the order refuses but the code keeps for now, each with its reason. Empty: every crossing
 * found when the test was written was mended. An entry that no longer matches an edge fails the test.
 */
const ALLOWED: readonly { readonly file: string; readonly spec: string; readonly why: string }[] = []

/** The layer order: the fenced block after README's `<!-- layers: … -->` marker. */
function readLayerOrder(readme: string): LayerOrder {
  const m = /<!-- layers:[^\n]*-->\n```text\n([\s\S]*?)\n```/.exec(readme)
  if (m === null) throw new Error('README.md has no `<!-- layers: … -->` block in "Layout"')
  return m[1].split('→').map((rank) =>
    rank
      .split('/')
      .map((l) => l.trim())
      .filter((l) => l !== ''),
  )
}

/** The layer of a repository-relative path: `src/<dir>/…` → dir, `src/index.ts` → index, `grammar/…`. */
function layerOf(file: string): string | undefined {
  const parts = file.split('/')
  if (parts[0] === 'grammar') return 'grammar'
  if (parts[0] !== 'src') return undefined
  if (parts.length === 2) return parts[1] === 'index.ts' ? 'index' : undefined
  return parts[1]
}

/** The specifiers a module's text imports: static, type-only, `export … from`, `import()` and `import('…').T`. */
function importsOf(text: string): string[] {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName)
}

/** Every `.ts` file under `dir` (repository-relative), sorted. */
function tsFiles(dir: string): string[] {
  const out: string[] = []
  for (const e of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = `${dir}/${e.name}`
    if (e.isDirectory()) out.push(...tsFiles(rel))
    else if (e.name.endsWith('.ts')) out.push(rel)
  }
  return out.sort()
}

/** The relative imports of every file in src/ and grammar/ (packages and `node:` modules are not layers). */
function repoEdges(): ImportEdge[] {
  return [...tsFiles('src'), ...tsFiles('grammar')].flatMap((file) =>
    importsOf(fs.readFileSync(path.join(ROOT, file), 'utf8'))
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => ({ file, spec })),
  )
}

/** The edges against `order`, one line each: `file → import (from → to)`, or why the edge has no layer. */
function violations(edges: readonly ImportEdge[], order: LayerOrder): string[] {
  const rank = new Map(order.flatMap((layers, i) => layers.map((l) => [l, i] as const)))
  const out: string[] = []
  for (const { file, spec } of edges) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec))
    const from = layerOf(file)
    const to = layerOf(target)
    const line = `${file} → ${spec}`
    if (from === undefined || !rank.has(from)) out.push(`${line} (${from ?? file} is not in the layer order)`)
    else if (to === undefined) out.push(`${line} (${target} is in no layer)`)
    else if (!rank.has(to)) out.push(`${line} (${to} is not in the layer order)`)
    else if (from !== to && (rank.get(to) as number) >= (rank.get(from) as number))
      out.push(`${line} (${from} → ${to})`)
  }
  return out
}

const ORDER = readLayerOrder(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8'))

describe('the import graph', () => {
  it('follows the layer order written in README "Layout"', () => {
    const isAllowed = (e: ImportEdge) => ALLOWED.some((a) => a.file === e.file && a.spec === e.spec)
    const edges = repoEdges()
    expect(edges.length).toBeGreaterThan(1000)
    expect(
      violations(
        edges.filter((e) => !isAllowed(e)),
        ORDER,
      ),
    ).toEqual([])
    const stale = ALLOWED.filter((a) => !edges.some((e) => e.file === a.file && e.spec === a.spec))
    expect(stale, 'allowances that match no import any more').toEqual([])
  })

  it('names every directory of src/ in the order', () => {
    const dirs = fs
      .readdirSync(path.join(ROOT, 'src'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
    const listed = new Set(ORDER.flat())
    expect(dirs.filter((d) => !listed.has(d))).toEqual([])
    expect(listed.has('index') && listed.has('grammar')).toBe(true)
  })
})

describe('the layer check itself', () => {
  const order = readLayerOrder('<!-- layers: x -->\n```text\nutil → exec\n  → legacy / otlp → wire\n```\n')

  it('reads ranks and peers from the README block', () => {
    expect(order).toEqual([['util'], ['exec'], ['legacy', 'otlp'], ['wire']])
    expect(ORDER[0]).toEqual(['util'])
    expect(ORDER[ORDER.length - 1]).toEqual(['cli'])
  })

  it('refuses an import up the order and prints the edge', () => {
    const bad = { file: 'src/exec/format/legacy.ts', spec: '../../legacy/types.ts' }
    expect(violations([bad], order)).toEqual([
      'src/exec/format/legacy.ts → ../../legacy/types.ts (exec → legacy)',
    ])
    expect(violations([bad], ORDER)).toHaveLength(1)
  })

  it('refuses an import between peers, and one into a layer the order does not name', () => {
    expect(violations([{ file: 'src/legacy/a.ts', spec: '../otlp/b.ts' }], order)).toEqual([
      'src/legacy/a.ts → ../otlp/b.ts (legacy → otlp)',
    ])
    expect(violations([{ file: 'src/exec/a.ts', spec: '../newlayer/b.ts' }], order)).toEqual([
      'src/exec/a.ts → ../newlayer/b.ts (newlayer is not in the layer order)',
    ])
    expect(violations([{ file: 'src/exec/a.ts', spec: '../../bench/b.ts' }], order)).toEqual([
      'src/exec/a.ts → ../../bench/b.ts (bench/b.ts is in no layer)',
    ])
  })

  it('accepts imports down the order and within a layer', () => {
    const good = [
      { file: 'src/wire/a.ts', spec: '../legacy/b.ts' },
      { file: 'src/wire/a.ts', spec: '../exec/result.ts' },
      { file: 'src/exec/ops/a.ts', spec: '../kernels/b.ts' },
    ]
    expect(violations(good, order)).toEqual([])
  })

  it('reads static, type-only, re-export and dynamic imports, not comments or strings', () => {
    const text = [
      "// import('./comment.ts')",
      "import a from './a.ts'",
      "import type { B } from './b.ts'",
      "export { c } from './c.ts'",
      "export * from './d.ts'",
      "import './e.ts'",
      'const s = "import(\'./string.ts\')"',
      "const f = async () => (await import('./f.ts')).x",
      "type G = import('./g.ts').G",
    ].join('\n')
    expect(importsOf(text)).toEqual(['./a.ts', './b.ts', './c.ts', './d.ts', './e.ts', './f.ts', './g.ts'])
  })
})
