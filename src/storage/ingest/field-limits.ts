// storage/ingest/field-limits.ts: the bounded schema: at most `maxDatasetFields` field names per
// dataset and `maxEventFields` per event (flattened names; `_time` and `_sysTime` are not counted).
// An event past either limit fails alone with a message naming the limit, as Axiom rejects an
// event that would exceed its plan's fields per dataset (reference/limits.mdx); the rest of the
// call is ingested. The dataset's names are kept by its runtime and grow as events are accepted.

/** Default most field names of a dataset (Axiom Cloud's default; its docs: 256 Personal, 1,024 Cloud). */
export const DEFAULT_MAX_DATASET_FIELDS = 1024
/** Default most field names of one event. */
export const DEFAULT_MAX_EVENT_FIELDS = 1024

/** The limits one ingest call is checked against. */
export interface FieldLimits {
  /** The dataset's field names so far; names of accepted events are added to it. */
  readonly known: Set<string>
  readonly maxDatasetFields: number
  readonly maxEventFields: number
  /** Dataset name, for messages. */
  readonly dataset: string
}

/**
 * Why an event with field names `names` (its first `count`) is refused, or undefined when it is
 * accepted (then its new names join `limits.known`).
 */
export function admitFields(
  limits: FieldLimits,
  names: (i: number) => string,
  count: number,
): string | undefined {
  if (count > limits.maxEventFields)
    return `the event has ${count} fields; an event may have at most ${limits.maxEventFields}`
  let fresh = 0
  let first: string | undefined
  for (let i = 0; i < count; i++) {
    const n = names(i)
    if (!limits.known.has(n)) {
      fresh++
      first ??= n
    }
  }
  if (fresh === 0) return undefined
  if (limits.known.size + fresh > limits.maxDatasetFields) {
    const shown = first && first.length > 64 ? `${first.slice(0, 61)}…` : first
    return `dataset ${JSON.stringify(limits.dataset)} has ${limits.known.size} fields and may have at most ${limits.maxDatasetFields}; this event adds ${fresh} new (such as ${JSON.stringify(shown)}): trim and vacuum the dataset, or nest rarely used fields in an object stored whole`
  }
  for (let i = 0; i < count; i++) limits.known.add(names(i))
  return undefined
}
