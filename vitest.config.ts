import { defineConfig } from 'vitest/config'

// Tests that spawn processes or touch the disk heavily run in forks; both cores are used.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // CI also writes a JSON report, from which .ci/run prints the plain pass/fail line.
    reporters: process.env.APLDB_TEST_JSON
      ? ['default', ['json', { outputFile: process.env.APLDB_TEST_JSON }]]
      : ['default'],
  },
})
