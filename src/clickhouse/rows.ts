// clickhouse/rows.ts: normalized events → JSONEachRow text for a dataset table: `_time`/`_sysTime` as
// integer ns, `_block`/`_seq`, each field in its typed column when the column holds that storage
// type, an array in the field's `::array` column otherwise, any other type under `_rest` (JSON).
// Written by hand so int64 values beyond 2^53 and -0 keep their exact text.
import type { FieldType, FlatEvent, FlatValue } from '../storage/types.ts'
import { typeOfValue } from '../storage/types.ts'
import { arrayColumn } from './catalog.ts'

function num(v: number | bigint): string {
  if (typeof v === 'bigint') return v.toString()
  return Object.is(v, -0) ? '-0.0' : JSON.stringify(v)
}

function value(v: FlatValue, t: FieldType): string {
  if (t === 'array') return JSON.stringify(JSON.stringify(v))
  if (typeof v === 'number' || typeof v === 'bigint') return num(v)
  return JSON.stringify(v)
}

/** Where each field's values go (see module header). */
export interface Placement {
  /** Typed columns: column name → the storage type it holds. */
  readonly columns: ReadonlyMap<string, FieldType>
}

/** One block's rows as JSONEachRow text. */
export function blockRows(events: readonly FlatEvent[], block: bigint, placement: Placement): string {
  const lines: string[] = new Array(events.length)
  for (let i = 0; i < events.length; i++) {
    const e = events[i]
    const parts = [`"_time":${e.time}`, `"_sysTime":${e.sysTime}`, `"_block":${block}`, `"_seq":${i}`]
    const rest: string[] = []
    for (const f in e.fields) {
      const v = e.fields[f]
      const t = typeOfValue(v)
      const key = JSON.stringify(f)
      if (placement.columns.get(f) === t) parts.push(`${key}:${value(v, t)}`)
      else if (t === 'array') parts.push(`${JSON.stringify(arrayColumn(f))}:${value(v, t)}`)
      else rest.push(`${key}:${value(v, t)}`)
    }
    parts.push(`"_rest":{${rest.join(',')}}`)
    lines[i] = `{${parts.join(',')}}`
  }
  return `${lines.join('\n')}\n`
}
