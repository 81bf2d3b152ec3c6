// util/worker-entry.ts: where a worker thread's entry module is: next to the module that starts it,
// as `.js` in a build (dist/, an installed package, a bundler's copy of dist/) and as `.ts` in the
// source tree (tests and scripts run the TypeScript directly on the pinned Node).

/**
 * The entry to start: `built` (written `new URL('./x.js', import.meta.url)` by the caller, a form
 * bundlers and file tracers follow) when the caller is built JS, its `.ts` twin when the caller
 * (`callerUrl`, its `import.meta.url`) is TypeScript source.
 */
export function workerEntry(built: URL, callerUrl: string): URL {
  return callerUrl.endsWith('.ts') ? new URL(built.href.replace(/\.js$/, '.ts')) : built
}
