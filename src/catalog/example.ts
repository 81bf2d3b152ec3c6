// catalog/example.ts: builds the example queries catalog rows carry; every example runs over the
// `sample-http-logs` playground dataset (apl-reference §9b.1) so docs can link it and tests can run it.

/** The dataset every catalog example queries. */
export const EXAMPLE_DATASET = 'sample-http-logs'

/**
 * The sample dataset's fields and storage types (apl-reference §9b.1): the one copy the catalog's
 * examples, the support-matrix script, the binder tests and the bind benchmark bind against.
 */
export const EXAMPLE_FIELDS = {
  _time: 'datetime',
  _sysTime: 'datetime',
  status: 'string',
  method: 'string',
  uri: 'string',
  req_duration_ms: 'float',
  resp_body_size_bytes: 'integer',
  resp_header_size_bytes: 'integer',
  id: 'string',
  'geo.city': 'string',
  'geo.country': 'string',
  content_type: 'string',
  server_datacenter: 'string',
  is_tls: 'boolean',
  user_agent: 'string',
  message: 'string',
} as const

/** An example query over the sample dataset: `q('extend n = strlen(uri)')`. */
export function q(pipeline: string): string {
  return `['${EXAMPLE_DATASET}'] | ${pipeline}`
}
