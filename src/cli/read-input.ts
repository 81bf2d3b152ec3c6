// cli/read-input.ts: small readers of stdin for commands that take `-` (a query) or ask a question
// (the delete prompt). Large inputs never come through here (see ingest-source.ts).

import type { CliIo, InStream } from './io.ts'

/** All of `input` as UTF-8 text. */
export async function readAllText(input: InStream): Promise<string> {
  const chunks: Buffer[] = []
  for await (const c of input) chunks.push(typeof c === 'string' ? Buffer.from(c) : Buffer.from(c))
  return Buffer.concat(chunks).toString('utf8')
}

/** The first line of `input` (without its line break), or undefined at end of input. */
export async function readLine(input: InStream): Promise<string | undefined> {
  let text = ''
  for await (const c of input) {
    text += typeof c === 'string' ? c : Buffer.from(c).toString('utf8')
    const nl = text.indexOf('\n')
    if (nl >= 0) return text.slice(0, nl).replace(/\r$/, '')
  }
  return text === '' ? undefined : text
}

/** Asks `question [y/N]` on stderr; true only for y or yes (end of input means no). */
export async function askYesNo(question: string, io: CliIo): Promise<boolean> {
  io.stderr.write(`${question} [y/N] `)
  const answer = await readLine(io.stdin)
  if (answer === undefined) io.stderr.write('\n')
  return answer !== undefined && /^\s*y(es)?\s*$/i.test(answer)
}
