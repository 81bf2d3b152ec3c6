// scripts/build-console.ts: bundles the web console (console/src, CodeMirror 6 and uPlot from the
// registry) into dist/console/ (index.html, app.js, app.css): minified, no source maps, no CDN.
// The completion catalog (operators, functions, aggregations) is taken from src/catalog at build
// time. Run `npm run build:console`; `npm start` and the console tests run it when the files are missing.
import { copyFileSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as esbuild from 'esbuild'
import {
  aggregateRegistry,
  type CallableDef,
  scalarRegistry,
  tabularOperatorRegistry,
} from '../src/catalog/index.ts'
import { RENDER_PROPERTIES, VISUALIZATIONS } from '../src/plan/index.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
/** Where the bundle goes (the HTTP layer serves it from there: src/http/console-assets.ts). */
export const CONSOLE_OUT = `${ROOT}dist/console`

function signature(r: CallableDef): string {
  const s = r.signatures[0]
  if (s === undefined) return `${r.name}()`
  const names = [...s.params.map((p) => (p.optional ? `[${p.name}]` : p.name))]
  if (s.rest) names.push(`${s.rest.group.map((p) => p.name).join(', ')}, …`)
  for (const p of s.tail ?? []) names.push(p.name)
  return `${r.name}(${names.join(', ')})`
}

/** The completion catalog the console bundles (names, syntax lines, one-line descriptions). */
export function completionCatalog() {
  const callables = (rows: readonly CallableDef[], kind: string) =>
    rows.flatMap((r) =>
      [r.name, ...r.aliases].map((name) => ({ name, kind, detail: signature(r), info: r.description })),
    )
  return {
    operators: tabularOperatorRegistry.rows
      .filter((r) => r.position !== 'source')
      .flatMap((r) =>
        [r.name, ...r.aliases].map((name) => ({ name, detail: r.syntax, info: r.description })),
      ),
    functions: [
      ...callables(scalarRegistry.rows as readonly CallableDef[], 'function'),
      ...callables(aggregateRegistry.rows as readonly CallableDef[], 'aggregation'),
    ],
    visualizations: [...VISUALIZATIONS],
    renderProperties: Object.keys(RENDER_PROPERTIES),
  }
}

/** Builds the bundle; returns the files written and their sizes in bytes. */
export async function buildConsole(): Promise<{ file: string; bytes: number }[]> {
  rmSync(CONSOLE_OUT, { recursive: true, force: true })
  mkdirSync(CONSOLE_OUT, { recursive: true })
  const catalog = JSON.stringify(completionCatalog())
  await esbuild.build({
    entryPoints: { app: `${ROOT}console/src/main.ts` },
    bundle: true,
    minify: true,
    format: 'esm',
    target: ['chrome114', 'firefox135', 'safari17'],
    outdir: CONSOLE_OUT,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [
      {
        name: 'apl-catalog',
        setup(build) {
          build.onResolve({ filter: /^apl-catalog$/ }, () => ({
            path: 'apl-catalog',
            namespace: 'apl-catalog',
          }))
          build.onLoad({ filter: /.*/, namespace: 'apl-catalog' }, () => ({
            contents: catalog,
            loader: 'json',
          }))
        },
      },
    ],
  })
  copyFileSync(`${ROOT}console/index.html`, `${CONSOLE_OUT}/index.html`)
  return readdirSync(CONSOLE_OUT).map((file) => ({ file, bytes: statSync(`${CONSOLE_OUT}/${file}`).size }))
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const { file, bytes } of await buildConsole()) {
    console.log(`dist/console/${file}  ${(bytes / 1024).toFixed(1)} KiB`)
  }
}
