// test/unit/grammar/diagrams.test.ts: grammar/diagrams.html is regenerated whenever the grammar changes.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DIAGRAMS_PATH, renderDiagrams } from '../../../scripts/gen-diagrams.ts'

describe('grammar/diagrams.html', () => {
  it('matches a fresh generation (run `npm run grammar:diagrams` after changing the grammar)', () => {
    const fresh = renderDiagrams()
    expect(fresh).toContain('whereOperator')
    expect(readFileSync(DIAGRAMS_PATH, 'utf8') === fresh).toBe(true)
  })
})
