// cli/shell/completer.ts: tab completion of the shell: meta commands after a leading `.`, tabular
// operators after `|`, dataset names inside `['`, otherwise functions, aggregations and the fields of
// the datasets the query names.

import { aggregateRegistry, scalarRegistry, tabularOperatorRegistry } from '../../catalog/index.ts'
import { META_COMMANDS } from './meta-commands.ts'

/** What completion needs from the session. */
export interface CompletionSource {
  datasets(): readonly string[]
  fields(dataset: string): readonly string[]
}

const OPERATORS = tabularOperatorRegistry.rows
  .filter((r) => r.position !== 'source')
  .flatMap((r) => [r.name, ...r.aliases])
const FUNCTIONS = [
  ...scalarRegistry.rows.flatMap((r) => [r.name, ...r.aliases]),
  ...aggregateRegistry.rows.flatMap((r) => [r.name, ...r.aliases]),
].map((n) => `${n}(`)

/** A readline completer over `src`; `pending` is the text of the query's earlier lines. */
export function shellCompleter(src: CompletionSource, pending: () => string) {
  return (line: string): [string[], string] => {
    const trimmed = line.trimStart()
    if (pending() === '' && trimmed.startsWith('.')) {
      const hits = Object.keys(META_COMMANDS).filter((c) => c.startsWith(trimmed))
      return [hits, trimmed]
    }
    const dataset = /\[\s*['"]([^'"\]]*)$/.exec(line)
    if (dataset) return [src.datasets().filter((d) => d.startsWith(dataset[1])), dataset[1]]
    const word = /[A-Za-z_][\w-]*$/.exec(line)?.[0] ?? ''
    const before = `${pending()}\n${line.slice(0, line.length - word.length)}`
    if (/\|\s*$/.test(before)) return [OPERATORS.filter((o) => o.startsWith(word)), word]
    const text = `${pending()}\n${line}`
    const named = [...text.matchAll(/\[\s*['"]([^'"\]]+)['"]\s*\]/g)].map((m) => m[1])
    const fields = named.flatMap((d) => src.fields(d))
    const all = [...new Set([...fields, ...FUNCTIONS])]
    return [word === '' ? [] : all.filter((c) => c.startsWith(word)), word]
  }
}
