// test/cli/support-matrix.test.ts: docs/apl-support.md is regenerated whenever the catalog or the
// engine's support changes.

import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { renderSupportMatrix, SUPPORT_MATRIX_PATH } from '../../scripts/gen-support-matrix.ts'

describe('docs/apl-support.md', () => {
  it('matches a fresh generation (run `node scripts/gen-support-matrix.ts` after changing the catalog)', () => {
    const fresh = renderSupportMatrix()
    expect(fresh).toContain('| `where` | T1 | yes |')
    expect(readFileSync(SUPPORT_MATRIX_PATH, 'utf8') === fresh).toBe(true)
  })
})
