// service/foreign-errors.ts: errors from store methods the service calls through feature detection
// (`queryLegacy`, `deleteBlocks`, owned by other modules): an error carrying a stable snake_case
// `code` is the caller's fault (its own 4xx `status`/`httpStatus`, else 404 for `…_not_found`, else
// 400); anything else passes.
import { ServiceError } from './service-error.ts'

const STABLE_CODE = /^[a-z][a-z0-9_]*$/

/** Error classes the general mapping (error-response.ts) already knows; they pass unchanged. */
const KNOWN: ReadonlySet<string> = new Set([
  'AplError',
  'StoreError',
  'ExecError',
  'FormatError',
  'IngestInputError',
])

function ownStatus(e: object): number | undefined {
  for (const key of ['httpStatus', 'status']) {
    const v = (e as Record<string, unknown>)[key]
    if (typeof v === 'number' && Number.isInteger(v) && v >= 400 && v < 500) return v
  }
  return undefined
}

function isCodedUserError(e: unknown): e is Error & { code: string } {
  if (!(e instanceof Error) || e instanceof ServiceError || KNOWN.has(e.name)) return false
  const code = (e as { code?: unknown }).code
  // System errors (`errno`, `ENOENT`-style codes) are never the caller's fault.
  return typeof code === 'string' && STABLE_CODE.test(code) && (e as { errno?: unknown }).errno === undefined
}

/** Runs `fn`, turning a foreign coded user error into a ServiceError; other errors are rethrown. */
export async function asUserError<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn()
  } catch (e) {
    if (isCodedUserError(e)) {
      const status = ownStatus(e) ?? (e.code.endsWith('_not_found') ? 404 : 400)
      throw new ServiceError(status, e.code, e.message)
    }
    throw e
  }
}
