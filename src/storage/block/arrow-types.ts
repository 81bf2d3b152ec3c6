// storage/block/arrow-types.ts: the one mapping between storage FieldTypes and Arrow types, used
// by the builder (to make columns) and the decoder (to check what came back). No data handling.
import * as arrow from 'apache-arrow'
import type { FieldType } from '../types.ts'

/** Arrow field metadata key naming an extension type (Arrow canonical extension spec). */
export const EXTENSION_NAME_KEY = 'ARROW:extension:name'
/** Extension name marking a Utf8 column as JSON text (`array` columns). */
export const JSON_EXTENSION = 'arrow.json'
/** Extension name marking a Utf8 column as the JSON text of objects kept whole (`map` columns). */
export const MAP_EXTENSION = 'apldb.map'

interface ArrowMapping {
  /** Makes the Arrow type; `dictId` keeps dictionary ids unique within one batch. */
  readonly make: (dictId: number) => arrow.DataType
  /** True when a decoded field has exactly the layout this storage type is written with. */
  readonly matches: (field: arrow.Field) => boolean
}

const MAPPINGS: { readonly [T in FieldType]: ArrowMapping } = {
  string: {
    make: (dictId) => new arrow.Dictionary(new arrow.Utf8(), new arrow.Int32(), dictId, false),
    matches: ({ type: t }) =>
      arrow.DataType.isDictionary(t) &&
      arrow.DataType.isUtf8(t.dictionary) &&
      t.indices.bitWidth === 32 &&
      t.indices.isSigned,
  },
  integer: {
    make: () => new arrow.Int64(),
    matches: ({ type: t }) => arrow.DataType.isInt(t) && t.bitWidth === 64 && t.isSigned,
  },
  float: {
    make: () => new arrow.Float64(),
    matches: ({ type: t }) => arrow.DataType.isFloat(t) && t.precision === arrow.Precision.DOUBLE,
  },
  boolean: {
    make: () => new arrow.Bool(),
    matches: ({ type: t }) => arrow.DataType.isBool(t),
  },
  datetime: {
    make: () => new arrow.TimestampNanosecond('UTC'),
    matches: ({ type: t }) => arrow.DataType.isTimestamp(t) && t.unit === arrow.TimeUnit.NANOSECOND,
  },
  timespan: {
    make: () => new arrow.DurationNanosecond(),
    matches: ({ type: t }) => arrow.DataType.isDuration(t) && t.unit === arrow.TimeUnit.NANOSECOND,
  },
  array: {
    make: () => new arrow.Utf8(),
    matches: (f) => arrow.DataType.isUtf8(f.type) && f.metadata.get(EXTENSION_NAME_KEY) === JSON_EXTENSION,
  },
  map: {
    make: () => new arrow.Utf8(),
    matches: (f) => arrow.DataType.isUtf8(f.type) && f.metadata.get(EXTENSION_NAME_KEY) === MAP_EXTENSION,
  },
}

/** The extension name a column of each type carries in its field metadata, if any. */
const EXTENSIONS: { readonly [T in FieldType]?: string } = { array: JSON_EXTENSION, map: MAP_EXTENSION }

/** The Arrow type of a column of `type`; `dictId` keeps dictionary ids unique within a batch. */
export function arrowTypeFor(type: FieldType, dictId: number): arrow.DataType {
  return MAPPINGS[type].make(dictId)
}

/** The Arrow field for a column: nullable except datetime; `array` and `map` carry their JSON marker. */
export function arrowFieldFor(name: string, type: FieldType, dictId: number): arrow.Field {
  const ext = EXTENSIONS[type]
  const meta = ext === undefined ? undefined : new Map([[EXTENSION_NAME_KEY, ext]])
  return new arrow.Field(name, arrowTypeFor(type, dictId), type !== 'datetime', meta)
}

/** True when a decoded Arrow field has exactly the layout `type` is written with. */
export function fieldMatchesType(field: arrow.Field, type: FieldType): boolean {
  return MAPPINGS[type].matches(field)
}
