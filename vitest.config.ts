import { defineConfig } from 'vitest/config'

// Tests that spawn processes or touch the disk heavily run in forks; both cores are used.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
})
