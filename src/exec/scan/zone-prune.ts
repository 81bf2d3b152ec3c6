// exec/scan/zone-prune.ts: turns the optimizer's Scan pushdown into the `prune` callback of
// `Snapshot.scan`: false (skip the block) only when its zone map proves that no row can satisfy
// every pushed predicate. Case-insensitive tests prune only through a block's distinct values.
import type { ScanPushdown, ZonePredicate } from '../../plan/index.ts'
import { type ZoneColumn, type ZoneMap, zoneMayEqual, zoneMayHavePrefix } from '../../storage/block/index.ts'

function columnsOf(zm: ZoneMap, field: string): ZoneColumn[] {
  return zm.columns.filter((c) => c.field === field)
}

function stringColumn(zm: ZoneMap, field: string): ZoneColumn | undefined {
  return zm.columns.find((c) => c.field === field && c.type === 'string')
}

/** All rows of a column absent from the block are null, and null satisfies none of these tests. */
const MAY: {
  readonly [K in ZonePredicate['op']]: (zm: ZoneMap, p: Extract<ZonePredicate, { op: K }>) => boolean
} = {
  eq: (zm, p) => {
    const c = stringColumn(zm, p.field)
    return c !== undefined && c.nullCount < zm.rowCount && zoneMayEqual(c, p.value)
  },
  in: (zm, p) => {
    const c = stringColumn(zm, p.field)
    return c !== undefined && c.nullCount < zm.rowCount && p.values.some((v) => zoneMayEqual(c, v))
  },
  prefix: (zm, p) => {
    const c = stringColumn(zm, p.field)
    return c !== undefined && c.nullCount < zm.rowCount && zoneMayHavePrefix(c, p.value)
  },
  eq_ci: (zm, p) => {
    const c = stringColumn(zm, p.field)
    if (!c || c.nullCount >= zm.rowCount) return false
    const want = p.value.toLowerCase()
    return !c.values || c.values.some((v) => v.toLowerCase() === want)
  },
  prefix_ci: (zm, p) => {
    const c = stringColumn(zm, p.field)
    if (!c || c.nullCount >= zm.rowCount) return false
    const want = p.value.toLowerCase()
    return !c.values || c.values.some((v) => v.toLowerCase().startsWith(want))
  },
  range: (zm, p) => {
    // Any numeric (or timespan: ns) column of the field may hold a match; a missing min/max proves nothing.
    return columnsOf(zm, p.field).some((c) => {
      if ((c.type !== 'integer' && c.type !== 'float' && c.type !== 'timespan') || c.nullCount >= zm.rowCount)
        return false
      const min = c.min === undefined ? undefined : Number(c.min)
      const max = c.max === undefined ? undefined : Number(c.max)
      if (p.min !== undefined && max !== undefined && max < p.min) return false
      if (p.max !== undefined && min !== undefined && min > p.max) return false
      return true
    })
  },
}

/** The `prune` callback for a scan with this pushdown (undefined when there is nothing to test). */
export function zonePrune(p: ScanPushdown | undefined): ((zm: ZoneMap) => boolean) | undefined {
  if (!p || p.zone.length === 0) return undefined
  const tests = p.zone
  return (zm) => tests.every((t) => (MAY[t.op] as (z: ZoneMap, q: ZonePredicate) => boolean)(zm, t))
}
