// syntax/print.ts: AST → canonical APL text, such that parseApl(printApl(ast)) equals ast up to spans.
// Parentheses come from a precedence table (the AST has no paren nodes); dispatch is an exhaustive
// Record over node kinds, so adding a kind breaks compilation here until it can be printed.

import { isPlainName, TYPED_LITERAL_WORDS } from '../../grammar/tokens.ts'
import type {
  AstKind,
  AstNode,
  BinaryOp,
  BracketName,
  CallArg,
  Expr,
  Name,
  NamePattern,
  NodeOf,
} from './ast.ts'
import { printLiteral } from './print-literal.ts'
import { quoteString } from './string-literal.ts'

/** Binding strength, loosest first (mirrors grammar/parser-expr.ts). */
const PREC = {
  tabular: 0,
  or: 1,
  and: 2,
  not: 3,
  equality: 4,
  relational: 5,
  additive: 6,
  multiplicative: 7,
  string: 8,
  unary: 9,
  postfix: 10,
  primary: 11,
} as const

const BINARY_PREC: Readonly<Record<string, number>> = {
  or: PREC.or,
  and: PREC.and,
  '==': PREC.equality,
  '!=': PREC.equality,
  '<': PREC.relational,
  '<=': PREC.relational,
  '>': PREC.relational,
  '>=': PREC.relational,
  '+': PREC.additive,
  '-': PREC.additive,
  '*': PREC.multiplicative,
  '/': PREC.multiplicative,
  '%': PREC.multiplicative,
}

function binaryPrec(op: BinaryOp): number {
  return BINARY_PREC[op] ?? PREC.string
}

/** Precedence per expression kind (tabular sources are loosest: they need parentheses inside expressions). */
const EXPR_PREC: { readonly [K in Expr['kind']]: (e: NodeOf<K>) => number } = {
  Binary: (e) => binaryPrec(e.op),
  Unary: (e) => (e.op === 'not' ? PREC.not : PREC.unary),
  InList: () => PREC.equality,
  Between: () => PREC.equality,
  Path: () => PREC.postfix,
  Index: () => PREC.postfix,
  Call: () => PREC.postfix,
  Pipe: () => PREC.tabular,
  Search: () => PREC.tabular,
  Union: () => PREC.tabular,
  Print: () => PREC.tabular,
  Literal: () => PREC.primary,
  Name: () => PREC.primary,
  BracketName: () => PREC.primary,
  Star: () => PREC.primary,
  TypeOf: () => PREC.primary,
  Datatable: () => PREC.primary,
  ExternalData: () => PREC.primary,
}

function precedence(e: Expr): number {
  return (EXPR_PREC[e.kind] as (e: Expr) => number)(e)
}

/** Prints `e`, parenthesised when it binds looser than `min`. */
function expr(e: Expr, min: number = PREC.or): string {
  const text = print(e)
  return precedence(e) < min ? `(${text})` : text
}

/** An element of a comma list that is itself a pipe expression: tabular items need parentheses. */
function listItem(e: Expr, many: boolean): string {
  return many ? expr(e, PREC.or) : print(e)
}

function name(n: Name | BracketName): string {
  return n.kind === 'Name' ? n.name : `[${quoteString(n.name)}]`
}

function pattern(p: NamePattern): string {
  if (p.kind !== 'Wildcard') return name(p)
  return p.pattern
    .split(/(\*)/)
    .filter((s) => s !== '')
    .map((s) => (s === '*' || isPlainName(s) ? s : `[${quoteString(s)}]`))
    .join('')
}

function columns(list: readonly (Expr | NodeOf<'NamedExpr'>)[]): string {
  return list.map((c) => (c.kind === 'NamedExpr' ? print(c) : expr(c))).join(', ')
}

function arg(a: CallArg, many: boolean): string {
  return a.kind === 'NamedExpr' ? `${name(a.name)} = ${listItem(a.expr, many)}` : listItem(a, many)
}

function param(label: string, value: Name | null): string {
  return value === null ? '' : ` ${label}=${value.name}`
}

type Printers = { readonly [K in AstKind]: (n: NodeOf<K>) => string }

/** One printer per node kind. */
const printers: Printers = {
  Literal: (n) => printLiteral(n),
  Name: (n) => n.name,
  BracketName: (n) => name(n),
  Path: (n) => `${expr(n.target, PREC.postfix)}.${name(n.member)}`,
  Index: (n) => `${expr(n.target, PREC.postfix)}[${expr(n.index)}]`,
  Call: (n) => {
    // `datetime (x)` is a call; `datetime(x)` would lex as a typed literal.
    const space = TYPED_LITERAL_WORDS.has(n.name.name) ? ' ' : ''
    return `${n.name.name}${space}(${n.args.map((a) => arg(a, n.args.length > 1)).join(', ')})`
  },
  NamedExpr: (n) => `${name(n.name)} = ${expr(n.expr)}`,
  Binary: (n) => {
    const p = binaryPrec(n.op)
    const leftAssoc = p !== PREC.equality && p !== PREC.relational
    return `${expr(n.left, leftAssoc ? p : p + 1)} ${n.op} ${expr(n.right, p + 1)}`
  },
  Unary: (n) =>
    n.op === 'not' ? `not ${expr(n.operand, PREC.not)}` : `${n.op}${expr(n.operand, PREC.unary)}`,
  InList: (n) => {
    const many = n.values.length > 1
    return `${expr(n.left, PREC.relational)} ${n.op} (${n.values.map((v) => listItem(v, many)).join(', ')})`
  },
  Between: (n) =>
    `${expr(n.left, PREC.relational)} ${n.negated ? '!between' : 'between'} (${expr(n.low)} .. ${expr(n.high)})`,
  Star: () => '*',
  TypeOf: (n) => `typeof(${n.type})`,
  ColumnDecl: (n) => (n.type === null ? name(n.name) : `${name(n.name)}:${n.type}`),
  Datatable: (n) => `datatable(${n.columns.map(print).join(', ')})[${n.values.map(printLiteral).join(', ')}]`,
  OperatorParam: (n) => `${n.name}=${n.value.kind === 'Name' ? n.value.name : printLiteral(n.value)}`,
  ExternalData: (n) => {
    const props = n.properties.length === 0 ? '' : ` with (${n.properties.map(print).join(', ')})`
    return `externaldata (${n.columns.map(print).join(', ')}) [${n.urls.map(printLiteral).join(', ')}]${props}`
  },
  Wildcard: (n) => pattern(n),
  OrderedExpr: (n) =>
    `${expr(n.expr)}${n.order === null ? '' : ` ${n.order}`}${n.nulls === null ? '' : ` nulls ${n.nulls}`}`,
  Where: (n) => `where ${expr(n.predicate)}`,
  Summarize: (n) => {
    const aggs = n.aggregates.length === 0 ? '' : ` ${columns(n.aggregates)}`
    return `summarize${aggs}${n.by.length === 0 ? '' : ` by ${columns(n.by)}`}`
  },
  Top: (n) => `top ${expr(n.count)} by ${print(n.by)}`,
  Search: (n) => {
    const sources = n.sources.length === 0 ? '' : ` in (${n.sources.map(pattern).join(', ')})`
    return `search${param('kind', n.caseKind)}${sources} ${expr(n.predicate)}`
  },
  Extend: (n) => `extend ${columns(n.columns)}`,
  ExtendValid: (n) => `extend-valid ${columns(n.columns)}`,
  Project: (n) => `project ${columns(n.columns)}`,
  ProjectAway: (n) => `project-away ${n.columns.map(pattern).join(', ')}`,
  ProjectKeep: (n) => `project-keep ${n.columns.map(pattern).join(', ')}`,
  Rename: (n) => `${name(n.newName)} = ${name(n.oldName)}`,
  ProjectRename: (n) => `project-rename ${n.renames.map(print).join(', ')}`,
  ReorderItem: (n) => `${pattern(n.column)}${n.order === null ? '' : ` ${n.order}`}`,
  ProjectReorder: (n) => `project-reorder ${n.columns.map(print).join(', ')}`,
  Take: (n) => `take ${expr(n.count)}`,
  Sort: (n) => `sort by ${n.keys.map(print).join(', ')}`,
  Count: () => 'count',
  Distinct: (n) => `distinct ${n.columns.map((c) => expr(c)).join(', ')}`,
  Join: (n) =>
    `join${param('kind', n.joinKind)} ${expr(n.right)}${n.on.length === 0 ? '' : ` on ${n.on.map((c) => expr(c)).join(', ')}`}`,
  Lookup: (n) =>
    `lookup${param('kind', n.lookupKind)} ${expr(n.right)} on ${n.on.map((c) => expr(c)).join(', ')}`,
  Union: (n) => {
    const tables = n.tables.map((t) =>
      t.kind === 'Wildcard' || t.kind === 'Name' || t.kind === 'BracketName' ? pattern(t) : `(${print(t)})`,
    )
    return `union${param('withsource', n.withSource)} ${tables.join(', ')}`
  },
  MakeSeriesAggregate: (n) => {
    const column = n.column.kind === 'NamedExpr' ? print(n.column) : expr(n.column)
    return n.default === null ? column : `${column} default = ${expr(n.default)}`
  },
  MakeSeries: (n) => {
    const from = n.from === null ? '' : ` from ${expr(n.from)}`
    const to = n.to === null ? '' : ` to ${expr(n.to)}`
    const by = n.by.length === 0 ? '' : ` by ${columns(n.by)}`
    return `make-series ${n.aggregates.map(print).join(', ')} on ${expr(n.on, PREC.additive)}${from}${to} step ${expr(n.step)}${by}`
  },
  Parse: (n) => `parse${parseHead(n)}`,
  ParseWhere: (n) => `parse-where${parseHead(n)}`,
  ParseKv: (n) =>
    `parse-kv ${expr(n.source)} as (${n.keys.map(print).join(', ')})${n.properties.length === 0 ? '' : ` with (${n.properties.map(print).join(', ')})`}`,
  MvExpandItem: (n) => {
    const column = n.column.kind === 'NamedExpr' ? print(n.column) : expr(n.column)
    return n.toType === null ? column : `${column} to typeof(${n.toType})`
  },
  MvExpand: (n) => {
    const params = `${param('kind', n.expandKind)}${param('with_itemindex', n.itemIndex)}`
    const limit = n.limit === null ? '' : ` limit ${expr(n.limit)}`
    return `mv-expand${params} ${n.items.map(print).join(', ')}${limit}`
  },
  Sample: (n) => `sample ${expr(n.proportion)}`,
  Redact: (n) => {
    const options = n.options.map((o) => ` ${print(o)}`).join('')
    const on = n.on.length === 0 ? '' : ` on ${n.on.map(name).join(', ')}`
    return `redact${options} ${n.regexes.map((r) => expr(r)).join(', ')}${on}`
  },
  Getschema: () => 'getschema',
  RenderProperty: (n) =>
    `${name(n.name)} = ${n.values.map((v) => (v.kind === 'Literal' ? printLiteral(v) : name(v))).join(', ')}`,
  Render: (n) => {
    const props = n.properties.length === 0 ? '' : ` with (${n.properties.map(print).join(', ')})`
    return `render ${name(n.visualization)}${props}`
  },
  Print: (n) => `print ${columns(n.columns)}`,
  Pipe: (n) => {
    const s = n.source
    const source = s.kind === 'Search' || s.kind === 'Union' || s.kind === 'Print' ? print(s) : expr(s)
    return [source, ...n.operators.map(print)].join(' | ')
  },
  Let: (n) => `let ${name(n.name)} = ${print(n.value)}`,
  SetOption: (n) => {
    if (n.value === null) return `set ${n.name.name}`
    return `set ${n.name.name} = ${n.value.kind === 'Name' ? n.value.name : printLiteral(n.value)}`
  },
  Query: (n) => [...n.statements.map((s) => `${print(s)};`), print(n.body)].join('\n'),
}

function parseHead(n: NodeOf<'Parse'> | NodeOf<'ParseWhere'>): string {
  const items = n.pattern.map((i) => (i.kind === 'Literal' ? printLiteral(i) : print(i))).join(' ')
  return `${param('kind', n.parseKind)}${param('flags', n.flags)} ${expr(n.source)} with ${items}`
}

function print(n: AstNode): string {
  return (printers[n.kind] as (n: AstNode) => string)(n)
}

/** Canonical APL text of a query or any AST node. */
export function printApl(n: AstNode): string {
  return print(n)
}
