// storage/block/build.ts: FlatEvents → one immutable BlockBatch (Arrow vectors, one per (field,
// type) pair) on the ingest hot path. One pass over the events; never uses the Arrow Builder API.
import * as arrow from 'apache-arrow'
import type { StepClock } from '../../util/loop-turn.ts'
import { runSteps } from '../../util/steps.ts'
import { FIELD_TYPES, type FieldType, type FlatEvent, TimespanValue } from '../types.ts'
import {
  ArrayAccumulator,
  BooleanAccumulator,
  type DictionaryHint,
  FloatAccumulator,
  IntegerAccumulator,
  StringAccumulator,
  TimespanAccumulator,
} from './accumulators.ts'
import { arrowTypeFor } from './arrow-types.ts'
import { SYS_TIME_FIELD, TIME_FIELD } from './time-columns.ts'
import type { Utf8Dictionary } from './utf8-dictionary.ts'

export { batchToEvents, columnValue } from './rows.ts'
export { SYS_TIME_FIELD, TIME_FIELD } from './time-columns.ts'

/** One physical column: the values of `field` that have storage type `type`, null elsewhere. */
export interface BlockColumn {
  readonly field: string
  readonly type: FieldType
  /**
   * A single Arrow Data chunk at offset 0: `rowCount` long (dense), or, when `positions` is set
   * (sparse), one non-null value per position.
   */
  readonly vector: arrow.Vector
  /** Sparse columns only: the rows holding a value, ascending (format.md "Sparse columns"). */
  readonly positions?: Int32Array
  /** `string` columns made by a builder: the dictionary as built (zone maps read it without decoding). */
  readonly dictionary?: Utf8Dictionary
}

/** A block's rows as columns: `_time`, `_sysTime`, then fields by name, then type (FIELD_TYPES order). */
export interface BlockBatch {
  readonly rowCount: number
  readonly columns: readonly BlockColumn[]
}

/** Accumulators of one field, at most one per storage type, created on first use. */
export class FieldSlot {
  string?: StringAccumulator
  integer?: IntegerAccumulator
  float?: FloatAccumulator
  boolean?: BooleanAccumulator
  timespan?: TimespanAccumulator
  array?: ArrayAccumulator
  map?: ArrayAccumulator
  /** Rows in the block. */
  readonly length: number
  /** Bounds of the string dictionary, when the caller knows them (see StringAccumulator). */
  stringHint: DictionaryHint | undefined = undefined

  constructor(length: number) {
    this.length = length
  }

  strings(): StringAccumulator {
    if (this.string === undefined) this.string = new StringAccumulator(this.length, this.stringHint)
    return this.string
  }

  integers(): IntegerAccumulator {
    if (this.integer === undefined) this.integer = new IntegerAccumulator(this.length)
    return this.integer
  }

  floats(): FloatAccumulator {
    if (this.float === undefined) this.float = new FloatAccumulator(this.length)
    return this.float
  }

  booleans(): BooleanAccumulator {
    if (this.boolean === undefined) this.boolean = new BooleanAccumulator(this.length)
    return this.boolean
  }

  timespans(): TimespanAccumulator {
    if (this.timespan === undefined) this.timespan = new TimespanAccumulator(this.length)
    return this.timespan
  }

  arrays(): ArrayAccumulator {
    if (this.array === undefined) this.array = new ArrayAccumulator(this.length)
    return this.array
  }

  maps(): ArrayAccumulator {
    if (this.map === undefined) this.map = new ArrayAccumulator(this.length)
    return this.map
  }
}

/**
 * Builds the Arrow columns of a block from events in ingest order. Throws (a caller bug) when an
 * event's `fields` holds a reserved time name or an integer outside int64.
 */
export function buildBatch(events: readonly FlatEvent[]): BlockBatch {
  return runSteps(buildBatchSteps(events))
}

/**
 * `buildBatch` in steps: pauses whenever `clock` says its piece ran its time (a caller lets the event
 * loop run between steps: the unsealed tail is rebuilt while queries wait, and must not hold the
 * loop); without a clock, never. Builds the first `n` events (default: all).
 */
export function* buildBatchSteps(
  events: readonly FlatEvent[],
  clock?: StepClock,
  n: number = events.length,
): Generator<void, BlockBatch> {
  const time = new BigInt64Array(n)
  const sysTime = new BigInt64Array(n)
  const slots = new Map<string, FieldSlot>()
  // Events mostly repeat the previous event's key order: remember the slot seen at each position.
  const lastNames: string[] = []
  const lastSlots: FieldSlot[] = []
  // Hot loop, inlined on purpose: one pass over all events, monomorphic add() per accumulator class.
  for (let row = 0; row < n; row++) {
    if (clock?.due()) {
      yield
      clock.restart()
    }
    const event = events[row]
    time[row] = event.time
    sysTime[row] = event.sysTime
    const fields = event.fields
    // Object.keys beats for-in on prototype-less (dictionary-mode) objects, and ties on plain ones.
    const names = Object.keys(fields)
    let pos = 0
    for (let i = 0; i < names.length; i++) {
      const name = names[i]
      const v = fields[name]
      if (v === null || v === undefined) continue
      let slot: FieldSlot | undefined
      if (lastNames[pos] === name) slot = lastSlots[pos]
      else {
        slot = slots.get(name) ?? newSlot(slots, name, n)
        lastNames[pos] = name
        lastSlots[pos] = slot
      }
      pos++
      switch (typeof v) {
        case 'string':
          slot.strings().add(row, v)
          break
        case 'number':
          if (Number.isSafeInteger(v) && !Object.is(v, -0)) slot.integers().add(row, v)
          else slot.floats().add(row, v)
          break
        case 'bigint':
          slot.integers().add(row, v)
          break
        case 'boolean':
          slot.booleans().add(row, v)
          break
        default:
          if (v instanceof TimespanValue) slot.timespans().add(row, v.ns)
          else if (Array.isArray(v)) slot.arrays().add(row, v)
          else slot.maps().add(row, v)
      }
    }
  }
  return yield* finishBatchSteps(n, time, sysTime, slots, clock)
}

/**
 * The batch of a block's time columns and field slots: columns in canonical order (see BlockBatch).
 * Pauses between fields whenever `clock` says (a wide tail has a thousand).
 */
export function* finishBatchSteps(
  n: number,
  time: BigInt64Array,
  sysTime: BigInt64Array,
  slots: ReadonlyMap<string, FieldSlot>,
  clock?: StepClock,
): Generator<void, BlockBatch> {
  const columns: BlockColumn[] = [timeColumn(TIME_FIELD, time, 0), timeColumn(SYS_TIME_FIELD, sysTime, 1)]
  for (const name of [...slots.keys()].sort()) {
    if (clock?.dueNow()) {
      yield
      clock.restart()
    }
    const slot = slots.get(name) as FieldSlot
    for (const type of FIELD_TYPES) {
      const acc = type === 'datetime' ? undefined : slot[type]
      if (!acc) continue
      const { data, positions } = acc.finish(columns.length)
      const vector = arrow.makeVector(data)
      const dictionary = acc instanceof StringAccumulator ? acc.dictionary : undefined
      columns.push({
        field: name,
        type,
        vector,
        ...(positions === undefined ? {} : { positions }),
        ...(dictionary === undefined ? {} : { dictionary }),
      })
    }
  }
  return { rowCount: n, columns }
}

/** The slot of field `name` (made on first use); throws on the reserved time names. */
export function newSlot(slots: Map<string, FieldSlot>, name: string, length: number): FieldSlot {
  if (name === TIME_FIELD || name === SYS_TIME_FIELD) {
    throw new Error(`event field '${name}' is reserved; ingest must rename it before building a block`)
  }
  const slot = new FieldSlot(length)
  slots.set(name, slot)
  return slot
}

function timeColumn(field: string, values: BigInt64Array, dictId: number): BlockColumn {
  const type = arrowTypeFor('datetime', dictId) as arrow.TimestampNanosecond
  const vector = arrow.makeVector(arrow.makeData({ type, length: values.length, nullCount: 0, data: values }))
  return { field, type: 'datetime', vector }
}
