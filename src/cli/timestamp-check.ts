// cli/timestamp-check.ts: whether the first record of an ingest carries the timestamp field (`_time`
// or --timestamp-field), so `apldb ingest` can warn before every event silently gets the time it was
// received. Reads only the first record.

/** The value at a dotted path of an object (`a.b` also matches a flat key `a.b`). */
function has(obj: unknown, field: string): boolean {
  if (typeof obj !== 'object' || obj === null) return false
  if (Object.hasOwn(obj, field)) return true
  const dot = field.indexOf('.')
  return dot > 0 && has((obj as Record<string, unknown>)[field.slice(0, dot)], field.slice(dot + 1))
}

/** True, false, or undefined when the first record cannot be read (nothing to warn about then). */
export function firstRecordHas(
  first: Uint8Array | readonly unknown[],
  format: 'ndjson' | 'csv' | 'json',
  field: string,
  csv: { readonly delimiter?: string; readonly fields?: readonly string[] } = {},
): boolean | undefined {
  if (Array.isArray(first)) return first.length === 0 ? undefined : has(first[0], field)
  const text = Buffer.from(first as Uint8Array)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
  const line = text.slice(0, text.search(/\r?\n|$/))
  if (format === 'csv') {
    const names = csv.fields ?? line.split(csv.delimiter ?? ',').map((n) => n.trim().replace(/^"|"$/g, ''))
    return names.includes(field)
  }
  try {
    return has(JSON.parse(line), field)
  } catch {
    return undefined
  }
}
