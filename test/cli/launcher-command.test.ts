// Unit: the apldb command the banner prints is the one this shell can run: `./bin/apldb.js` inside a
// source tree, `npx apldb` inside a project that depends on apldb, `apldb` for a global install.
import { describe, expect, it } from 'vitest'
import { launcherCommand } from '../../src/cli/launcher-command.ts'

describe('launcherCommand', () => {
  it('a source tree: the relative path of bin/apldb.js (how `npm start` runs it)', () => {
    expect(launcherCommand({ APLDB_LAUNCHER: '/src/apldb/bin/apldb.js' }, '/src/apldb')).toBe(
      './bin/apldb.js',
    )
    expect(launcherCommand({ APLDB_LAUNCHER: '/src/apldb/bin/apldb.js' }, '/tmp/x')).toBe(
      '/src/apldb/bin/apldb.js',
    )
  })

  it('a dependency of the project the shell is in: npx apldb', () => {
    const env = { APLDB_LAUNCHER: '/app/node_modules/apldb/bin/apldb.js' }
    expect(launcherCommand(env, '/app')).toBe('npx apldb')
    expect(launcherCommand(env, '/app/src')).toBe('npx apldb')
  })

  it('a global install (outside the current project): apldb on PATH', () => {
    expect(launcherCommand({ APLDB_LAUNCHER: '/usr/lib/node_modules/apldb/bin/apldb.js' }, '/home/me')).toBe(
      'apldb',
    )
  })
})
