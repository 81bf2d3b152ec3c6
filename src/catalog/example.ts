// catalog/example.ts: builds the example queries catalog rows carry; every example runs over the
// `sample-http-logs` playground dataset (apl-reference §9b.1) so docs can link it and tests can run it.

/** The dataset every catalog example queries. */
export const EXAMPLE_DATASET = 'sample-http-logs'

/** An example query over the sample dataset: `q('extend n = strlen(uri)')`. */
export function q(pipeline: string): string {
  return `['${EXAMPLE_DATASET}'] | ${pipeline}`
}
