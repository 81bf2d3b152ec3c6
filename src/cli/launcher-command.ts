// cli/launcher-command.ts: how a person runs apldb again from the shell they are in, so printed
// examples work as printed: `./bin/apldb.js` in a source tree, `npx apldb` where the package is a
// dependency of the current project, `apldb` when installed globally (on PATH).

import * as path from 'node:path'

/** The command prefix for `env.APLDB_LAUNCHER` (set by bin/apldb.js) seen from `cwd`. */
export function launcherCommand(env: Readonly<Record<string, string | undefined>>, cwd: string): string {
  const launcher = env.APLDB_LAUNCHER
  if (launcher === undefined || launcher === '') return 'npx apldb'
  const parts = launcher.split(path.sep)
  const nm = parts.lastIndexOf('node_modules')
  if (nm >= 0) {
    const project = parts.slice(0, nm).join(path.sep) || path.sep
    const inside = !path.relative(project, cwd).startsWith('..')
    return inside ? 'npx apldb' : 'apldb'
  }
  const rel = path.relative(cwd, launcher)
  return rel.startsWith('..') || path.isAbsolute(rel) ? launcher : `./${rel}`
}
