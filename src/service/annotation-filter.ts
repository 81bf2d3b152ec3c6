// service/annotation-filter.ts: the list filter of `GET /v2/annotations` from either client's query
// string (api-contract.md §6): JS comma-joins `datasets`; Go repeats it, sends `start` twice (its
// `End` is tagged `start`) and includes zero times. Every form is accepted.
import { parseRfc3339 } from '../util/time/index.ts'
import type { Annotation } from './annotation-fields.ts'
import { badRequest } from './service-error.ts'
import { isZeroTime } from './time-input.ts'

/** Which annotations a list returns; absent parts do not filter. */
export interface AnnotationFilter {
  /** Annotations naming at least one of these datasets. */
  datasets?: string[]
  /** Inclusive bounds on `time`, epoch ns. */
  start?: bigint
  end?: bigint
}

function time(name: string, v: string): bigint | undefined {
  if (v === '') return undefined
  const ns = parseRfc3339(v)
  if (ns === null)
    throw badRequest('invalid_time', `${name} must be an RFC 3339 time, got ${JSON.stringify(v)}`)
  return isZeroTime(ns) ? undefined : ns
}

/** Reads the filter from query parameters (`datasets`, `start`, `end`, in every client's form). */
export function parseAnnotationFilter(query: URLSearchParams): AnnotationFilter {
  const datasets = query
    .getAll('datasets')
    .flatMap((v) => v.split(','))
    .map((d) => d.trim())
    .filter((d) => d !== '')
  const starts = query.getAll('start')
  const ends = query.getAll('end')
  const out: AnnotationFilter = {}
  if (datasets.length > 0) out.datasets = datasets
  const start = starts.length > 0 ? time('start', starts[0]) : undefined
  // Go's bug: the second `start` is the end.
  const endText = ends.length > 0 ? ends[0] : starts.length > 1 ? starts[1] : undefined
  const end = endText === undefined ? undefined : time('end', endText)
  if (start !== undefined) out.start = start
  if (end !== undefined) out.end = end
  return out
}

/** True when `a` passes `f`: datasets intersect, and `time` lies within `[start, end]`. */
export function matchesFilter(a: Annotation, f: AnnotationFilter): boolean {
  if (f.datasets && !a.datasets.some((d) => f.datasets!.includes(d))) return false
  if (f.start === undefined && f.end === undefined) return true
  const t = parseRfc3339(a.time)
  if (t === null) return false
  if (f.start !== undefined && t < f.start) return false
  if (f.end !== undefined && t > f.end) return false
  return true
}
