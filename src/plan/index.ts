// plan/index.ts: the public surface of the logical plan layer (binder entries, plan and expression
// types, explain, schema sources). Re-exports only.

export { type BindResult, bindQuery, compileApl } from './bind.ts'
export type { BindOptions } from './bind-context.ts'
export { bindsSchemaCall } from './bind-schema-calls.ts'
export { bindsTabularOperator } from './bind-source.ts'
export type * from './bound-expr.ts'
export { exprOrigin } from './bound-expr.ts'
export { type Capabilities, EVERY_ROW } from './capabilities.ts'
export type { ColumnInfo, RowSchema } from './columns.ts'
export { explainNode, explainPlan } from './explain.ts'
export { formatExpr } from './explain-expr.ts'
export { firstNodeOutside } from './first-outside.ts'
export type * from './logical.ts'
export { JOIN_KINDS, nodeChildren, withChildren } from './logical.ts'
export { preorderNodes, rebuildBottomUp } from './node-walk.ts'
export { captureGroup, escapeRegex, patternRegex } from './parse-regex.ts'
export { mapExpr, mapNodes, mapPlanExprs } from './rewrite.ts'
export { randomSampleSeed, seedSamples } from './sample-seed.ts'
export { type SchemaField, type SchemaSource, schemaFromSnapshot, staticSchema } from './schema.ts'
export {
  formatVisualization,
  KINDS,
  RENDER_PROPERTIES,
  VISUALIZATIONS,
  type Visualization,
  type VisualizationType,
} from './visualization.ts'
