// scripts/gen-diagrams.ts: writes grammar/diagrams.html, the railroad diagram of the APL grammar.
// Run with `node scripts/gen-diagrams.ts` (npm script grammar:diagrams); a unit test fails when stale.

import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { createSyntaxDiagramsCode } from 'chevrotain'
import { aplParser } from '../grammar/parser.ts'

/** Where the diagram lives, relative to the repository root. */
export const DIAGRAMS_PATH = fileURLToPath(new URL('../grammar/diagrams.html', import.meta.url))

/** The diagram HTML for the current grammar (deterministic for a given grammar and Chevrotain version). */
export function renderDiagrams(): string {
  return createSyntaxDiagramsCode(aplParser.getSerializedGastProductions())
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(DIAGRAMS_PATH, renderDiagrams())
  console.log(`wrote ${DIAGRAMS_PATH}`)
}
