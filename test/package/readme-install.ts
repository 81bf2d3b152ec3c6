// test/package/readme-install.ts: the README's "Install in your project" example: the first ```js
// block of that section, which the package test runs in a project that installed the tarball.
import * as fs from 'node:fs/promises'
import * as path from 'node:path'

const README = path.resolve(import.meta.dirname, '../../README.md')

/** The example's code; throws when the section or its block is missing. */
export async function readmeInstallExample(): Promise<string> {
  const md = await fs.readFile(README, 'utf8')
  const at = md.indexOf('\n## Install in your project\n')
  if (at < 0) throw new Error('README has no "## Install in your project" section')
  const end = md.indexOf('\n## ', at + 1)
  const section = md.slice(at + 1, end < 0 ? undefined : end)
  const block = /\n```js\n([\s\S]*?)\n```\n/.exec(section)
  if (!block) throw new Error('the "Install in your project" section has no ```js block')
  return block[1]
}
