// bench/data-gen.ts: seeded, deterministic generators of sample-http-logs events (apl-reference
// §9b.1), shared by benchmarks and tests. They live in src/cli/demo-data.ts, which the published
// package ships for `apldb serve --demo`; this module only re-exports them.
export { type HttpLogsOptions, httpLogs, httpLogsNdjson, rng } from '../src/cli/demo-data.ts'
