// catalog/index.ts: the public surface of the function catalog (types, registries, lookups, naming
// rules, signature resolution) for the binder, executor, docs and HTTP layer. Re-exports only.

export {
  MAX_PHRASES,
  SPOTLIGHT_BAR_DISTINCT,
  SPOTLIGHT_VALUES_PER_FIELD,
} from './aggregate/analysis.ts'
export type { AggregateDef, AggWireName, ColumnNameRule, EmptyResult } from './aggregate/define.ts'
export { AGG_WIRE_NAMES } from './aggregate/define.ts'
export { PHRASE_STOPWORDS } from './aggregate/phrase-stopwords.ts'
export {
  type AggregateKernelKey,
  aggregateRegistry,
  allAggregateNames,
  lookupAggregate,
} from './aggregate-registry.ts'
export {
  APL_TYPES,
  type AplType,
  allAplTypeNames,
  aplTypeOfStorage,
  aplTypeOfStorageTypes,
  describeTypeSpec,
  isNumeric,
  parseAplTypeName,
  TYPE_CLASSES,
  type TypeClass,
  type TypeSpec,
  typesOf,
  type WireTypeName,
  wireTypeName,
} from './apl-types.ts'
export {
  type AggArgText,
  COUNT_OPERATOR_COLUMN,
  dedupeColumnNames,
  defaultAggregateColumnName,
} from './column-names.ts'
export { EXAMPLE_DATASET, EXAMPLE_FIELDS } from './example.ts'
export type { KernelTable } from './kernel-table.ts'
export type { ScalarOperatorDef, ScalarOperatorGroup } from './operators/scalar-define.ts'
export type { OperatorPosition, TabularOperatorDef } from './operators/tabular-define.ts'
export { CatalogError, type NamedRow, type Registry } from './registry.ts'
export {
  type ArgInfo,
  type ArgShape,
  type Coercion,
  describeArity,
  resolveSignature,
  type SignatureMatch,
  type SignatureMismatch,
  type SignatureResolution,
} from './resolve-signature.ts'
export type { ScalarFamily, ScalarFunctionDef } from './scalar/define.ts'
export {
  allScalarOperatorNames,
  lookupPrefixOperator,
  lookupScalarOperator,
  type ScalarOperatorKernelKey,
  scalarOperatorRegistry,
} from './scalar-operator-registry.ts'
export {
  allScalarNames,
  lookupScalar,
  type ScalarKernelKey,
  type ScalarKernelKeyOf,
  scalarRegistry,
} from './scalar-registry.ts'
export {
  type CallableDef,
  describeReturn,
  type Param,
  type RestParams,
  type ReturnRule,
  type Signature,
  type Tier,
} from './signature.ts'
export {
  allTabularOperatorNames,
  lookupTabularOperator,
  type TabularOperatorName,
  tabularOperatorRegistry,
} from './tabular-operator-registry.ts'
export {
  type ArithmeticOp,
  arithmeticType,
  commonType,
  comparable,
  negateType,
  type TypeConflict,
} from './type-rules.ts'
